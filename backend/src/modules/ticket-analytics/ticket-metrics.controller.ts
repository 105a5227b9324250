import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { type Actor, CurrentActor } from '../../common/auth/actor.js';
import { ErrorResponseDto } from '../../common/http/error-response.dto.js';
import { MetricsQueryDto, TicketMetricsDto, TicketTrendsDto, TrendsQueryDto } from './dto/metrics.dto.js';
import { TicketMetricsService } from './ticket-metrics.service.js';

/**
 * The dashboard's counts under /tickets/metrics (paths of the spec). Registered before
 * TicketsController (TicketAnalyticsModule precedes TicketsModule in AppModule), so "metrics" is
 * never read as a ticket id.
 */
@ApiTags('tickets')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in' })
@Controller('tickets')
export class TicketMetricsController {
  constructor(private readonly metricsService: TicketMetricsService) {}

  @Get('metrics')
  // The operation ids they had on TicketsController, so the OpenAPI document (and clients generated from it) stays the same.
  @ApiOperation({ operationId: 'TicketsController_metrics', summary: 'Dashboard counts: total, open, pending, and closed or resolved today (UTC unless tz is given)' })
  @ApiOkResponse({ type: TicketMetricsDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  metrics(@CurrentActor() actor: Actor, @Query() query: MetricsQueryDto): Promise<TicketMetricsDto> {
    return this.metricsService.metrics(actor, query.tz);
  }

  @Get('metrics/trends')
  @ApiOperation({
    operationId: 'TicketsController_trends',
    summary: "Trend badges for the dashboard's cards",
    description:
      'total, open and pending: now vs. `days` ago (default 7; the past state comes from the status history); ' +
      'closedToday: today vs. yesterday. change_percent = (current - previous) / previous * 100.',
  })
  @ApiOkResponse({ type: TicketTrendsDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  trends(@CurrentActor() actor: Actor, @Query() query: TrendsQueryDto): Promise<TicketTrendsDto> {
    return this.metricsService.trends(actor, query.days, query.tz);
  }
}
