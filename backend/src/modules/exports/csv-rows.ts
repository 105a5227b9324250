import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { containsPattern } from '../../common/http/ids.js';
import { queryPhoneDigits } from '../search/search-indexes.js';
import { parseTicketFilters } from '../tickets/ticket-filters.js';
import { filterConditions } from '../tickets/ticket-list.query.js';
import type { ExportKind } from '@warranty-crm/contract';

/** Rows read per statement: a few MB at most, whatever the export's size. */
export const EXPORT_BATCH_ROWS = 5000;

/** A page of an export: its rows (in CSV column order) and the key to read the next page after. */
export interface CsvPage {
  rows: unknown[][];
  /** null on the last page */
  after: ExportCursor | null;
}
export interface ExportCursor {
  c: string;
  i: string;
}

/** What one kind of export reads: its CSV header, the count of its rows, and its pages in a stable order. */
export interface CsvSource {
  header: string[];
  count(em: EntityManager): Promise<number>;
  page(em: EntityManager, after: ExportCursor | null, limit: number): Promise<CsvPage>;
}

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const TICKET_COLUMNS: [string, string][] = [
  ['Ticket Number', 't.ticket_number'],
  ['Status', 't.status'],
  ['Priority', 't.priority'],
  ['Created', iso('t.created_at')],
  ['Updated', iso('t.updated_at')],
  ['Customer Name', 'c.name'],
  ['Customer Email', 'c.email'],
  ['Customer Phone', 'c.phone'],
  ['Street', 'c.street'],
  ['City', 'c.city'],
  ['State', 'c.state'],
  ['ZIP Code', 'c.zip_code'],
  ['Country', 'c.country'],
  ['Brand', 't.product_brand'],
  ['Product Model', 't.product_model'],
  ['SKU', 't.product_sku'],
  ['Serial Number', 't.serial_number'],
  ['Order Number', 't.order_number'],
  ['Purchase Location', 't.purchase_location'],
  ['Purchase Date', `to_char(t.purchase_date, 'YYYY-MM-DD')`],
  ['Issue Category', 't.issue_category'],
  ['Issue Description', 't.issue_description'],
  ['Preferred Resolution', 't.preferred_resolution'],
  ['Source', 't.source'],
  ['Respond By', iso('t.respond_by')],
  ['Responded At', iso('t.responded_at')],
  ['Resolved At', iso('t.resolved_at')],
  // Warranty resolution (issue 31): the claim's decision and its resolution, empty until made.
  ['Decision', 'wc.decision'],
  ['Denial Reason', `case when wc.decision = 'denied' then wc.reason end`],
  ['RMA Number', 'wr.rma_number'],
  ['Resolution Type', 'wr.type'],
  ['Resolution State', 'wr.state'],
  ['Total Cost', `to_char(wr.total_cost, 'FM999999999990.00')`],
];

/** The ticket list's filter, exactly as the list applies it, newest first (the list's own index). */
function ticketSource(filter: Record<string, unknown>): CsvSource {
  const where = filterConditions(parseTicketFilters({}, filter));
  return {
    header: TICKET_COLUMNS.map(([name]) => name),
    async count(em) {
      const [row] = await tenantSql(em).execute<{ n: number }[]>(`select count(*)::int as n from tickets t where ${where.text}`, where.params);
      return row.n;
    },
    async page(em, after, limit) {
      const keyset = after ? ` and (t.created_at, t.id) < (?::timestamptz, ?::uuid)` : '';
      const rows = await tenantSql(em).execute<Record<string, unknown>[]>(
        `select ${TICKET_COLUMNS.map(([, sql], i) => `${sql} as c${i}`).join(', ')},
                to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key_c, t.id as key_i
         from tickets t join customers c on c.id = t.customer_id
         left join warranty_claims wc on wc.ticket_id = t.id
         left join warranty_resolutions wr on wr.ticket_id = t.id
         where ${where.text}${keyset} order by t.created_at desc, t.id desc limit ?`,
        [...where.params, ...(after ? [after.c, after.i] : []), limit],
      );
      return pageOf(rows, TICKET_COLUMNS.length, limit);
    },
  };
}

const CUSTOMER_COLUMNS: [string, string][] = [
  ['Name', 'c.name'],
  ['Email', 'c.email'],
  ['Phone', 'c.phone'],
  ['Street', 'c.street'],
  ['City', 'c.city'],
  ['State', 'c.state'],
  ['ZIP Code', 'c.zip_code'],
  ['Country', 'c.country'],
  ['Created', iso('c.created_at')],
  ['Tickets', '(select count(*) from tickets t where t.customer_id = c.id)::int'],
];

/** The organization's customers, optionally matching `q` (name, e-mail or phone), in id order. */
function customerSource(filter: Record<string, unknown>): CsvSource {
  const q = typeof filter.q === 'string' ? filter.q.trim() : '';
  const conditions = ['@tenant(c)'];
  const params: unknown[] = [];
  if (q) {
    const like = containsPattern(q);
    const digits = queryPhoneDigits(q);
    conditions.push('(c.name ilike ? or c.email ilike ? or c.phone ilike ? or c.phone like ?)');
    params.push(like, like, like, digits ? containsPattern(digits) : like);
  }
  const where = conditions.join(' and ');
  return {
    header: CUSTOMER_COLUMNS.map(([name]) => name),
    async count(em) {
      const [row] = await tenantSql(em).execute<{ n: number }[]>(`select count(*)::int as n from customers c where ${where}`, params);
      return row.n;
    },
    async page(em, after, limit) {
      const rows = await tenantSql(em).execute<Record<string, unknown>[]>(
        `select ${CUSTOMER_COLUMNS.map(([, sql], i) => `${sql} as c${i}`).join(', ')}, '' as key_c, c.id as key_i
         from customers c where ${where}${after ? ' and c.id > ?::uuid' : ''} order by c.id limit ?`,
        [...params, ...(after ? [after.i] : []), limit],
      );
      return pageOf(rows, CUSTOMER_COLUMNS.length, limit);
    },
  };
}

function pageOf(rows: Record<string, unknown>[], columns: number, limit: number): CsvPage {
  const last = rows.at(-1);
  return {
    rows: rows.map((row) => Array.from({ length: columns }, (_, i) => csvCell(row[`c${i}`]))),
    after: last && rows.length === limit ? { c: String(last.key_c), i: String(last.key_i) } : null,
  };
}

/**
 * A cell as a spreadsheet will read it: text a spreadsheet would run as a formula (=, +, -, @, tab,
 * carriage return first) gets a leading apostrophe; plain numbers and E.164 phones are left as they are.
 */
export function csvCell(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? '';
  if (/^[=+\-@\t\r]/.test(value) && !/^[+-]?\d[\d .]*$/.test(value)) return `'${value}`;
  return value;
}

export function csvSourceOf(kind: ExportKind, filter: Record<string, unknown>): CsvSource {
  return kind === 'tickets' ? ticketSource(filter) : customerSource(filter);
}
