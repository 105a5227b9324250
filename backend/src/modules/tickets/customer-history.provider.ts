import type { EntityManager } from '@mikro-orm/postgresql';
import { Global, Injectable, Module } from '@nestjs/common';
import { ticketWarranty } from '@warranty-crm/contract';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import {
  type CustomerCallRow,
  CustomerHistory,
  type CustomerSummary,
  type CustomerTicketRow,
  type CustomerHistoryPage,
  type CustomerMessageRow,
  type CustomerAttachmentRow,
} from '../customers/customer-history.js';
import { candidateProductsSql, type TermProduct } from '../settings/products/product-warranty-terms.js';

type TicketRow = Omit<CustomerTicketRow, 'under_warranty' | 'warranty_days_left'> & { created_at: Date | string };

/**
 * The customers' pages' view of tickets, calls and messages (CustomerHistory), with each ticket's
 * warranty by the contract's rule and its product's term. Reads by customer_id through the
 * tickets_customer_id_index and call_logs' customer index.
 */
@Injectable()
export class TicketCustomerHistory extends CustomerHistory {
  async summaries(em: EntityManager, customerIds: string[]): Promise<Map<string, CustomerSummary>> {
    if (!customerIds.length) return new Map();
    const rows = await tenantSql(em).execute<{ customer_id: string; n: string; id: string | null; ticket_number: string | null; created_at: Date | null }[]>(
      `select c.id as customer_id, n.n, lt.id, lt.ticket_number, lt.created_at
         from unnest(?::uuid[]) c(id)
         cross join lateral (select count(*) as n from tickets t where @tenant(t) and t.customer_id = c.id) n
         left join lateral (select t.id, t.ticket_number, t.created_at from tickets t where @tenant(t) and t.customer_id = c.id
                             order by t.created_at desc, t.id desc limit 1) lt on true`,
      [`{${customerIds.join(',')}}`],
    );
    return new Map(
      rows.map((r) => [r.customer_id, { ticketsCount: Number(r.n), lastTicketId: r.id, lastTicketNumber: r.ticket_number, lastTicketAt: r.created_at ? new Date(r.created_at) : null }]),
    );
  }

  async of(em: EntityManager, customerId: string, limit: number): Promise<CustomerHistoryPage> {
    const sql = tenantSql(em);
    const n = Math.trunc(limit);
    const ticketsSql = `select t.id, t.ticket_number, t.status, t.priority, t.product_brand, t.product_model, t.product_sku,
                               to_char(t.purchase_date, 'YYYY-MM-DD') as purchase_date, t.created_at, t.merged_into_id
                          from tickets t where @tenant(t) and t.customer_id = ? order by t.created_at desc, t.id desc limit ${n}`;
    const [row] = await sql.execute<{ tickets: TicketRow[]; products: TermProduct[] }[]>(
      `with page as (${ticketsSql})
       select coalesce((select json_agg(p order by p.created_at desc, p.id desc) from page p), '[]'::json) as tickets,
              (${candidateProductsSql('select product_sku, product_model from page')}) as products`,
      [customerId],
    );
    const now = new Date();
    const tickets = row.tickets.map((t): CustomerTicketRow => {
      const createdAt = new Date(t.created_at);
      const warranty = ticketWarranty({ productBrand: t.product_brand, productSku: t.product_sku, productModel: t.product_model, purchaseDate: t.purchase_date }, row.products, createdAt, now);
      return { ...t, created_at: createdAt, ...warranty };
    });
    const calls = await sql.execute<CustomerCallRow[]>(
      `select l.id, l.call_type, l.from_phone, l.to_phone, l.caller_name, l.recording_duration, l.ticket_id, t.ticket_number, l.created_at
         from call_logs l left join tickets t on t.id = l.ticket_id
        where @tenant(l) and l.customer_id = ? order by l.created_at desc, l.id desc limit ${n}`,
      [customerId],
    );
    const messages = await sql.execute<CustomerMessageRow[]>(
      `select m.id, m.channel, m.direction, m.status, m.subject, left(m.body, 200) as excerpt, m.author_name, m.ticket_id, t.ticket_number, m.created_at
         from tickets t join ticket_messages m on m.ticket_id = t.id
        where @tenant(t) and t.customer_id = ? order by m.created_at desc, m.id desc limit ${n}`,
      [customerId],
    );
    const attachments = await sql.execute<Omit<CustomerAttachmentRow, 'content_url'>[]>(
      `select a.id, a.file_name as filename, a.content_type, a.size, a.tag, a.ticket_id, t.ticket_number, a.created_at
         from tickets t join ticket_attachments a on a.ticket_id = t.id
        where @tenant(t) and t.customer_id = ? order by a.created_at desc, a.id desc limit ${n}`,
      [customerId],
    );
    const [counts] = await sql.execute<{ tickets: string; open: string; calls: string; messages: string; attachments: string }[]>(
      `select (select count(*) from tickets t where @tenant(t) and t.customer_id = ?) as tickets,
              (select count(*) from tickets t where @tenant(t) and t.customer_id = ? and t.status not in ('Resolved', 'Closed')) as open,
              (select count(*) from call_logs l where @tenant(l) and l.customer_id = ?) as calls,
              (select count(*) from ticket_messages m join tickets t on t.id = m.ticket_id where @tenant(t) and t.customer_id = ?) as messages,
              (select count(*) from ticket_attachments a join tickets t on t.id = a.ticket_id where @tenant(t) and t.customer_id = ?) as attachments`,
      [customerId, customerId, customerId, customerId, customerId],
    );
    return {
      tickets,
      calls: calls.map((c) => ({ ...c, created_at: new Date(c.created_at) })),
      messages: messages.map((m) => ({ ...m, created_at: new Date(m.created_at) })),
      attachments: attachments.map((a) => ({
        ...a,
        size: Number(a.size),
        created_at: new Date(a.created_at),
        content_url: `/api/tickets/${a.ticket_id}/attachments/${a.id}/content`,
      })),
      counts: {
        tickets: Number(counts.tickets),
        openTickets: Number(counts.open),
        calls: Number(counts.calls),
        messages: Number(counts.messages),
        attachments: Number(counts.attachments),
      },
    };
  }
}

/**
 * Provides CustomerHistory to the customers module, which cannot import the tickets module
 * (tickets import customers). Global, imported once by AppModule.
 */
@Global()
@Module({
  providers: [{ provide: CustomerHistory, useClass: TicketCustomerHistory }],
  exports: [CustomerHistory],
})
export class CustomerHistoryModule {}
