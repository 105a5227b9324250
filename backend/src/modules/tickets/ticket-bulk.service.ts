import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { DomainEvents } from '../../common/events/domain-event.js';
import { TicketStatusChangedEvent } from './events/ticket-status-changed.event.js';
import type { TicketStatus } from './ticket.entity.js';

/**
 * One statement: lock the organization's matching tickets, set the status, and write a history row
 * for each ticket whose status actually changed. Ids of another organization match nothing.
 */
const BULK_UPDATE_SQL = `
with target as (
  select id, status as old_status from tickets
  where organization_id = ? and id in (?)
  for update
), updated as (
  update tickets t set status = ?, updated_at = now(),
    -- A real status change is the agent's first response if the ticket had none.
    responded_at = case when t.responded_at is null and target.old_status is distinct from ? then now() else t.responded_at end
  from target where t.id = target.id
  returning t.id, target.old_status
), history as (
  insert into ticket_status_changes (organization_id, ticket_id, from_status, to_status, changed_by_id)
  select ?, id, old_status, ?, ? from updated where old_status is distinct from ?
  returning ticket_id, from_status
)
select (select count(*) from updated)::int as updated,
       coalesce((select json_agg(json_build_object('id', ticket_id, 'from', from_status)) from history), '[]'::json) as changes`;

/** Bulk status change and bulk delete from the ticket list's selection bar. */
@Injectable()
export class TicketBulkService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
  ) {}

  async updateStatus(actor: Actor, ticketIds: string[], status: TicketStatus): Promise<number> {
    const ids = [...new Set(ticketIds.map((id) => id.toLowerCase()))];
    return this.em.transactional(async (tx) => {
      const [row] = await tx.execute<{ updated: number; changes: { id: string; from: string | null }[] }[]>(
        BULK_UPDATE_SQL,
        [actor.organizationId, ids, status, status, actor.organizationId, status, actor.id, status],
      );
      for (const change of row.changes) {
        await this.events.publish(tx, new TicketStatusChangedEvent(actor.organizationId, change.id, change.from, status, actor.id));
      }
      return row.updated;
    });
  }

  async delete(actor: Actor, ticketIds: string[]): Promise<number> {
    const ids = [...new Set(ticketIds.map((id) => id.toLowerCase()))];
    const result = await this.em.getConnection().execute<{ affectedRows: number }>(
      'delete from tickets where organization_id = ? and id in (?)',
      [actor.organizationId, ids],
      'run',
    );
    return result.affectedRows;
  }
}
