import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { DomainEvents } from '../../common/events/domain-event.js';
import { TicketAssignment } from './assignment/ticket-assignment.service.js';
import { TicketStatusChangedEvent } from './events/ticket-status-changed.event.js';
import { TicketActivity } from './ticket-activity.entity.js';
import { Ticket, type TicketPriority, type TicketStatus } from './ticket.entity.js';

/** Bulk status, priority and assignee changes and bulk delete from the ticket list's selection bar. */
@Injectable()
export class TicketBulkService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
    private readonly assignment: TicketAssignment,
  ) {}

  /**
   * Sets the status, the priority or both of the organization's tickets among `ticketIds`, in one
   * transaction; answers how many of them there were.
   */
  async update(
    actor: Actor,
    ticketIds: string[],
    change: { status?: TicketStatus; priority?: TicketPriority; assigneeId?: string | null },
  ): Promise<number> {
    const ids = [...new Set(ticketIds.map((id) => id.toLowerCase()))];
    return this.em.transactional(async (tx) => {
      let updated = 0;
      // The assignee first: an unknown user changes nothing.
      if (change.assigneeId !== undefined) updated = await this.setAssignee(tx, actor, ids, change.assigneeId);
      if (change.status !== undefined) updated = await this.setStatus(tx, actor, ids, change.status);
      if (change.priority !== undefined) updated = await this.setPriority(tx, actor, ids, change.priority);
      return updated;
    });
  }

  /** The assignee of each ticket (a user of the organization, or none), recorded for each one that changed. */
  private async setAssignee(tx: EntityManager, actor: Actor, ids: string[], assigneeId: string | null): Promise<number> {
    const to = assigneeId === null ? null : await this.assignment.assignee(tx, actor.organizationId, assigneeId);
    const tickets = await tx.getRepository(Ticket).lockAmong(ids);
    await this.assignment.assign(tx, actor.organizationId, tickets, to, actor.id);
    return tickets.length;
  }

  private async setStatus(tx: EntityManager, actor: Actor, ids: string[], status: TicketStatus): Promise<number> {
    const row = await tx.getRepository(Ticket).setStatusOf(ids, status, actor.id);
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
    const tickets = await tx.getRepository(Ticket).lockAmong(ids);
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
    return this.em.getRepository(Ticket).deleteAmong(ids);
  }
}
