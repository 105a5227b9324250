import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, Max, Min } from 'class-validator';
import { ListQueryDto } from '../../../common/http/list-query.js';
import { OptionalField } from '../../../common/http/optional.js';
import type { Notification } from '../notification.entity.js';

/** The most one list answer holds. */
export const NOTIFICATION_LIST_LIMIT = 200;

const toBoolean = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/** The spec's filters, the bell's `limit`, and react-admin's `filter`/`range`/`sort` (ARCHITECTURE rule 4). */
export class NotificationQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'false lists unread notifications only' })
  @OptionalField()
  @Transform(toBoolean)
  @IsBoolean({ message: 'is_read must be true or false' })
  is_read?: boolean;

  @ApiPropertyOptional({ description: 'true lists notifications marked for followup only' })
  @OptionalField()
  @Transform(toBoolean)
  @IsBoolean({ message: 'is_followup must be true or false' })
  is_followup?: boolean;

  @ApiPropertyOptional({ minimum: 1, maximum: NOTIFICATION_LIST_LIMIT, default: NOTIFICATION_LIST_LIMIT, description: 'At most this many, newest first (the bell asks for 3)' })
  @OptionalField()
  @Type(() => Number)
  @Max(NOTIFICATION_LIST_LIMIT, { message: `limit must be a whole number between 1 and ${NOTIFICATION_LIST_LIMIT}` })
  @Min(1, { message: `limit must be a whole number between 1 and ${NOTIFICATION_LIST_LIMIT}` })
  @IsInt({ message: `limit must be a whole number between 1 and ${NOTIFICATION_LIST_LIMIT}` })
  limit?: number;
}

export class NotificationResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() type!: string;
  @ApiProperty() title!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true }) metadata!: Record<string, unknown> | null;
  @ApiProperty() is_read!: boolean;
  @ApiProperty() is_followup!: boolean;
  @ApiProperty({ nullable: true, type: String }) related_entity_type!: string | null;
  @ApiProperty({ nullable: true, type: String }) related_entity_id!: string | null;
  @ApiProperty() created_at!: Date;
}

export class NotificationActionResultDto {
  @ApiProperty({ example: true }) success!: boolean;
}

export class UnreadCountDto {
  @ApiProperty({ example: 3 }) count!: number;
}

export function toNotificationResponse(n: Notification): NotificationResponseDto {
  return {
    id: n.id,
    type: n.type,
    title: n.title,
    message: n.message,
    metadata: n.metadata ?? null,
    is_read: n.isRead,
    is_followup: n.isFollowup,
    related_entity_type: n.relatedEntityType ?? null,
    related_entity_id: n.relatedEntityId ?? null,
    created_at: n.createdAt,
  };
}

/** What the live stream carries for a new notification (the message cut to stay within NOTIFY's limit). */
export function toLiveNotification(n: Notification): NotificationResponseDto {
  const dto = toNotificationResponse(n);
  return dto.message.length > 1000 ? { ...dto, message: `${dto.message.slice(0, 999)}…` } : dto;
}

export class MarkAllReadResultDto {
  @ApiProperty({ description: 'How many notifications were unread and are now read', example: 3 })
  updated!: number;

  @ApiProperty({ description: 'The unread count after the change (0 unless one arrived meanwhile)', example: 0 })
  count!: number;
}
