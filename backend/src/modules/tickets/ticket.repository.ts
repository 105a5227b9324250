import { LockMode } from '@mikro-orm/core';
import { type EntityManager, EntityRepository } from '@mikro-orm/postgresql';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
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

/**
 * The tickets' queries (the entity's MikroORM repository: `em.getRepository(Ticket)`); the
 * services keep the rules. Every read is the organization's (the tenant filter, TenantSql). The
 * list's statements are TicketListQuery's.
 */
export class TicketRepository extends EntityRepository<Ticket> {
  /**
   * The other tickets whose order or serial key (trimmed, lower case: the lower() indexes) is
   * `order` or `serial`, oldest first, at most `limit`; a ticket already merged as a duplicate is
   * settled and left out.
   */
  sameOrderOrSerial(ticketId: string, order: string | null, serial: string | null, limit: number): Promise<SameKeyTicketRow[]> {
    return tenantSql(this.getEntityManager() as EntityManager).execute<SameKeyTicketRow[]>(
      `select id, ticket_number, status, created_at,
              (${DUPLICATE_KEYS.order} = ?) as same_order, (${DUPLICATE_KEYS.serial} = ?) as same_serial
         from tickets
        where @tenant() and id <> ? and merged_into_id is null and (${DUPLICATE_KEYS.order} = ? or ${DUPLICATE_KEYS.serial} = ?)
        order by created_at, id
        limit ${Math.trunc(limit)}`,
      [order, serial, ticketId, order, serial],
    );
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

  /** The organization's ticket of this id (it must exist). */
  ofOrganizationOrFail(organizationId: string, id: string): Promise<Ticket> {
    return this.findOneOrFail({ id, organization: organizationId });
  }

  /** The customer's newest ticket among `statuses` (a new call from them joins their newest open one). */
  newestOfCustomer(organizationId: string, customerId: string, statuses: readonly TicketStatus[]): Promise<Ticket | null> {
    return this.findOne({ organization: organizationId, customer: customerId, status: { $in: [...statuses] } }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  }
}
