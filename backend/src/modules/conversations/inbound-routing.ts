import type { EntityManager } from '@mikro-orm/postgresql';
import { Ticket } from '../tickets/ticket.entity.js';
import { messageIdsOf, parseReplyAddress, ticketNumberInSubject } from './reply-address.js';
import { TicketMessage } from './ticket-message.entity.js';

/** What an inbound e-mail says about where it belongs. */
export interface InboundEmailRoute {
  /** Every recipient (To, Cc, the envelope's RCPT TO). */
  recipients: readonly string[];
  inReplyTo?: string | string[] | null;
  references?: string | string[] | null;
  subject?: string | null;
}

/**
 * The ticket of the organization (em's tenant) an inbound e-mail answers, or null for a new
 * conversation: first the reply address among its recipients (on the support mailbox when given),
 * then a stored Message-ID among its In-Reply-To and References, then the `[#<ticket number>]` of
 * its subject. A token or number of another organization's ticket finds nothing (the tenant filter).
 */
export async function ticketOfInboundEmail(em: EntityManager, mail: InboundEmailRoute, supportAddress?: string | null): Promise<string | null> {
  const tickets = em.getRepository(Ticket);
  for (const recipient of mail.recipients) {
    const id = parseReplyAddress(recipient, supportAddress ?? undefined);
    if (id && (await tickets.findOne({ id }, { fields: ['id'] }))) return id;
  }
  const ids = [...messageIdsOf(mail.inReplyTo), ...messageIdsOf(mail.references)];
  const threaded = await em.getRepository(TicketMessage).ticketOfMessageIds(ids);
  if (threaded) return threaded;
  const number = ticketNumberInSubject(mail.subject);
  if (number) return (await tickets.findOne({ ticketNumber: number }, { fields: ['id'] }))?.id ?? null;
  return null;
}
