import { LockMode } from '@mikro-orm/core';
import { type EntityManager, EntityRepository } from '@mikro-orm/postgresql';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import { entityColumns } from '../../database/row-mapper.js';
import { CUSTOMER_FOR_TICKET, type TicketContactRow } from '../customers/customer.repository.js';
import { candidateProductsSql, type TermProduct } from '../settings/products/product-warranty-terms.js';
import { type ConfirmationStatus, DUPLICATE_KEYS, type Ticket, type TicketStatus } from './ticket.entity.js';
import { NEXT_FORMATTED_TICKET_NUMBER_SQL } from './ticket-number-sql.js';

/**
 * One statement: lock the organization's matching tickets, set the status, and write a history row
 * for each ticket whose status actually changed. Ids of another organization match nothing.
 */
const BULK_UPDATE_SQL = `
with target as (
  select id, status as old_status from tickets
  where @tenant() and id in (?)
  for update
), updated as (
  update tickets t set status = ?, updated_at = now(),
    -- A real status change is the agent's first response if the ticket had none.
    responded_at = case when t.responded_at is null and target.old_status is distinct from ? then now() else t.responded_at end
  from target where t.id = target.id
  returning t.id, target.old_status
), history as (
  insert into ticket_status_changes (organization_id, ticket_id, from_status, to_status, changed_by_id)
  select @tenant_id, id, old_status, ?, ? from updated where old_status is distinct from ?
  returning ticket_id, from_status
)
select (select count(*) from updated)::int as updated,
       coalesce((select json_agg(json_build_object('id', ticket_id, 'from', from_status)) from history), '[]'::json) as changes`;

/**
 * What the handlers of `ticket.created` say of a new ticket (the confirmation e-mail, the new_ticket
 * notification): plain values read in one statement, not entities, so a batch of a hundred tickets
 * costs no hydration and no comparison at the flush.
 */
export interface NewTicketSummary {
  id: string;
  ticketNumber: string;
  customerName: string;
  productBrand: string | null;
  productModel: string | null;
  productSku: string | null;
  issueCategory: string | null;
  issueDescription: string;
  preferredResolution: string | null;
  priority: string;
  createdAt: Date;
  respondBy: Date | null;
  confirmationEmail: string | null;
  confirmationStatus: ConfirmationStatus | null;
}

const NEW_TICKET_SUMMARIES_SQL = `select t.id, t.ticket_number as "ticketNumber", c.name as "customerName",
  t.product_brand as "productBrand", t.product_model as "productModel", t.product_sku as "productSku",
  t.issue_category as "issueCategory", t.issue_description as "issueDescription",
  t.preferred_resolution as "preferredResolution", t.priority, t.created_at as "createdAt", t.respond_by as "respondBy",
  t.confirmation_email as "confirmationEmail", t.confirmation_status as "confirmationStatus"
from tickets t join customers c on c.id = t.customer_id
where @tenant(t) and t.id = any(?::uuid[])`;

/**
 * settleConfirmations' statement: the outcome on the tickets, and the activity rows of a final one
 * (kind `confirmation_email`, no actor: the system sent it) from the tickets it updated.
 */
const CONFIRMATION_SETTLED_SQL = `with settled as (
  update tickets set confirmation_status = ?, confirmation_error = ?,
    confirmation_sent_at = case when ?::boolean then ?::timestamptz else confirmation_sent_at end
  where @tenant() and id = any(?::uuid[])
  returning id, confirmation_email
), activity as (
  insert into ticket_activities (organization_id, ticket_id, kind, actor_id, detail, created_at)
  select @tenant_id::uuid, s.id, 'confirmation_email', null,
    jsonb_build_object('status', ?::text, 'email', s.confirmation_email, 'error', ?::text), ?::timestamptz
  from settled s where ?::boolean
)
select id from settled`;

/** A ticket sharing another's order or serial number. */
export interface SameKeyTicketRow {
  id: string;
  ticket_number: string;
  status: string;
  created_at: string | Date;
  same_order: boolean;
  same_serial: boolean;
}

/** One ticket's row (tickets.*), its customer's, the products it may match and its possible duplicates. */
export interface TicketDetailRow {
  [column: string]: unknown;
  detail_customer: Record<string, unknown>;
  detail_products: TermProduct[];
  detail_duplicates: SameKeyTicketRow[];
  /** The ticket it was merged into as a duplicate claim, or null. */
  detail_merged_into: { id: string; ticket_number: string } | null;
  detail_assignee: { id: string; first_name: string | null; last_name: string | null; username: string } | null;
}

/**
 * The organization's other unmerged tickets whose `key` (order or serial) is the ticket's, through
 * that key's index. One branch per key, each skipped when the ticket has no such key: a single
 * `order key = … or serial key = …` lets the planner (which cannot know either value) walk every
 * ticket of the organization newest-first when one of them is empty.
 */
const sameKeyTicketsSql = (key: keyof typeof DUPLICATE_KEYS) => `select id, ticket_number, status, created_at,
                  coalesce(${DUPLICATE_KEYS.order} = t.detail_order_key, false) as same_order,
                  coalesce(${DUPLICATE_KEYS.serial} = t.detail_serial_key, false) as same_serial
             from tickets
            where @tenant() and t.detail_${key}_key is not null and ${DUPLICATE_KEYS[key]} = t.detail_${key}_key and id <> t.id and merged_into_id is null`;

/** The keys the possible duplicates are matched on, beside the columns of `t`'s tickets. */
const duplicateKeyColumns = () => `nullif(${DUPLICATE_KEYS.order}, '') as detail_order_key, nullif(${DUPLICATE_KEYS.serial}, '') as detail_serial_key`;

/**
 * The products the ticket `t` (a one-row CTE with duplicateKeyColumns) may match (its warranty
 * term), and the other tickets sharing its order or serial key (trimmed, lower case; an empty key
 * matches nothing; a ticket already merged as a duplicate is settled and left out), oldest first,
 * through the keys' indexes.
 */
const productsAndDuplicatesSql = (limit: number) => `(${candidateProductsSql('select t.product_sku, t.product_model from t')}) as detail_products,
  (select coalesce(json_agg(json_build_object('id', d.id, 'ticket_number', d.ticket_number, 'status', d.status, 'created_at', d.created_at,
                                              'same_order', d.same_order, 'same_serial', d.same_serial) order by d.created_at, d.id), '[]'::json)
     from (${sameKeyTicketsSql('order')}
           union
           ${sameKeyTicketsSql('serial')}
           order by created_at, id
           limit ${Math.trunc(limit)}) d) as detail_duplicates`;

/**
 * What the ticket screen reads, in one statement (one round trip, planned once per connection):
 * the ticket with its customer, its products and possible duplicates (productsAndDuplicatesSql),
 * the ticket it was merged into and its assignee.
 */
export const detailSql = (limit: number) => `with t as (
  select tickets.*, ${duplicateKeyColumns()}
    from tickets where @tenant() and id = ?
)
select t.*, row_to_json(cu) as detail_customer,
  ${productsAndDuplicatesSql(limit)},
  (select json_build_object('id', m.id, 'ticket_number', m.ticket_number) from tickets m where m.id = t.merged_into_id) as detail_merged_into,
  (select json_build_object('id', au.id, 'first_name', au.first_name, 'last_name', au.last_name, 'username', au.username)
     from users au where au.id = t.assignee_id) as detail_assignee
  from t join customers cu on cu.id = t.customer_id`;

/** A new ticket as TicketRepository.insertNew writes it. */
export interface NewTicketRow {
  /** The ticket's columns by name (snake_case), as the tickets table types them; the number is the insert's. */
  columns: Record<string, unknown>;
  /** The ticket's contact: its customer is found, updated or made by CUSTOMER_FOR_TICKET (not in `columns`). */
  contact: TicketContactRow;
  /** The first history row's author (null: no user, e.g. the voice agent). */
  changedBy: string | null;
  /** The event's outbox jobs as a statement (DomainEvents.publication), or null. */
  publication: { sql: string; params: unknown[] } | null;
  /**
   * The statement sends no NOTIFY for the list's cache (and its jobs none when the publication is
   * quiet too): outside a transaction only; the caller announces them after it.
   */
  quiet: boolean;
}

/** What insertNew answers: the ticket's row, its customer's row, its products and possible duplicates. */
export interface NewTicketResult {
  ticket: Record<string, unknown>;
  customer: Record<string, unknown>;
  products: TermProduct[];
  duplicates: SameKeyTicketRow[];
}

/**
 * Turns the list cache's NOTIFY off for the rest of the transaction (its triggers read the setting:
 * Migration20261205000000ListCacheQuiet). A quiet create (NewTicketRow.quiet, outside a transaction:
 * the statement is its transaction) sets it before its customer is written, and its caller
 * announces the organization to every instance's cache after the commit instead.
 */
const LIST_CACHE_QUIET_SQL = "set_config('wcrm.list_cache_notify', 'off', true)";

/**
 * One statement for a create, in a transaction or alone: the customer found, updated or made (with
 * the locks of its contact: CUSTOMER_FOR_TICKET), the ticket (numbered from the organization's
 * sequence), its first history row and the event's outbox jobs, answering the ticket's and the
 * customer's rows with the ticket's products and possible duplicates (the rows it inserts are not
 * visible to its own reads, and the ticket is no duplicate of itself).
 */
const insertNewText = (columns: string[], answered: readonly string[], published: string | null, quiet: boolean, limit: number) => `with ${
  quiet ? `quiet as materialized (select ${LIST_CACHE_QUIET_SQL} as off), customer as materialized (
  select ${CUSTOMER_FOR_TICKET} as row from quiet` : `customer as materialized (
  select ${CUSTOMER_FOR_TICKET} as row`
}
), ins as (
  insert into tickets (${columns.map((c) => `"${c}"`).join(', ')}, organization_id, ticket_number, customer_id)
  select ${columns.map((c) => `r."${c}"`).join(', ')}, @tenant_id, ${NEXT_FORMATTED_TICKET_NUMBER_SQL}, (select (customer.row ->> 'id')::uuid from customer)
    from json_populate_record(null::tickets, ?::json) r
  returning *
), history as (
  insert into ticket_status_changes (organization_id, ticket_id, from_status, to_status, changed_by_id, created_at)
  select @tenant_id, ins.id, null, ins.status, ?::uuid, ins.created_at from ins
)${published ? `, outbox as (${published})` : ''}, t as (
  select ${answered.map((c) => `ins."${c}"`).join(', ')}, ${duplicateKeyColumns()} from ins
)
select t.*, (select customer.row from customer) as detail_customer,
  ${productsAndDuplicatesSql(limit)}${published ? ', (select count(*) from outbox) as detail_published' : ''}
  from t`;

/**
 * insertNewText of these columns, built once: a form's creates send the same fields, so they are a
 * handful of texts, each kilobytes long. Kept per `answered` (entityColumns' one array for the entity),
 * so a create builds no key from its forty columns.
 */
const insertNewTexts = new WeakMap<readonly string[], Map<string, string>>();
function insertNewSql(columns: string[], answered: readonly string[], published: string | null, quiet: boolean, limit: number): string {
  let texts = insertNewTexts.get(answered);
  if (!texts) insertNewTexts.set(answered, (texts = new Map()));
  const key = `${columns.join(',')}|${published}|${quiet}|${limit}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = insertNewText(columns, answered, published, quiet, limit);
    if (texts.size < 500) texts.set(key, text);
  }
  return text;
}

/**
 * The tickets' queries (the entity's MikroORM repository: `em.getRepository(Ticket)`); the
 * services keep the rules. Every read is the organization's (the tenant filter, TenantSql). The
 * list's statements are TicketListQuery's.
 */
export class TicketRepository extends EntityRepository<Ticket> {
  /** The organization's ticket: locked for the transaction, or read with its customer and assignee. */
  ofOrganization(organizationId: string, id: string, lock = false): Promise<Ticket | null> {
    return this.findOne({ id, organization: organizationId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : { populate: ['customer', 'assignee'] });
  }

  /** The organization's ticket `ticketId` as the ticket screen reads it (detailSql); null when it has none. */
  async detail(ticketId: string, duplicatesLimit: number): Promise<TicketDetailRow | null> {
    const [row] = await tenantSql(this.getEntityManager() as EntityManager).executePrepared<TicketDetailRow>(detailSql(duplicatesLimit), [ticketId]);
    return row ?? null;
  }

  /** Writes a new ticket (insertNewSql) on the repository's transaction; `duplicatesLimit` bounds the duplicates answered. */
  async insertNew(row: NewTicketRow, duplicatesLimit: number): Promise<NewTicketResult> {
    const sql = tenantSql(this.getEntityManager() as EntityManager);
    // Quiet is the statement's own transaction: in a longer one its setting would silence what follows.
    if (row.quiet && this.getEntityManager().isInTransaction()) throw new Error('A quiet create cannot run inside a transaction');
    const columns = Object.keys(row.columns);
    const answered = entityColumns(this.getEntityManager() as EntityManager, this.entityName);
    const [result] = await sql.executePrepared<Record<string, unknown>>(insertNewSql(columns, answered, row.publication?.sql ?? null, row.quiet, duplicatesLimit), [
      JSON.stringify(row.contact),
      sql.organizationId,
      JSON.stringify(row.columns),
      row.changedBy,
      ...(row.publication?.params ?? []),
    ]);
    const {
      detail_customer: customer,
      detail_products: products,
      detail_duplicates: duplicates,
      detail_published: _published,
      detail_order_key: _orderKey,
      detail_serial_key: _serialKey,
      ...ticket
    } = result!;
    return { ticket, customer: customer as Record<string, unknown>, products: products as TermProduct[], duplicates: duplicates as SameKeyTicketRow[] };
  }

  /** The newest tickets with their customers. */
  newest(limit: number): Promise<Ticket[]> {
    return this.findAll({ populate: ['customer', 'assignee'], orderBy: { createdAt: 'desc', id: 'desc' }, limit });
  }

  /**
   * Sets the status of the organization's tickets among `ids` (locked), with a history row for
   * each whose status changed; answers how many there were and the changes (id, former status).
   */
  async setStatusOf(ids: string[], status: TicketStatus, changedById: string): Promise<{ updated: number; changes: { id: string; from: string | null }[] }> {
    const [row] = await tenantSql(this.getEntityManager() as EntityManager).execute<{ updated: number; changes: { id: string; from: string | null }[] }[]>(
      BULK_UPDATE_SQL,
      [ids, status, status, status, changedById, status],
    );
    return row;
  }

  /** The ticket of this id locked for update, or null. */
  lockedById(id: string): Promise<Ticket | null> {
    return this.findOne({ id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** The organization's tickets among `ids`, locked for update. */
  lockAmong(ids: string[]): Promise<Ticket[]> {
    return this.find({ id: { $in: ids } }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** Deletes the organization's tickets among `ids`; answers how many there were. */
  async deleteAmong(ids: string[]): Promise<number> {
    const result = await tenantSql(this.getEntityManager() as EntityManager).execute<{ affectedRows: number }>(
      'delete from tickets where @tenant() and id in (?)',
      [ids],
      'run',
    );
    return result.affectedRows;
  }

  /**
   * At most `limit` tickets past their respond-by time without a response or an overdue notice yet,
   * the most overdue first, locked (rows another transaction holds are skipped, left to the next run).
   */
  lockOverdueBatch(now: Date, limit: number) {
    return this.find(
      { respondedAt: null, overdueNotifiedAt: null, respondBy: { $lte: now } },
      { fields: ['id', 'respondBy', 'overdueNotifiedAt'], orderBy: { respondBy: 'asc', id: 'asc' }, limit, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
    );
  }

  byId(id: string): Promise<Ticket | null> {
    return this.findOne({ id });
  }

  /** The ticket with its customer. */
  withCustomer(id: string) {
    return this.findOne({ id }, { populate: ['customer'] });
  }

  /**
   * Records the confirmation e-mail's outcome on these tickets, without touching their updated_at
   * (the customer's ticket did not change), and for a final outcome (`recorded`) a row of each one's
   * activity trail (status, the address, the error); one statement (CONFIRMATION_SETTLED_SQL).
   * Answers the ids of the tickets still there: a ticket deleted meanwhile gets neither.
   */
  async settleConfirmations(ids: readonly string[], outcome: { status: string; error: string | null; at: Date; recorded: boolean }): Promise<string[]> {
    const { status, error, at, recorded } = outcome;
    const rows = await tenantSql(this.getEntityManager() as EntityManager).executePrepared<{ id: string }>(CONFIRMATION_SETTLED_SQL, [
      status,
      error,
      status === 'sent',
      at,
      `{${ids.join(',')}}`,
      status,
      error,
      at,
      recorded,
    ]);
    return rows.map((row) => row.id);
  }

  /** NewTicketSummary of these tickets, in one statement (the ones deleted since are left out). */
  async newTicketSummaries(ids: readonly string[]): Promise<NewTicketSummary[]> {
    const rows = await tenantSql(this.getEntityManager() as EntityManager).executePrepared<NewTicketSummary>(NEW_TICKET_SUMMARIES_SQL, [`{${ids.join(',')}}`]);
    // (timestamps as the connection's parser gives them: made Dates here)
    return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt), respondBy: row.respondBy === null ? null : new Date(row.respondBy) }));
  }

  /** The organization's ticket of this id (it must exist). */
  ofOrganizationOrFail(organizationId: string, id: string): Promise<Ticket> {
    return this.findOneOrFail({ id, organization: organizationId });
  }

  /** The customer's newest ticket among `statuses` (a new call from them joins their newest open one). */
  newestOfCustomer(organizationId: string, customerId: string, statuses: readonly TicketStatus[]): Promise<Ticket | null> {
    return this.findOne({ organization: organizationId, customer: customerId, status: { $in: [...statuses] } }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  }
}
