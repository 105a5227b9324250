import { EntityManager } from '@mikro-orm/postgresql';
import { DUE_SOON_HOURS } from '@warranty-crm/contract';
import { containsPattern } from '../../common/http/ids.js';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import { Customer } from '../customers/customer.entity.js';
import { candidateProductsSql, type TermProduct } from '../settings/products/product-warranty-terms.js';
import { queryPhoneDigits } from '../search/search-indexes.js';
import { UNASSIGNED_KEY } from './assignment/assignee-totals.js';
import { rowMapper } from '../../database/row-mapper.js';
import { rollupCountSql } from './ticket-list-totals.js';
import type { TicketFilters } from './ticket-filters.js';
import { Ticket } from './ticket.entity.js';
import type { TICKET_LIST_VIEWS } from './dto/ticket-response.dto.js';

/*
 * The ticket list's read model: its SQL (one statement per page, the counts the rollups cannot
 * give), beside TicketListService, which keeps the rules (paging limits, cursors, the parameters).
 * Every statement is scoped by TenantSql.
 */

export const TICKET_SORTABLE = ['created_at', 'updated_at', 'ticket_number', 'status', 'priority', 'product_brand'] as const;
export type SortField = (typeof TICKET_SORTABLE)[number];

/** A search (q) counts matches up to this many exactly; beyond, the total is the planner's estimate. */
export const EXACT_SEARCH_COUNT = 1000;

export interface Cursor {
  /** sort field and order the cursor was made for */
  s: string;
  /** the last row's sort value (absent when sorting by created_at) */
  v?: string | null;
  /** its created_at in UTC with microseconds (2026-11-23T01:02:03.456789Z) */
  c: string;
  /** its id */
  i: string;
}

interface PageRow {
  page_total: number | null;
  page_v: string | null;
  page_c: string;
  page_customer: Record<string, unknown>;
  /** The assignee's id and names, or null. */
  page_assignee: { id: string; first_name: string | null; last_name: string | null; username: string } | null;
  /** On one row only (the same for the whole page). */
  page_products: TermProduct[] | null;
  id: string;
  [column: string]: unknown;
}

/** A page as the list reads it: plain tickets (with their customers; only a row's columns when read as rows), in page order. */
export interface TicketPageRows {
  tickets: Ticket[];
  /** The exact total from the rollups, or null when the filters need TicketListQuery.count. */
  total: number | null;
  /** The last row's sort keys, for the next page's cursor. */
  last?: { v: string | null; c: string; id: string };
  /** The products the page's tickets may match, read in the page's statement (for their warranty terms). */
  products: TermProduct[];
}

/**
 * Rows are ordered by the sort column, then created_at and id in the same direction, so each
 * filter × sort reads an index in order (see TICKET_LIST_INDEXES) and a cursor is one row
 * comparison. ticket_number is unique per organization: it alone is the order.
 */
function orderColumns(field: SortField): string[] {
  if (field === 'created_at') return ['created_at', 'id'];
  if (field === 'ticket_number') return ['ticket_number'];
  return [field, 'created_at', 'id'];
}

class Sql {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];
  add(sql: string, ...params: unknown[]): this {
    this.parts.push(sql);
    this.params.push(...params);
    return this;
  }
  get text(): string {
    return this.parts.join(' and ');
  }
}

/** The filters as SQL conditions on tickets t (the organization's first, as a TenantSql token). */
export function filterConditions(filters: TicketFilters): Sql {
  const where = new Sql().add('@tenant(t)');
  if (filters.status) where.add('t.status = ?', filters.status);
  if (filters.brand) where.add('t.product_brand = ?', filters.brand);
  if (filters.priority) where.add('t.priority = ?', filters.priority);
  // A range of tickets_org_assignee_created_index (ticket-indexes.ts).
  if (filters.assignee === null) where.add('t.assignee_id is null');
  else if (filters.assignee) where.add('t.assignee_id = ?::uuid', filters.assignee);
  if (filters.createdFrom) where.add('t.created_at >= ?', filters.createdFrom);
  if (filters.createdBefore) where.add('t.created_at < ?', filters.createdBefore);
  // Served by the partial indexes of unanswered tickets (sla/sla-indexes.ts).
  if (filters.sla === 'overdue') where.add('t.responded_at is null and t.respond_by <= now()');
  if (filters.sla === 'due_soon') {
    where.add(`t.responded_at is null and t.respond_by > now() and t.respond_by <= now() + make_interval(hours => ?::int)`, DUE_SOON_HOURS);
  }
  if (filters.ids) where.add('t.id = any(?::uuid[])', `{${filters.ids.join(',')}}`);
  if (filters.q) {
    const like = containsPattern(filters.q);
    // Phones are kept in E.164: "(555) 123-45" typed as punctuated digits matches by its digits.
    const digits = queryPhoneDigits(filters.q);
    where.add(
      `(t.ticket_number ilike ? or t.issue_description ilike ? or exists (
         select 1 from customers c where c.id = t.customer_id and c.organization_id = t.organization_id
           and (c.name ilike ? or c.email ilike ? or c.phone ilike ? or c.phone like ?)))`,
      like, like, like, like, like, digits ? containsPattern(digits) : like,
    );
  }
  return where;
}

/**
 * The condition "after the cursor row" in the page order. Rows compare as tuples; a null brand
 * (first when descending, last when ascending, PostgreSQL's default) is handled apart.
 */
function afterCursor(field: SortField, order: 'ASC' | 'DESC', cursor: Cursor): Sql {
  const op = order === 'DESC' ? '<' : '>';
  const sql = new Sql();
  if (field === 'created_at') return sql.add(`(t.created_at, t.id) ${op} (?::timestamptz, ?::uuid)`, cursor.c, cursor.i);
  if (field === 'ticket_number') return sql.add(`t.ticket_number ${op} ?`, cursor.v ?? '');
  const column = `t.${field}`;
  const tail = `(t.created_at, t.id) ${op} (?::timestamptz, ?::uuid)`;
  if (cursor.v === null || cursor.v === undefined) {
    // Only product_brand is nullable.
    return order === 'DESC'
      ? sql.add(`((${column} is null and ${tail}) or ${column} is not null)`, cursor.c, cursor.i)
      : sql.add(`(${column} is null and ${tail})`, cursor.c, cursor.i);
  }
  const tuple = `(${column}, t.created_at, t.id) ${op} (?, ?::timestamptz, ?::uuid)`;
  return order === 'DESC' || field !== 'product_brand'
    ? sql.add(tuple, cursor.v, cursor.c, cursor.i)
    : sql.add(`(${tuple} or ${column} is null)`, cursor.v, cursor.c, cursor.i);
}

/**
 * The page's ids with their sort keys, in page order: an index-only walk (also for deep offsets);
 * the rows and their customers are read after, by id.
 */
export function listIdsQuery(
  filters: TicketFilters,
  field: SortField,
  order: 'ASC' | 'DESC',
  limit: number,
  offset: number,
  cursor?: Cursor,
): { sql: string; params: unknown[] } {
  const where = filterConditions(filters);
  const conditions = new Sql().add(where.text, ...where.params);
  if (cursor) {
    const after = afterCursor(field, order, cursor);
    conditions.add(after.text, ...after.params);
  }
  const direction = order === 'DESC' ? 'desc' : 'asc';
  const orderBy = orderColumns(field).map((c) => `t.${c} ${direction}`).join(', ');
  return {
    // Only the index's columns are carried past the skipped rows of an offset; the page's keys
    // are formatted for its own rows alone. The limit is in the text: a prepared statement whose
    // limit is a parameter is planned for an unknown number of rows (a tenth of the table), so
    // PostgreSQL kept planning it anew for every request (2.4 ms, longer than running it).
    // Likewise the first page (a cursor's, or offset 0) has no offset at all.
    sql: `select k.id, k.v::text as v, to_char(k.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as c
          from (select t.id, ${field === 'created_at' ? 'null' : `t.${field}`} as v, t.created_at
                from tickets t where ${conditions.text} order by ${orderBy} limit ${Math.trunc(limit)}${offset > 0 ? ' offset ?' : ''}) k`,
    params: [...conditions.params, ...(offset > 0 ? [offset] : [])],
  };
}

/** What a page reads of each ticket: the whole row, or what the list shows (`view=row`). */
export type PageColumns = 'whole' | (typeof TICKET_LIST_VIEWS)[number];

/**
 * The columns of a list row (TicketListRowDto) and of what it is computed from: the warranty (purchase
 * date, creation, the product keys its term is matched by) and the customer's name and phone.
 */
const ROW_COLUMNS = `t.id, t.ticket_number, t.status, t.priority, t.created_at, t.product_brand, t.product_model,
  t.product_sku, t.purchase_date, t.issue_description, t.customer_id, t.assignee_id`;
const ROW_CUSTOMER = `json_build_object('id', cu.id, 'name', cu.name, 'phone', cu.phone)`;

/**
 * The list page's one statement: the page (ids by index, then their rows and customers), the
 * products its tickets may match (their warranty terms, on one row) and, for the screen's filters,
 * the exact total from the rollups (`fromRollups`; otherwise TicketListQuery.count). With `row`
 * columns it reads only what a list row shows and is computed from.
 */
export function pageStatement(page: Parameters<typeof listIdsQuery>, columns: PageColumns = 'whole'): { sql: string; params: unknown[]; fromRollups: boolean } {
  const [filters, field, order] = page;
  const ids = listIdsQuery(...page);
  // Due soon / overdue move with the clock: counted from their partial index, not the rollups.
  // The assignee is no dimension of the rollups: alone, its own totals answer; with another
  // filter, its index (TicketListQuery.count).
  const onlyAssignee = filters.assignee !== undefined && !filters.status && !filters.brand && !filters.priority && !filters.createdFrom && !filters.createdBefore;
  const fromRollups = !filters.q && !filters.ids && !filters.sla && (filters.assignee === undefined || onlyAssignee);
  const total = !fromRollups
    ? { sql: 'select null::int as n', params: [] }
    : onlyAssignee
      ? { sql: 'select coalesce(sum(tickets), 0)::int as n from ticket_assignee_totals where @tenant() and assignee_key = ?::uuid', params: [filters.assignee ?? UNASSIGNED_KEY] }
      : rollupCountSql(filters);
  const direction = order === 'DESC' ? 'desc' : 'asc';
  const sql = `with page as (${ids.sql}), total as (${total.sql}),
       products as (${candidateProductsSql('select t.product_sku, t.product_model from page p join tickets t on t.id = p.id')})
       select total.n as page_total, case when row_number() over () = 1 then (select * from products) end as page_products, p.v as page_v, p.c as page_c,
         ${columns === 'row' ? `${ROW_COLUMNS}, ${ROW_CUSTOMER}` : 't.*, row_to_json(cu)'} as page_customer,
         (select json_build_object('id', au.id, 'first_name', au.first_name, 'last_name', au.last_name, 'username', au.username)
            from users au where au.id = t.assignee_id) as page_assignee
       from total left join (page p join tickets t on t.id = p.id join customers cu on cu.id = t.customer_id) on true
       order by ${orderColumns(field).map((c) => (c === 'id' ? 'p.id' : c === 'created_at' ? 'p.c' : 'p.v')).map((c) => `${c} ${direction}`).join(', ')}`;
  return { sql, params: [...ids.params, ...total.params], fromRollups };
}

/** The ticket list's statements. */
export class TicketListQuery {
  constructor(private readonly em: EntityManager) {}

  /** A page (filters, sort field and order, limit, offset, cursor: as listIdsQuery takes them). */
  async page(page: Parameters<typeof listIdsQuery>, columns: PageColumns = 'whole'): Promise<TicketPageRows> {
    const [filters] = page;
    const { sql, params, fromRollups } = pageStatement(page, columns);
    const tenant = tenantSql(this.em);
    // Each combination of filters, sort and paging is one statement text, prepared (planned once per
    // connection, within MAX_PREPARED_PER_CONNECTION); a search's best plan depends on its pattern,
    // so it is planned every time.
    const rows = filters.q
      ? await tenant.execute<PageRow[]>(sql, params)
      : await tenant.executePrepared<PageRow>(sql, params);
    const found = rows.filter((r) => r.id);
    const toTicket = rowMapper(this.em, Ticket);
    const toCustomer = rowMapper(this.em, Customer);
    // The mapper reads the entity's columns from the row and leaves the page's own.
    const tickets = found.map((row) => {
      const ticket = toTicket(row);
      const assignee = row.page_assignee;
      ticket.customer = toCustomer(row.page_customer);
      ticket.assignee = assignee && { id: assignee.id, firstName: assignee.first_name, lastName: assignee.last_name, username: assignee.username };
      return ticket as unknown as Ticket;
    });
    const last = found.at(-1);
    return {
      tickets,
      total: fromRollups ? (rows[0]?.page_total ?? 0) : null,
      last: last && { v: last.page_v, c: last.page_c, id: last.id },
      products: rows.find((r) => r.page_products)?.page_products ?? [],
    };
  }

  /**
   * The filter sidebar's "Assigned to me" and "Unassigned" counts: a few rows of the assignee
   * totals the triggers keep (assignment/assignee-totals.ts), at any number of tickets.
   */
  async assignmentCounts(userId: string): Promise<{ assigned_to_me: number; unassigned: number }> {
    const [row] = await tenantSql(this.em).execute<{ assigned_to_me: number; unassigned: number }[]>(
      `select coalesce(sum(tickets) filter (where assignee_key = ?::uuid), 0)::int as assigned_to_me,
              coalesce(sum(tickets) filter (where assignee_key = ?::uuid), 0)::int as unassigned
         from ticket_assignee_totals where @tenant() and assignee_key in (?::uuid, ?::uuid)`,
      [userId, UNASSIGNED_KEY, userId, UNASSIGNED_KEY],
    );
    return row;
  }

  /**
   * Totals the rollups cannot give: a short id list, and the due-soon / overdue filters (a range of
   * the partial index of unanswered tickets, as large as the backlog), are counted directly; a search counts up to
   * EXACT_SEARCH_COUNT matches exactly and answers the planner's estimate beyond. (The screen's
   * filters are counted exactly from the rollups, in the page's own statement.)
   */
  async count(filters: TicketFilters): Promise<{ total: number; estimated: boolean }> {
    const conn = tenantSql(this.em);
    const where = filterConditions(filters);
    if (!filters.q) {
      const [row] = await conn.execute<{ n: number }[]>(`select count(*)::int as n from tickets t where ${where.text}`, where.params);
      return { total: row.n, estimated: false };
    }
    const [row] = await conn.execute<{ n: number }[]>(
      `select count(*)::int as n from (select 1 from tickets t where ${where.text} limit ?) capped`,
      [...where.params, EXACT_SEARCH_COUNT + 1],
    );
    if (row.n <= EXACT_SEARCH_COUNT) return { total: row.n, estimated: false };
    const [plan] = await conn.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[]>(
      `explain (format json) select 1 from tickets t where ${where.text}`,
      where.params,
    );
    const estimate = Math.round(plan['QUERY PLAN'][0].Plan['Plan Rows']);
    return { total: Math.max(EXACT_SEARCH_COUNT + 1, estimate), estimated: true };
  }
}
