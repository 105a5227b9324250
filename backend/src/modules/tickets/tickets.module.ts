import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { AnalyticsController } from './analytics.controller.js';
import { RollupCompaction } from './rollups/rollup-compaction.service.js';
import { OverdueTickets } from './sla/overdue-tickets.service.js';
import { TicketActivityService } from './ticket-activity.service.js';
import { TicketAnalyticsService } from './ticket-analytics.service.js';
import { TicketBulkService } from './ticket-bulk.service.js';
import { TicketListService } from './ticket-list.service.js';
import { TicketMetricsService } from './ticket-metrics.service.js';
import { TicketResponses } from './ticket-responses.service.js';
import { TicketsController } from './tickets.controller.js';
import { TicketsService } from './tickets.service.js';

@Module({
  imports: [CustomersModule, SettingsModule],
  controllers: [TicketsController, AnalyticsController],
  providers: [TicketsService, TicketListService, TicketMetricsService, TicketBulkService, TicketAnalyticsService, TicketResponses, TicketActivityService, OverdueTickets, RollupCompaction],
  exports: [TicketsService, TicketResponses],
})
export class TicketsModule {}
