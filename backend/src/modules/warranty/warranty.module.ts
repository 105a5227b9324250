import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { WarrantyController } from './warranty.controller.js';
import { WarrantyAnalyticsController } from './warranty-analytics.controller.js';
import { WarrantyAnalyticsService } from './warranty-analytics.service.js';
import { WarrantyDecisionService } from './warranty-decision.service.js';
import { WarrantyResolutionService } from './warranty-resolution.service.js';
import { WarrantySettingsController } from './warranty-settings.controller.js';
import { WarrantySettingsService } from './warranty-settings.service.js';

/** Warranty resolution (issue 31): decisions, resolutions with RMA numbers, the serial register, the Warranty analytics. */
@Module({
  imports: [TicketsModule, ConversationsModule],
  controllers: [WarrantySettingsController, WarrantyController, WarrantyAnalyticsController],
  providers: [WarrantyAnalyticsService, WarrantySettingsService, WarrantyDecisionService, WarrantyResolutionService],
})
export class WarrantyModule {}
