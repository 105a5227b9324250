import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module.js';
import { MailModule } from '../mail/mail.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { AutoAssignListener } from './assignment/auto-assign.listener.js';
import { AutoAssignmentController } from './assignment/auto-assignment.controller.js';
import { AutoAssignment } from './assignment/auto-assignment.service.js';
import { TicketAssignment } from './assignment/ticket-assignment.service.js';
import { TicketConfirmationListener } from './listeners/ticket-confirmation.listener.js';
import { TicketActivityService } from './ticket-activity.service.js';
import { TicketBulkService } from './ticket-bulk.service.js';
import { TicketListCache } from './ticket-list-cache.js';
import { TicketListService } from './ticket-list.service.js';
import { TicketResponses } from './ticket-responses.service.js';
import { TicketsController } from './tickets.controller.js';
import { TicketsService } from './tickets.service.js';
import { TicketMergeService } from './ticket-merge.service.js';

@Module({
  imports: [CustomersModule, SettingsModule, MailModule],
  controllers: [TicketsController, AutoAssignmentController],
  providers: [TicketAssignment, AutoAssignment, AutoAssignListener, TicketsService, TicketListService, TicketListCache, TicketBulkService, TicketResponses, TicketActivityService, TicketConfirmationListener, TicketMergeService],
  exports: [TicketsService, TicketResponses, TicketActivityService],
})
export class TicketsModule {}
