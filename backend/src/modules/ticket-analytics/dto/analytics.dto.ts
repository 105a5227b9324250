import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn } from 'class-validator';
import { OptionalField } from '../../../common/http/optional.js';
import { OptionalDayCount } from './day-count.js';

export const ANALYTICS_PERIODS = [30, 90, 365] as const;
export const MONTHS = ['current', 'last'] as const;

export class PeriodQueryDto {
  @ApiPropertyOptional({ enum: ANALYTICS_PERIODS, description: 'Only tickets created in the last N days; all time when omitted' })
  @OptionalField()
  @Type(() => Number)
  @IsIn(ANALYTICS_PERIODS, { message: 'days must be one of: 30, 90, 365' })
  days?: (typeof ANALYTICS_PERIODS)[number];
}

export class StatusQueryDto extends PeriodQueryDto {
  @ApiPropertyOptional({ enum: MONTHS, description: 'Only tickets created in the current or the last calendar month (UTC); not with days' })
  @OptionalField()
  @IsIn(MONTHS, { message: 'month must be current or last' })
  month?: (typeof MONTHS)[number];
}

export class TimelineQueryDto {
  @OptionalDayCount(30)
  days?: number;
}

export class TimelinePointDto {
  @ApiProperty({ example: '2026-01-31', format: 'date', description: 'UTC day' }) date!: string;
  @ApiProperty({ example: 4 }) count!: number;
}

export class ResponseTimesDto {
  @ApiProperty({ nullable: true, type: Number, example: 2.3, description: 'Average hours from creation to the first status change away from Open' })
  avg_first_response_hours!: number | null;
  @ApiProperty({ nullable: true, type: Number, example: 18.5, description: 'Average hours from creation to the first change to Closed or Resolved' })
  avg_resolution_hours!: number | null;
  @ApiProperty({ example: 40, description: 'Tickets measured for the first figure' }) first_response_sample_size!: number;
  @ApiProperty({ example: 25, description: 'Tickets measured for the second figure' }) resolution_sample_size!: number;
}

/** GET /api/analytics/response-promises: how the window's tickets fared against their response promise. */
export class ResponsePromisesDto {
  @ApiProperty({
    nullable: true,
    type: Number,
    example: 92.5,
    description:
      'Percent (one decimal) of the tickets whose promise has come due (answered, or unanswered past respond_by) that were answered by respond_by; null when none has',
  })
  answered_within_promise_percent!: number | null;
  @ApiProperty({ example: 37, description: 'Answered by respond_by' }) answered_within_promise!: number;
  @ApiProperty({ example: 2, description: 'Answered after respond_by' }) answered_late!: number;
  @ApiProperty({ example: 1, description: 'Unanswered and past respond_by (reported overdue)' }) overdue_unanswered!: number;
}
