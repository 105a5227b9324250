import type { EntityManager } from '@mikro-orm/postgresql';
import { Ticket } from '../ticket.entity.js';

/**
 * Records an agent's first response on a ticket written outside the ticket's own update (a returned
 * call linked to it), on the caller's transaction `em`: only a ticket without a response gets one.
 */
export async function markTicketResponded(em: EntityManager, organizationId: string, ticketId: string, at: Date = new Date()): Promise<void> {
  await em.nativeUpdate(Ticket, { id: ticketId, organization: organizationId, respondedAt: null }, { respondedAt: at });
}
