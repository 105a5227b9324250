import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { PeriodQueryDto, ResponsePromisesDto, ResponseTimesDto, StatusQueryDto, TimelinePointDto, TimelineQueryDto } from './dto/analytics.dto.js';
import { TicketAnalyticsService } from './ticket-analytics.service.js';

const COUNT_MAP = { type: 'object', additionalProperties: { type: 'integer' } } as const;

@ApiTags('analytics')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto })
@ApiBadRequestResponse({ type: ErrorResponseDto })
@Controller('analytics')
export class AnalyticsController {
  constructor(private readonly analytics: TicketAnalyticsService) {}

  @Get('brands')
  @ApiOperation({ summary: 'Tickets per brand (all time, or created in the last 30, 90 or 365 days)' })
  @ApiOkResponse({ schema: { ...COUNT_MAP, example: { IronJack: 12, TorqueLine: 4, 'No Brand': 1 } } })
  brands(@CurrentActor() actor: Actor, @Query() query: PeriodQueryDto): Promise<Record<string, number>> {
    return this.analytics.byBrand(actor, { days: query.days });
  }

  @Get('status')
  @ApiOperation({ summary: 'Tickets per status (all time, last N days, or the current / last calendar month)' })
  @ApiOkResponse({ schema: { ...COUNT_MAP, example: { Open: 10, Pending: 3, Resolved: 2, Closed: 7 } } })
  status(@CurrentActor() actor: Actor, @Query() query: StatusQueryDto): Promise<Record<string, number>> {
    return this.analytics.byStatus(actor, { days: query.days, month: query.month });
  }

  @Get('timeline')
  @ApiOperation({ summary: 'Tickets created per UTC day over the last N days (default 30), zero-filled, oldest first' })
  @ApiOkResponse({ type: [TimelinePointDto] })
  timeline(@CurrentActor() actor: Actor, @Query() query: TimelineQueryDto): Promise<TimelinePointDto[]> {
    return this.analytics.timeline(actor, query.days);
  }

  @Get('response-times')
  @ApiOperation({ summary: 'Average hours to first response and to resolution, measured from the status history' })
  @ApiOkResponse({ type: ResponseTimesDto })
  responseTimes(@CurrentActor() actor: Actor, @Query() query: PeriodQueryDto): Promise<ResponseTimesDto> {
    return this.analytics.responseTimes(actor, { days: query.days });
  }

  @Get('response-promises')
  @ApiOperation({
    summary: 'Share of tickets answered within their response promise (24 h warranty, 48 h technical support, or the organization\'s hours)',
    description: 'Over the tickets created in the period whose promise has come due: answered by respond_by, answered late, unanswered and overdue.',
  })
  @ApiOkResponse({ type: ResponsePromisesDto })
  responsePromises(@CurrentActor() actor: Actor, @Query() query: PeriodQueryDto): Promise<ResponsePromisesDto> {
    return this.analytics.responsePromises(actor, { days: query.days });
  }
}
