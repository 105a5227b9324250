import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';

/** The part of Retell's call object we keep (Retell sends more; the rest is ignored). Retell may send null for what it does not know yet. */
export class RetellCallDto {
  @ApiProperty({ example: 'Jabr9TXYYJHfvl6Syypi88rdAHYHmcq6' })
  @MaxLength(100, { message: 'call.call_id must be at most 100 characters' })
  @IsNotEmpty({ message: 'call.call_id is required' })
  @IsString({ message: 'call.call_id is required' })
  call_id!: string;

  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() agent_id?: string;
  @ApiPropertyOptional({ nullable: true, example: '+15125550101' }) @IsOptional() @MaxLength(50) @IsString() from_number?: string;
  @ApiPropertyOptional({ nullable: true, example: '+15125550199' }) @IsOptional() @MaxLength(50) @IsString() to_number?: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() call_status?: string;
  @ApiPropertyOptional({ nullable: true, description: 'Epoch milliseconds' }) @IsOptional() @Min(0) @IsInt() start_timestamp?: number;
  @ApiPropertyOptional({ nullable: true, description: 'Epoch milliseconds' }) @IsOptional() @Min(0) @IsInt() end_timestamp?: number;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Min(0) @IsInt() duration_ms?: number;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() transcript?: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() recording_url?: string;

  @ApiPropertyOptional({ nullable: true, description: 'call_analyzed only; call_summary is kept' })
  @IsOptional()
  @IsObject()
  call_analysis?: { call_summary?: unknown };
}

export const RETELL_CALL_EVENTS = ['call_started', 'call_ended', 'call_analyzed'] as const;

/** POST /api/webhooks/retell/{webhookId}: Retell's agent webhook. */
export class RetellEventDto {
  @ApiProperty({ enum: RETELL_CALL_EVENTS, description: 'Other events are acknowledged and ignored' })
  @IsNotEmpty({ message: 'event is required' })
  @IsString({ message: 'event is required' })
  event!: string;

  @ApiProperty({ type: RetellCallDto })
  @ValidateNested()
  @Type(() => RetellCallDto)
  @IsObject({ message: 'call is required' })
  @IsDefined({ message: 'call is required' })
  call!: RetellCallDto;
}

export const isCallEvent = (event: string): event is (typeof RETELL_CALL_EVENTS)[number] => (RETELL_CALL_EVENTS as readonly string[]).includes(event);
