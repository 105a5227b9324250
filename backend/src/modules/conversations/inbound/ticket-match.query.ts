import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../../common/tenancy/tenant-sql.js';

/** A PostgreSQL text[] literal (`{"a","b"}`): one parameter, whatever the number of values. */
function textArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/**
 * The look-ups that find an inbound message's ticket, in the organization of `em` (TenantSql).
 * Each answers a ticket id or null.
 */
export class TicketMatchQuery {
  constructor(private readonly em: EntityManager) {}

  /** The ticket of the newest thread message with one of these Message-IDs (ours or the customer's). */
  async byMessageIds(ids: string[]): Promise<string | null> {
    if (!ids.length) return null;
    const rows = await tenantSql(this.em).execute<{ ticket_id: string }[]>(
      'select m.ticket_id from ticket_messages m where @tenant(m) and m.message_id = any(?::text[]) order by m.created_at desc limit 1',
      [textArray(ids)],
    );
    return rows[0]?.ticket_id ?? null;
  }

  /**
   * The ticket whose confirmation e-mail had one of these Message-IDs. That Message-ID is not
   * stored: it is fixed per ticket (`messageIdFor('ticket-confirmation:<ticket id>', from)`, a
   * SHA-256 prefix of 40 hex digits at the sender's domain), so it is recomputed here for the
   * organization's tickets that were sent one.
   */
  async byConfirmationMessageIds(ids: string[]): Promise<string | null> {
    const hashes = ids.map((id) => id.split('@')[0]!.toLowerCase()).filter((local) => /^[0-9a-f]{40}$/.test(local));
    if (!hashes.length) return null;
    const rows = await tenantSql(this.em).execute<{ id: string }[]>(
      `select t.id from tickets t where @tenant(t) and t.confirmation_email is not null
         and left(encode(sha256(convert_to('ticket-confirmation:' || t.id::text, 'UTF8')), 'hex'), 40) = any(?::text[])
       limit 1`,
      [textArray(hashes)],
    );
    return rows[0]?.id ?? null;
  }

  /**
   * `ticketNumber` as tickets keep it (upper case: `WC-000042`), when `sender` (normalized) is the
   * e-mail of the ticket's customer: numbers are sequential, so anyone could guess one.
   */
  async byNumberFrom(ticketNumber: string, sender: string): Promise<string | null> {
    const rows = await tenantSql(this.em).execute<{ id: string }[]>(
      `select t.id from tickets t join customers c on c.id = t.customer_id
       where @tenant(t) and t.ticket_number = ? and lower(btrim(c.email)) = ?`,
      [ticketNumber, sender],
    );
    return rows[0]?.id ?? null;
  }

  async byId(ticketId: string): Promise<string | null> {
    const rows = await tenantSql(this.em).execute<{ id: string }[]>('select t.id from tickets t where @tenant(t) and t.id = ?::uuid', [ticketId]);
    return rows[0]?.id ?? null;
  }

  /** The customer's most recent ticket that is not Resolved or Closed (the SMS thread it continues). */
  async openTicketOfCustomer(customerId: string): Promise<string | null> {
    const rows = await tenantSql(this.em).execute<{ id: string }[]>(
      `select t.id from tickets t where @tenant(t) and t.customer_id = ? and t.status not in ('Resolved', 'Closed')
       order by t.created_at desc limit 1`,
      [customerId],
    );
    return rows[0]?.id ?? null;
  }
}
