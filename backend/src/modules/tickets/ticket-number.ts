import { raw } from '@mikro-orm/postgresql';
import { NEXT_FORMATTED_TICKET_NUMBER_SQL } from './ticket-number-sql.js';

/**
 * The organization's next number from its sequence (ticket-number-sql.ts), as a value for a new
 * Ticket's `ticketNumber` that its insert computes and returns (set on the entity at flush):
 * concurrent creates never share a number and do not wait for each other's commit. A create that
 * rolls back leaves its number unused.
 */
export function nextTicketNumberInInsert(organizationId: string): string {
  return raw(NEXT_FORMATTED_TICKET_NUMBER_SQL, [organizationId]) as unknown as string;
}
