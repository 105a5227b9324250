import type { EntityManager } from '@mikro-orm/postgresql';
import { NEXT_TICKET_NUMBER_SQL } from './ticket-number-sql.js';

/**
 * Hands out the organization's next ticket number from its sequence (ticket-number-sql.ts):
 * concurrent creates never share a number and do not wait for each other's commit. A create that
 * rolls back leaves its number unused.
 */
export async function nextTicketNumber(em: EntityManager, organizationId: string): Promise<string> {
  const rows = await em.getConnection().execute<{ n: string }[]>(
    NEXT_TICKET_NUMBER_SQL,
    [organizationId],
    'all',
    em.getTransactionContext(),
  );
  return formatTicketNumber(Number(rows[0].n));
}

export function formatTicketNumber(sequence: number): string {
  return `WC-${String(sequence).padStart(6, '0')}`;
}
