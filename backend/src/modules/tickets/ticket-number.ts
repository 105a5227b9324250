import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Hands out the organization's next ticket number. The counter row is updated in place, so
 * concurrent creates queue on its row lock and never share a number; call it inside the
 * transaction that inserts the ticket so a rolled-back create gives its number back.
 */
export async function nextTicketNumber(em: EntityManager, organizationId: string): Promise<string> {
  const rows = await em.getConnection().execute<{ ticket_counter: number }[]>(
    'update organizations set ticket_counter = ticket_counter + 1 where id = ? returning ticket_counter',
    [organizationId],
    'all',
    em.getTransactionContext(),
  );
  if (!rows.length) throw new Error(`Organization ${organizationId} not found`);
  return formatTicketNumber(rows[0].ticket_counter);
}

export function formatTicketNumber(sequence: number): string {
  return `WC-${String(sequence).padStart(6, '0')}`;
}
