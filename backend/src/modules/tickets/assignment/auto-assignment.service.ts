import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../../common/auth/actor.js';
import { AuditLogService } from '../../audit-log/audit-log.service.js';
import { User } from '../../users/user.entity.js';
import { Ticket } from '../ticket.entity.js';
import { AssigneeNotFoundError } from '../tickets.errors.js';
import { TicketAssignmentRotation } from './assignment-rotation.entity.js';
import { TicketAssignment } from './ticket-assignment.service.js';

export interface AutoAssignmentSettings {
  enabled: boolean;
  /** The agents new tickets rotate among, in turn order (only users still in the organization). */
  agentIds: string[];
}

/**
 * Settings → Tickets' automatic assignment: new tickets go round-robin to the chosen agents. The
 * turn is taken in one statement on the counter row (TicketAssignmentRotationRepository.takeTurn) when the ticket's
 * `ticket.created` handler runs (AutoAssignListener), so concurrent creates each get their own turn
 * and never wait on one another's commit.
 */
@Injectable()
export class AutoAssignment {
  constructor(
    private readonly em: EntityManager,
    private readonly assignment: TicketAssignment,
    private readonly auditLog: AuditLogService,
  ) {}

  async settings(actor: Actor): Promise<AutoAssignmentSettings> {
    const row = await this.em.getRepository(TicketAssignmentRotation).ofOrganization(actor.organizationId);
    if (!row) return { enabled: false, agentIds: [] };
    // A removed user is no longer listed.
    const present = row.agentIds.length ? await this.em.getRepository(User).idsAmong(row.agentIds) : [];
    const ids = new Set(present.map((u) => u.id));
    return { enabled: row.enabled, agentIds: row.agentIds.filter((id) => ids.has(id)) };
  }

  /** Turns it on or off and sets the agents (users of the organization, duplicates dropped, order kept). */
  async update(actor: Actor, change: { enabled?: boolean; agentIds?: string[] }): Promise<AutoAssignmentSettings> {
    await this.em.transactional(async (tx) => {
      const agentIds = change.agentIds && [...new Set(change.agentIds.map((id) => id.toLowerCase()))];
      if (agentIds?.length) {
        const found = await tx.getRepository(User).idsAmong(agentIds, actor.organizationId);
        if (found.length !== agentIds.length) throw new AssigneeNotFoundError('agent_ids');
      }
      let row = await tx.getRepository(TicketAssignmentRotation).ofOrganization(actor.organizationId);
      const before = { enabled: row?.enabled ?? false, agent_ids: [...(row?.agentIds ?? [])] };
      row ??= tx.create(TicketAssignmentRotation, { organization: actor.organizationId });
      if (change.enabled !== undefined) row.enabled = change.enabled;
      if (agentIds) row.agentIds = agentIds;
      const changes = [
        ...(before.enabled !== row.enabled ? [{ field: 'auto_assign_enabled', old: before.enabled, new: row.enabled }] : []),
        ...(before.agent_ids.join() !== row.agentIds.join() ? [{ field: 'auto_assign_agent_ids', old: before.agent_ids, new: row.agentIds }] : []),
      ];
      if (changes.length) this.auditLog.record(tx, actor, 'settings_changed', { subject: 'settings', changes });
      await tx.flush();
    });
    return this.settings(actor);
  }

  /**
   * New tickets' turns (on the handler's transaction), in the order given: the next agent of the
   * rotation, if it is on, gets each ticket unless someone assigned it meanwhile. Answers the
   * assignees' ids by ticket. With the rotation off it costs one statement however many tickets, and
   * locks none: the other handlers of the same creates (the confirmation's update) do not wait on it.
   */
  async assignNew(tx: EntityManager, organizationId: string, ticketIds: readonly string[]): Promise<Map<string, string>> {
    const assigned = new Map<string, string>();
    if (!(await tx.getRepository(TicketAssignmentRotation).hasTurns())) return assigned;
    const locked = new Map((await tx.getRepository(Ticket).lockAmong([...ticketIds])).map((t) => [t.id, t]));
    for (const id of ticketIds) {
      const ticket = locked.get(id);
      if (!ticket || ticket.assignee) continue;
      const pick = await tx.getRepository(TicketAssignmentRotation).takeTurn();
      if (!pick) break; // off, or nobody left to take a turn
      const user = await this.assignment.assignee(tx, organizationId, pick);
      await this.assignment.assign(tx, organizationId, [ticket], user, null);
      assigned.set(id, user.id);
    }
    return assigned;
  }
}
