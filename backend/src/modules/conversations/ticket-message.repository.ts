import { EntityRepository } from '@mikro-orm/postgresql';
import type { TicketMessage } from './ticket-message.entity.js';

/** The conversation's queries; scoped to the organization by the tenant filter. */
export class TicketMessageRepository extends EntityRepository<TicketMessage> {
  /** A ticket's thread, oldest first (the thread shows the newest last). */
  thread(ticketId: string): Promise<TicketMessage[]> {
    return this.find({ ticket: ticketId }, { orderBy: { createdAt: 'asc', id: 'asc' }, populate: ['author'] });
  }
}
