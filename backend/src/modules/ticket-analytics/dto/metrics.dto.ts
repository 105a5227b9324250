import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { OptionalField } from '../../../common/http/optional.js';
import { OptionalDayCount } from './day-count.js';

export class MetricsQueryDto {
  @ApiPropertyOptional({
    example: 'America/New_York',
    description: 'IANA time zone that defines "today" for closedToday (default UTC)',
  })
  @OptionalField()
  @IsString({ message: 'tz must be an IANA time zone such as America/New_York' })
  tz?: string;
}

export class TicketMetricsDto {
  @ApiProperty({ example: 120, description: 'All tickets of the organization' }) total!: number;
  @ApiProperty({ example: 40, description: 'Tickets whose status is Open' }) open!: number;
  @ApiProperty({ example: 12, description: 'Tickets whose status is Pending' }) pending!: number;
  @ApiProperty({ example: 5, description: 'Tickets that changed to Closed or Resolved today (from the status history)' })
  closedToday!: number;
}

export class TrendsQueryDto extends MetricsQueryDto {
  @OptionalDayCount(7, 'Length of the comparison period in days')
  days?: number;
}

export class MetricTrendDto {
  @ApiProperty({ example: 120 }) current!: number;
  @ApiProperty({ example: 107 }) previous!: number;
  @ApiProperty({
    nullable: true,
    type: Number,
    example: 12.1,
    description: '(current - previous) / previous * 100, one decimal; 0 when both are 0; null when previous is 0 and current is not',
  })
  change_percent!: number | null;
  @ApiProperty({ enum: ['up', 'down', 'flat'] }) direction!: 'up' | 'down' | 'flat';
}

export class TicketTrendsDto {
  @ApiProperty({ example: 7 }) period_days!: number;
  @ApiProperty({ type: MetricTrendDto, description: 'Total tickets now vs. total at the start of the period' }) total!: MetricTrendDto;
  @ApiProperty({ type: MetricTrendDto, description: 'Open tickets now vs. open at the start of the period (from the status history)' })
  open!: MetricTrendDto;
  @ApiProperty({ type: MetricTrendDto, description: 'Pending tickets now vs. pending at the start of the period' })
  pending!: MetricTrendDto;
  @ApiProperty({ type: MetricTrendDto, description: 'Closed or resolved today vs. yesterday' }) closedToday!: MetricTrendDto;
}
