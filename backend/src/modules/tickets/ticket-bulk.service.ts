import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { DomainEvents } from '../../common/events/domain-event.js';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import { TicketStatusChangedEvent } from './events/ticket-status-changed.event.js';
import { TicketActivity } from './ticket-activity.entity.js';
import { Ticket, type TicketPriority, type TicketStatus } from './ticket.entity.js';

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

/** Bulk status and priority changes and bulk delete from the ticket list's selection bar. */
@Injectable()
export class TicketBulkService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Sets the status, the priority or both of the organization's tickets among `ticketIds`, in one
   * transaction; answers how many of them there were.
   */
  async update(actor: Actor, ticketIds: string[], change: { status?: TicketStatus; priority?: TicketPriority }): Promise<number> {
    const ids = [...new Set(ticketIds.map((id) => id.toLowerCase()))];
    return this.em.transactional(async (tx) => {
      let updated = 0;
      if (change.status !== undefined) updated = await this.setStatus(tx, actor, ids, change.status);
      if (change.priority !== undefined) updated = await this.setPriority(tx, actor, ids, change.priority);
      return updated;
    });
  }

  private async setStatus(tx: EntityManager, actor: Actor, ids: string[], status: TicketStatus): Promise<number> {
    const [row] = await tenantSql(tx).execute<{ updated: number; changes: { id: string; from: string | null }[] }[]>(BULK_UPDATE_SQL, [
      ids,
      status,
      status,
      status,
      actor.id,
      status,
    ]);
    for (const change of row.changes) {
      await this.events.publish(tx, new TicketStatusChangedEvent(actor.organizationId, change.id, change.from, status, actor.id));
    }
    return row.updated;
  }

  /**
   * The priority of each ticket, with a priority_changed activity (from, to) for each one whose
   * priority actually changed, as a single ticket's PATCH records it.
   */
  private async setPriority(tx: EntityManager, actor: Actor, ids: string[], priority: TicketPriority): Promise<number> {
    const tickets = await tx.find(Ticket, { id: { $in: ids }, organization: actor.organizationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    for (const ticket of tickets) {
      if (ticket.priority === priority) continue;
      tx.create(TicketActivity, {
        organization: actor.organizationId,
        ticket,
        kind: 'priority_changed',
        actor: actor.id,
        detail: { from: ticket.priority, to: priority },
      });
      ticket.priority = priority;
    }
    await tx.flush();
    return tickets.length;
  }

  async delete(actor: Actor, ticketIds: string[]): Promise<number> {
    const ids = [...new Set(ticketIds.map((id) => id.toLowerCase()))];
    const result = await tenantSql(this.em).execute<{ affectedRows: number }>('delete from tickets where @tenant() and id in (?)', [ids], 'run');
    return result.affectedRows;
  }
}
