import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { AgentCallsService } from './agent-calls.service.js';
import { RetellRequests } from './retell-requests.service.js';
import { VoiceAgentController } from './voice-agent.controller.js';
import { VoiceAgentService } from './voice-agent.service.js';
import { WarrantyTicketFunction } from './warranty-ticket-function.service.js';

/** The Retell AI voice agent: its call webhook and its create_warranty_ticket function. */
@Module({
  imports: [CustomersModule, SettingsModule, TicketsModule],
  controllers: [VoiceAgentController],
  providers: [RetellRequests, AgentCallsService, WarrantyTicketFunction, VoiceAgentService],
})
export class VoiceAgentModule {}
