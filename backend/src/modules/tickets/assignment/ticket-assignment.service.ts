import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../../common/auth/actor.js';
import { DomainEvents } from '../../../common/events/domain-event.js';
import { EVERYONE, LiveHub } from '../../../common/live/live-hub.js';
import { User } from '../../users/user.entity.js';
import { displayName } from '../assignee-name.js';
import { TicketAssignedEvent } from '../events/ticket-assigned.event.js';
import { TicketActivity } from '../ticket-activity.entity.js';
import type { Ticket } from '../ticket.entity.js';
import { AssigneeNotFoundError } from '../tickets.errors.js';

/** The SSE event open tabs get when tickets' assignees change: `{ ticket_ids }`. */
export const TICKETS_ASSIGNED_LIVE_EVENT = 'tickets_assigned';

/**
 * The one way a ticket's assignee changes, whoever changes it (the detail page, the Edit view, the
 * bulk bar, the round-robin): on the caller's transaction, for each ticket whose assignee actually
 * changes, an `assigned` activity row (with the names as they are now) and TicketAssignedEvent; and
 * a live message to the organization's open tabs, sent at commit.
 */
@Injectable()
export class TicketAssignment {
  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
    private readonly live: LiveHub,
  ) {}

  /** Who a ticket can be assigned to: the organization's users, by name (the tenant filter scopes the read). */
  async assignable(actor: Actor): Promise<{ id: string; name: string }[]> {
    const users = await this.em.getRepository(User).namesOf(actor.organizationId);
    return users
      .map((u) => ({ id: u.id, name: displayName(u) ?? u.username }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  /** The organization's user `id` (the tenant filter scopes the read), or AssigneeNotFoundError. */
  async assignee(tx: EntityManager, organizationId: string, id: string, field?: string): Promise<User> {
    const user = await tx.getRepository(User).ofOrganization(organizationId, id);
    if (!user) throw new AssigneeNotFoundError(field);
    return user;
  }

  /**
   * Assigns `tickets` (loaded on tx, locked by the caller) to `to` (null unassigns); `by` is the user
   * who did it, null for the automatic assignment. Answers the tickets that changed.
   */
  async assign(tx: EntityManager, organizationId: string, tickets: Ticket[], to: User | null, by: string | null): Promise<Ticket[]> {
    const changed = tickets.filter((t) => idOf(t.assignee) !== (to?.id ?? null));
    if (!changed.length) return [];
    const former = await this.names(tx, changed.map((t) => idOf(t.assignee)).filter((id): id is string => id !== null));
    for (const ticket of changed) {
      const from = idOf(ticket.assignee);
      const activity = tx.create(TicketActivity, {
        organization: organizationId,
        ticket,
        kind: 'assigned',
        actor: by,
        detail: { from, to: to?.id ?? null, from_name: from ? (former.get(from) ?? null) : null, to_name: displayName(to) },
      });
      ticket.assignee = to;
      await this.events.publish(tx, new TicketAssignedEvent(organizationId, ticket.id, from, to?.id ?? null, by, activity.id));
    }
    await tx.flush();
    // Open tabs of the organization re-read their tickets (an automatic assignment shows without a reload).
    await this.live.publish(tx, { organizationId, userId: EVERYONE, event: TICKETS_ASSIGNED_LIVE_EVENT, data: { ticket_ids: changed.map((t) => t.id) } });
    return changed;
  }

  private async names(tx: EntityManager, ids: string[]): Promise<Map<string, string | null>> {
    if (!ids.length) return new Map();
    const users = await tx.getRepository(User).namesAmong([...new Set(ids)]);
    return new Map(users.map((u) => [u.id, displayName(u)]));
  }
}

/** The id of a loaded or referenced user, or null. */
export function idOf(user: { id: string } | string | null | undefined): string | null {
  if (!user) return null;
  return typeof user === 'string' ? user : user.id;
}
