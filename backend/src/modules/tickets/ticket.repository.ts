import { LockMode } from '@mikro-orm/core';
import { type EntityManager, EntityRepository } from '@mikro-orm/postgresql';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import { candidateProductsSql, type TermProduct } from '../settings/products/product-warranty-terms.js';
import { DUPLICATE_KEYS, type Ticket, type TicketStatus } from './ticket.entity.js';

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

/**
 * What the ticket screen and a create's answer read, in one statement (one round trip, planned once
 * per connection): the ticket with its customer, the products its SKU or model may match (its
 * warranty term), the other tickets sharing its order or serial key (trimmed, lower case; an
 * empty key matches nothing; a ticket already merged as a duplicate is settled and left out), oldest
 * first, through the keys' indexes, the ticket it was merged into and its assignee.
 */
export const detailSql = (limit: number) => `with t as (
  select tickets.*, nullif(${DUPLICATE_KEYS.order}, '') as detail_order_key, nullif(${DUPLICATE_KEYS.serial}, '') as detail_serial_key
    from tickets where @tenant() and id = ?
)
select t.*, row_to_json(cu) as detail_customer,
  (${candidateProductsSql('select t.product_sku, t.product_model from t')}) as detail_products,
  (select coalesce(json_agg(json_build_object('id', d.id, 'ticket_number', d.ticket_number, 'status', d.status, 'created_at', d.created_at,
                                              'same_order', d.same_order, 'same_serial', d.same_serial) order by d.created_at, d.id), '[]'::json)
     from (${sameKeyTicketsSql('order')}
           union
           ${sameKeyTicketsSql('serial')}
           order by created_at, id
           limit ${Math.trunc(limit)}) d) as detail_duplicates,
  (select json_build_object('id', m.id, 'ticket_number', m.ticket_number) from tickets m where m.id = t.merged_into_id) as detail_merged_into,
  (select json_build_object('id', au.id, 'first_name', au.first_name, 'last_name', au.last_name, 'username', au.username)
     from users au where au.id = t.assignee_id) as detail_assignee
  from t join customers cu on cu.id = t.customer_id`;

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
    const [row] = await tenantSql(this.getEntityManager() as EntityManager).preparedRead<TicketDetailRow>(detailSql(duplicatesLimit), [ticketId]);
    return row ?? null;
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
   * (the customer's ticket did not change); one statement. Answers the ids of the tickets still there.
   */
  async settleConfirmations(ids: readonly string[], status: string, error: string | null, at: Date): Promise<string[]> {
    const rows = await tenantSql(this.getEntityManager() as EntityManager).execute<{ id: string }[]>(
      `update tickets set confirmation_status = ?, confirmation_error = ?,
         confirmation_sent_at = case when ? then ?::timestamptz else confirmation_sent_at end
       where @tenant() and id = any(?::uuid[]) returning id`,
      [status, error, status === 'sent', at, `{${ids.join(',')}}`],
    );
    return rows.map((row) => row.id);
  }

  /** These tickets with their customers, in one statement (the ones deleted since are left out). */
  withCustomers(ids: readonly string[]) {
    return this.find({ id: { $in: [...ids] } }, { populate: ['customer'] });
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
