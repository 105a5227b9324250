import type { EntityManager } from '@mikro-orm/postgresql';
import type { CallLog } from './call-log.entity.js';

/** A ticket, as a call log refers to it. */
export type CallTicket = NonNullable<CallLog['ticket']>;

/**
 * The rules between a call and a ticket, which belong to the tickets module (the owner of the
 * ticket rows): declared here by call-logs, which needs them, and provided by tickets
 * (`tickets/call-ticket-rules.ts`), so call-logs imports nothing of tickets (tickets reads call logs).
 * Both run on the caller's EntityManager, inside its transaction.
 */
export abstract class CallTickets {
  /** The customer's newest open (Open or Pending) ticket, which a new call from them joins; null when none. */
  abstract openTicketOf(em: EntityManager, organizationId: string, customerId: string): Promise<CallTicket | null>;

  /** Returning a call linked to a ticket is a response to that ticket (its first one, if none yet). */
  abstract markResponded(em: EntityManager, organizationId: string, ticketId: string, at: Date): Promise<void>;
}
