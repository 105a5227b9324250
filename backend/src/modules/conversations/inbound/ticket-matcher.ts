import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '../../../common/http/ids.js';
import { ticketIdOfToken } from '../reply-address.js';
import { type InboundEmail, plusTag } from './inbound-email.js';
import { TicketMatchQuery } from './ticket-match.query.js';

/** `[#WC-000042]` anywhere in a subject (any case). */
const SUBJECT_TICKET = /\[#\s*([A-Za-z0-9][A-Za-z0-9-]{0,40})\s*\]/;

/** The ticket number a subject names as `[#<ticket number>]`, upper-cased as tickets keep it; null when none. */
export function subjectTicketNumber(subject: string | null | undefined): string | null {
  const match = SUBJECT_TICKET.exec(subject ?? '');
  return match ? match[1]!.toUpperCase() : null;
}

/**
 * The ticket a recipient's plus tag names. Accepted tags (the reply address of outbound mail is
 * `support+<tag>@domain`):
 * - the ticket's id, a UUID: `support+6f1c0c9e-4d0b-4f43-9d49-2b7c7f2a1e33@acme.test`;
 * - the ticket's number: `support+wc-000042@acme.test`;
 * - the token of our outbound replies' Reply-To (reply-address.ts: the id's 32 hex digits).
 * The tag is the whole part between `+` and `@`; any other tag (a signed token) matches nothing here.
 */
export function plusTagTicket(address: string): { id: string } | { number: string } | null {
  const tag = plusTag(address);
  if (!tag) return null;
  if (isUuid(tag.toLowerCase())) return { id: tag.toLowerCase() };
  const fromToken = ticketIdOfToken(tag);
  if (fromToken) return { id: fromToken };
  if (/^[a-z0-9]+-\d+$/i.test(tag)) return { number: tag.toUpperCase() };
  return null;
}

/**
 * Finds the ticket an inbound e-mail answers, in the organization of `em`, in this order:
 * (a) its In-Reply-To and References against the Message-IDs of the ticket's thread (our outbound
 *     replies and the customer's earlier e-mails), then against the ticket's confirmation e-mail;
 * (b) a `[#<ticket number>]` in the subject;
 * (c) a plus-address tag of a recipient (`support+<ticket id>@…` or `support+<ticket number>@…`).
 * A ticket number (b, c) is sequential and guessable: it routes an e-mail only when the sender is the
 * ticket's customer (their e-mail on the customer record); a stranger's e-mail naming another's
 * ticket opens a ticket of its own instead of writing into that conversation. Message-IDs, ticket ids
 * and reply tokens are not guessable and route from any sender (a customer's other address).
 * Null when none matches: the e-mail opens a new ticket.
 */
export async function matchTicket(
  em: EntityManager,
  mail: Pick<InboundEmail, 'inReplyTo' | 'references' | 'subject' | 'recipients'> & { from: { address: string } },
): Promise<string | null> {
  const query = new TicketMatchQuery(em);
  const ids = [...new Set([...(mail.inReplyTo ? [mail.inReplyTo] : []), ...mail.references])];
  const byThread = (await query.byMessageIds(ids)) ?? (await query.byConfirmationMessageIds(ids));
  if (byThread) return byThread;
  const number = subjectTicketNumber(mail.subject);
  const sender = mail.from.address.trim().toLowerCase();
  const bySubject = number && sender ? await query.byNumberFrom(number, sender) : null;
  if (bySubject) return bySubject;
  for (const recipient of mail.recipients) {
    const tagged = plusTagTicket(recipient);
    const found = tagged && ('id' in tagged ? await query.byId(tagged.id) : sender ? await query.byNumberFrom(tagged.number, sender) : null);
    if (found) return found;
  }
  return null;
}
