import type { EntityManager } from '@mikro-orm/postgresql';
import { Global, Injectable, Module } from '@nestjs/common';
import { CallTickets } from '../call-logs/call-tickets.js';
import { markTicketResponded } from './sla/mark-responded.js';
import { type TicketStatus, Ticket } from './ticket.entity.js';

/** Tickets a new call from their customer joins. */
const OPEN_STATUSES: readonly TicketStatus[] = ['Open', 'Pending'];

/** The call ↔ ticket rules, kept by the owner of the ticket rows for call-logs (which declares CallTickets). */
@Injectable()
export class TicketCallRules extends CallTickets {
  openTicketOf(em: EntityManager, organizationId: string, customerId: string): Promise<Ticket | null> {
    return em.getRepository(Ticket).newestOfCustomer(organizationId, customerId, OPEN_STATUSES);
  }

  markResponded(em: EntityManager, organizationId: string, ticketId: string, at: Date): Promise<void> {
    return markTicketResponded(em, organizationId, ticketId, at);
  }
}

/**
 * Provides CallTickets to the call-logs module, which cannot import TicketsModule (tickets reads call
 * logs). Global, and imported once by AppModule.
 */
@Global()
@Module({
  providers: [{ provide: CallTickets, useClass: TicketCallRules }],
  exports: [CallTickets],
})
export class CallTicketRulesModule {}
