import { LockMode } from '@mikro-orm/core';
import { EntityRepository } from '@mikro-orm/postgresql';
import type { TicketMessage } from './ticket-message.entity.js';

/** The conversation's queries; scoped to the organization by the tenant filter. */
export class TicketMessageRepository extends EntityRepository<TicketMessage> {
  /** A ticket's thread, oldest first (the thread shows the newest last). */
  thread(ticketId: string): Promise<TicketMessage[]> {
    return this.find({ ticket: ticketId }, { orderBy: { createdAt: 'asc', id: 'asc' }, populate: ['author'] });
  }

  /** One message of the ticket's thread (null for another ticket's or organization's). */
  ofTicket(ticketId: string, messageId: string): Promise<TicketMessage | null> {
    return this.findOne({ id: messageId, ticket: ticketId }, { populate: ['author'] });
  }

  /** One message of the ticket's thread, locked for the rest of em's transaction (a Retry). */
  lockedOfTicket(ticketId: string, messageId: string): Promise<TicketMessage | null> {
    return this.findOne({ id: messageId, ticket: ticketId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** Only the ticket of the message with this Message-ID (an inbound e-mail received once per Message-ID), or null. */
  byMessageId(messageId: string) {
    return this.findOne({ messageId }, { fields: ['ticket'] });
  }

  /** Only the id of the text message with this Twilio MessageSid (an inbound text recorded once per MessageSid), or null. */
  smsByProviderId(providerId: string) {
    return this.findOne({ channel: 'sms', providerId }, { fields: ['id'] });
  }

  /** A message to deliver, with its ticket and the ticket's customer. */
  forDelivery(messageId: string): Promise<TicketMessage | null> {
    return this.findOne({ id: messageId }, { populate: ['ticket', 'ticket.customer'] });
  }

  /**
   * The Message-IDs of the ticket's e-mails written before `before` (either way), oldest first:
   * what a reply's References names, its In-Reply-To being the last.
   */
  async earlierMessageIds(ticketId: string, before: Date, excludeId: string): Promise<string[]> {
    const rows = await this.find(
      { ticket: ticketId, channel: 'email', messageId: { $ne: null }, createdAt: { $lte: before }, id: { $ne: excludeId } },
      { orderBy: { createdAt: 'asc', id: 'asc' }, fields: ['messageId'] },
    );
    return rows.map((r) => r.messageId!).filter(Boolean);
  }
}
