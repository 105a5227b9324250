import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { ListQueryDto } from '../../../common/http/list-query.js';
import { trimOrNull } from '../../../common/http/transforms.js';
import { hasRecording } from '../recording-source.js';
import { CALL_TYPES, type CallLog, type CallType, TRANSCRIPTION_STATUSES, type TranscriptionStatus } from '../call-log.entity.js';

/** The Phone System's Status filter (All Calls, Unread Only, Unreturned, With Ticket, No Ticket). */
export const CALL_STATUS_FILTERS = ['all', 'unread', 'unreturned', 'with_ticket', 'no_ticket'] as const;
export type CallStatusFilter = (typeof CALL_STATUS_FILTERS)[number];

const blankToUndefined = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? undefined : typeof value === 'string' ? value.trim() : value);
const defined = (_: object, value: unknown) => value !== undefined;

/** GET /api/call-logs: the screen's filters as plain parameters, or inside react-admin's `filter` JSON. */
export class ListCallLogsQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the caller’s (or called) phone number; spaces, dashes and parentheses ignored', example: '555 01' })
  @Transform(blankToUndefined)
  @ValidateIf(defined)
  @MaxLength(50, { message: 'Search must be at most 50 characters' })
  @IsString({ message: 'Search must be text' })
  search?: string;

  @ApiPropertyOptional({ example: 'Acme' })
  @Transform(blankToUndefined)
  @ValidateIf(defined)
  @MaxLength(50, { message: 'Brand must be at most 50 characters' })
  @IsString({ message: 'Brand must be text' })
  brand?: string;

  @ApiPropertyOptional({ enum: CALL_STATUS_FILTERS, default: 'all' })
  @Transform(blankToUndefined)
  @ValidateIf(defined)
  @IsIn(CALL_STATUS_FILTERS, { message: `Status must be one of: ${CALL_STATUS_FILTERS.join(', ')}` })
  status?: CallStatusFilter;

  @ApiPropertyOptional({ enum: CALL_TYPES })
  @Transform(blankToUndefined)
  @ValidateIf(defined)
  @IsIn(CALL_TYPES, { message: `Call type must be one of: ${CALL_TYPES.join(', ')}` })
  call_type?: CallType;
}

export class CallLogStatsQueryDto {
  @ApiPropertyOptional({ example: 'Acme', description: 'Count only this brand’s calls' })
  @Transform(blankToUndefined)
  @ValidateIf(defined)
  @MaxLength(50, { message: 'Brand must be at most 50 characters' })
  @IsString({ message: 'Brand must be text' })
  brand?: string;
}

export class UpdateCallLogDto {
  @ApiPropertyOptional({ type: Boolean })
  @ValidateIf(defined)
  @IsBoolean({ message: 'is_read must be true or false' })
  is_read?: boolean;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 10000, description: 'Internal notes; blank or null clears them' })
  @Transform(trimOrNull)
  @IsOptional()
  @MaxLength(10000, { message: 'Notes must be at most 10000 characters' })
  @IsString({ message: 'Notes must be text' })
  notes?: string | null;

  @ApiPropertyOptional({ type: Boolean, description: 'true sets returned_at and returned_by; false clears them' })
  @ValidateIf(defined)
  @IsBoolean({ message: 'is_returned must be true or false' })
  is_returned?: boolean;
}

export class CallLogUserDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() username!: string;
}

/** A call log as the Phone System lists it (spec part 2 section 3) plus the fields the detail pane shows. */
export class CallLogResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: CALL_TYPES }) call_type!: CallType;
  @ApiProperty({ nullable: true, type: String }) call_sid!: string | null;
  @ApiProperty({ nullable: true, type: String, example: '+15125550142' }) from_phone!: string | null;
  @ApiProperty({ nullable: true, type: String, example: '+14155550100' }) to_phone!: string | null;
  @ApiProperty({ nullable: true, type: String }) caller_name!: string | null;
  @ApiProperty({ nullable: true, type: String }) brand!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) brand_phone_id!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) ticket_id!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'The known customer whose phone called (matched at intake)' })
  customer_id!: string | null;
  @ApiProperty() is_read!: boolean;
  @ApiProperty() is_returned!: boolean;
  @ApiProperty({ nullable: true, type: Date }) returned_at!: Date | null;
  @ApiProperty({ nullable: true, type: CallLogUserDto }) returned_by!: CallLogUserDto | null;
  @ApiProperty({ nullable: true, type: String }) notes!: string | null;
  @ApiProperty({ nullable: true, type: String }) transcription!: string | null;
  @ApiProperty({ nullable: true, enum: TRANSCRIPTION_STATUSES, description: 'unavailable: the recording may pass the 120 s Twilio transcribes' })
  transcription_status!: TranscriptionStatus | null;
  @ApiProperty({ nullable: true, type: String, example: '/api/call-logs/9b1c…/recording', description: 'Our audio proxy (never the provider URL), or null' })
  recording_url!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Seconds' }) recording_duration!: number | null;
  @ApiProperty({ nullable: true, type: String, description: 'An AI-agent call’s summary from Retell’s analysis (call_analyzed), or null' })
  call_summary!: string | null;
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
}

export function toCallLogResponse(c: CallLog): CallLogResponseDto {
  const returnedBy = c.returnedBy && typeof c.returnedBy === 'object' && 'username' in c.returnedBy && c.returnedBy.username
    ? { id: c.returnedBy.id, username: c.returnedBy.username }
    : c.returnedBy ? { id: c.returnedBy.id, username: '' } : null;
  return {
    id: c.id,
    call_type: c.callType,
    call_sid: c.callSid ?? null,
    from_phone: c.fromPhone ?? null,
    to_phone: c.toPhone ?? null,
    caller_name: c.callerName ?? null,
    brand: c.brand ?? null,
    brand_phone_id: c.brandPhone?.id ?? null,
    ticket_id: c.ticket?.id ?? null,
    customer_id: c.customer?.id ?? null,
    is_read: c.isRead,
    is_returned: c.isReturned,
    returned_at: c.returnedAt ?? null,
    returned_by: returnedBy,
    notes: c.notes ?? null,
    transcription: c.transcription ?? null,
    transcription_status: c.transcriptionStatus ?? null,
    recording_url: hasRecording(c) ? `/api/call-logs/${c.id}/recording` : null,
    recording_duration: c.recordingDuration ?? null,
    call_summary: c.callSummary ?? null,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
  };
}

export class CallLogStatsDto {
  @ApiProperty({ example: 42 }) total!: number;
  @ApiProperty({ example: 3 }) unread!: number;
  @ApiProperty({ example: 7 }) unreturned!: number;
  @ApiProperty({ example: 20 }) with_ticket!: number;
  @ApiProperty({ example: 22 }) without_ticket!: number;
}

export class DeletedCallLogDto {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ example: 'Call log deleted successfully' }) message!: string;
}
