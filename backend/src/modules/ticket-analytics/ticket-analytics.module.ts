import { Module } from '@nestjs/common';
import { AnalyticsController } from './analytics.controller.js';
import { RollupCompaction } from './rollups/rollup-compaction.service.js';
import { OverdueTickets } from './sla/overdue-tickets.service.js';
import { TicketAnalyticsService } from './ticket-analytics.service.js';
import { TicketMetricsController } from './ticket-metrics.controller.js';
import { TicketMetricsService } from './ticket-metrics.service.js';

/**
 * Ticket analytics: the rollups kept by triggers on the tickets' rows, the dashboard's metrics and
 * trends, the analytics screen, and the response promises' overdue scan. It reads the tickets
 * module's rows and never the other way round.
 */
@Module({
  controllers: [TicketMetricsController, AnalyticsController],
  providers: [TicketMetricsService, TicketAnalyticsService, OverdueTickets, RollupCompaction],
})
export class TicketAnalyticsModule {}
