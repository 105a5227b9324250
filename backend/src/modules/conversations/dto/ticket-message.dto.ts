import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { REPLY_BODY_REQUIRED_MESSAGE, REPLY_CHANNEL_MESSAGE, REPLY_CHANNELS, REPLY_MAX_LENGTH, type ReplyChannel, SUBJECT_MAX_LENGTH, SUBJECT_TOO_LONG_MESSAGE } from '@warranty-crm/contract';
import { OptionalField } from '../../../common/http/optional.js';
import { MESSAGE_CHANNELS, MESSAGE_DIRECTIONS, MESSAGE_STATUSES, type MessageChannel, type MessageDirection, type MessageStatus, type TicketMessage } from '../ticket-message.entity.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** POST /api/tickets/{id}/messages: a reply to the customer by e-mail or SMS, or an internal comment. */
export class CreateTicketMessageDto {
  @ApiProperty({ enum: REPLY_CHANNELS, enumName: 'ReplyChannel' })
  @IsIn(REPLY_CHANNELS, { message: REPLY_CHANNEL_MESSAGE })
  channel!: ReplyChannel;

  @ApiProperty({
    description: `The text (trimmed). At most ${REPLY_MAX_LENGTH.email} characters for an e-mail or a comment, ${REPLY_MAX_LENGTH.sms} for an SMS`,
    maxLength: REPLY_MAX_LENGTH.email,
  })
  @Transform(trimmed)
  @MaxLength(REPLY_MAX_LENGTH.email, { message: `Message must be at most ${REPLY_MAX_LENGTH.email} characters` })
  @IsNotEmpty({ message: REPLY_BODY_REQUIRED_MESSAGE })
  @IsString({ message: REPLY_BODY_REQUIRED_MESSAGE })
  body!: string;

  @ApiPropertyOptional({ description: 'An e-mail\'s subject; the ticket number is always kept in it ("Re: [#WC-000123] …"). Ignored for SMS and comments', maxLength: SUBJECT_MAX_LENGTH })
  @OptionalField()
  @Transform(trimmed)
  @MaxLength(SUBJECT_MAX_LENGTH, { message: SUBJECT_TOO_LONG_MESSAGE })
  @IsString({ message: 'Subject must be text' })
  subject?: string;
}

/** One message of a ticket's thread (GET /api/tickets/{id}/messages). */
export class TicketMessageResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) ticket_id!: string;
  @ApiProperty({ enum: MESSAGE_CHANNELS, enumName: 'MessageChannel' }) channel!: MessageChannel;
  @ApiProperty({ enum: MESSAGE_DIRECTIONS, enumName: 'MessageDirection', description: 'inbound: from the customer; outbound: to the customer; internal: a comment' })
  direction!: MessageDirection;
  @ApiProperty({ enum: MESSAGE_STATUSES, enumName: 'MessageStatus', description: 'queued → sent, or failed (with error; retry queues it again); received (inbound); internal (a comment)' })
  status!: MessageStatus;
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: 'The agent who wrote it' }) author_id!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The agent's or the customer's name", example: 'Maria Lopez' }) author_name!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'E-mail address or phone number' }) from!: string | null;
  @ApiProperty({ type: String, nullable: true }) to!: string | null;
  @ApiProperty({ type: String, nullable: true }) subject!: string | null;
  @ApiProperty() body!: string;
  @ApiProperty({ type: String, nullable: true, description: "An inbound e-mail's quoted history, folded" }) quoted!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the last attempt failed' }) error!: string | null;
  @ApiProperty({ description: 'Attempts made to send it' }) attempts!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: Date;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) sent_at!: Date | null;
}

function idOf(ref: unknown): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : (ref as { id: string }).id;
}

export function toTicketMessageResponse(m: TicketMessage): TicketMessageResponseDto {
  const author = m.author && typeof m.author === 'object' && m.author.username ? m.author : null;
  const authorName = m.authorName ?? (author ? [author.firstName, author.lastName].filter(Boolean).join(' ') || author.username : null);
  return {
    id: m.id,
    ticket_id: idOf(m.ticket)!,
    channel: m.channel,
    direction: m.direction,
    status: m.status,
    author_id: idOf(m.author),
    author_name: authorName ?? null,
    from: m.fromAddress ?? null,
    to: m.toAddress ?? null,
    subject: m.subject ?? null,
    body: m.body,
    quoted: m.quoted ?? null,
    error: m.error ?? null,
    attempts: m.attempts,
    created_at: m.createdAt,
    sent_at: m.sentAt ?? null,
  };
}
