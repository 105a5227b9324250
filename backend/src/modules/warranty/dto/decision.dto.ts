import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsString, MaxLength } from 'class-validator';
import { DECISION_MESSAGE, DECISION_NOTE_MAX_LENGTH, DENIAL_REASON_MAX_LENGTH, NOTIFY_CUSTOMER_MESSAGE, WARRANTY_DECISIONS, type WarrantyDecision } from '@warranty-crm/contract';
import { OptionalField } from '../../../common/http/optional.js';
import type { WarrantyClaim } from '../warranty-claim.entity.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** POST /api/tickets/{id}/decision. */
export class DecisionDto {
  @ApiProperty({ enum: WARRANTY_DECISIONS, enumName: 'WarrantyDecision' })
  @IsIn(WARRANTY_DECISIONS, { message: DECISION_MESSAGE })
  decision!: WarrantyDecision;

  @ApiPropertyOptional({ description: "Required for a denial: one of the organization's denial reasons (GET /api/settings/warranty). Free text for an approval", maxLength: DENIAL_REASON_MAX_LENGTH })
  @OptionalField()
  @Transform(trimmed)
  @MaxLength(DENIAL_REASON_MAX_LENGTH, { message: `Reason must be at most ${DENIAL_REASON_MAX_LENGTH} characters` })
  @IsString({ message: 'Reason must be text' })
  reason?: string;

  @ApiPropertyOptional({ description: 'Kept with the decision; {{note}} in the templates', maxLength: DECISION_NOTE_MAX_LENGTH })
  @OptionalField()
  @Transform(trimmed)
  @MaxLength(DECISION_NOTE_MAX_LENGTH, { message: `Note must be at most ${DECISION_NOTE_MAX_LENGTH} characters` })
  @IsString({ message: 'Note must be text' })
  note?: string;

  @ApiProperty({ description: "Tell the customer through the ticket's conversation: by e-mail when the ticket has a customer e-mail, else by SMS, else nobody is told (notification.channel none)" })
  @IsBoolean({ message: NOTIFY_CUSTOMER_MESSAGE })
  notify_customer!: boolean;
}

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'none'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export class DecisionNotificationDto {
  @ApiProperty({ enum: NOTIFICATION_CHANNELS, description: 'none: the ticket has no customer e-mail or phone, nobody was told' }) channel!: NotificationChannel;
  @ApiPropertyOptional({ format: 'uuid', nullable: true, type: String, description: 'The queued message of the thread' }) message_id!: string | null;
  @ApiProperty({ example: 'The customer is told by e-mail at maria@example.com' }) text!: string;
}

/** A claim's decision. */
export class ClaimDecisionDto {
  @ApiProperty({ enum: WARRANTY_DECISIONS, enumName: 'WarrantyDecision' }) decision!: WarrantyDecision;
  @ApiProperty({ nullable: true, type: String }) reason!: string | null;
  @ApiProperty({ nullable: true, type: String }) note!: string | null;
  @ApiProperty({ format: 'date-time' }) decided_at!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) decided_by_id!: string | null;
}

/** POST /api/tickets/{id}/decision's answer: the decision and whether the customer was told. */
export class DecisionResponseDto extends ClaimDecisionDto {
  @ApiProperty({ format: 'uuid' }) ticket_id!: string;
  @ApiPropertyOptional({ type: DecisionNotificationDto, nullable: true, description: 'null when notify_customer was false' }) notification!: DecisionNotificationDto | null;
}

export function toClaimDecision(c: WarrantyClaim): ClaimDecisionDto {
  return {
    decision: c.decision,
    reason: c.reason ?? null,
    note: c.note ?? null,
    decided_at: c.decidedAt.toISOString(),
    decided_by_id: c.decidedBy ? (typeof c.decidedBy === 'string' ? c.decidedBy : c.decidedBy.id) : null,
  };
}
