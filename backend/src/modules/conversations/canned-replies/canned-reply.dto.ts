import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { CANNED_REPLY_BODY_MAX, CANNED_REPLY_MESSAGES, CANNED_REPLY_NAME_MAX, CANNED_REPLY_PLACEHOLDERS } from '@warranty-crm/contract';
import { OptionalField } from '../../../common/http/optional.js';
import type { CannedReply } from './canned-reply.entity.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const PLACEHOLDERS = CANNED_REPLY_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ');

/** POST and PUT /api/canned-replies: the whole reply. */
export class CannedReplyInputDto {
  @ApiProperty({ example: 'Replacement shipped', maxLength: CANNED_REPLY_NAME_MAX, description: 'Unique within the organization' })
  @Transform(trim)
  @MaxLength(CANNED_REPLY_NAME_MAX, { message: CANNED_REPLY_MESSAGES.nameTooLong })
  @IsNotEmpty({ message: CANNED_REPLY_MESSAGES.nameRequired })
  @IsString({ message: CANNED_REPLY_MESSAGES.nameRequired })
  name!: string;

  @ApiProperty({
    example: 'Hi {{customer_first_name}}, your replacement for ticket {{ticket_number}} is on its way.',
    maxLength: CANNED_REPLY_BODY_MAX,
    description: `The text; placeholders filled from the ticket when inserted: ${PLACEHOLDERS}`,
  })
  @MaxLength(CANNED_REPLY_BODY_MAX, { message: CANNED_REPLY_MESSAGES.bodyTooLong })
  @Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? '' : value))
  @IsNotEmpty({ message: CANNED_REPLY_MESSAGES.bodyRequired })
  @IsString({ message: CANNED_REPLY_MESSAGES.bodyRequired })
  body!: string;
}

export class CannedReplyResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() body!: string;
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
}

export class RenderCannedReplyQueryDto {
  @ApiPropertyOptional({ example: 'America/Chicago', description: 'The time zone {{respond_by}} is written in (UTC when absent)' })
  @OptionalField()
  @IsString()
  tz?: string;
}

export class RenderedCannedReplyDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'The body with its placeholders filled from the ticket' }) text!: string;
}

export function toCannedReplyResponse(r: CannedReply): CannedReplyResponseDto {
  return { id: r.id, name: r.name, body: r.body, created_at: r.createdAt, updated_at: r.updatedAt };
}
