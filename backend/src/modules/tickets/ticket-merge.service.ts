import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { appendNote, TICKET_MERGE_MESSAGES } from '@warranty-crm/contract';
import type { Actor } from '../../common/auth/actor.js';
import { DomainEvents } from '../../common/events/domain-event.js';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import { TicketStatusChangedEvent } from './events/ticket-status-changed.event.js';
import { TicketActivity } from './ticket-activity.entity.js';
import { TicketStatusChange } from './ticket-status-change.entity.js';
import { Ticket } from './ticket.entity.js';
import { TicketAlreadyMergedError, TicketMergeSelfError, TicketNotFoundError } from './tickets.errors.js';

/**
 * What moves from a merged ticket to the one it is merged into: one statement per table (`?` is
 * the target, then the merged ticket), run in the merge's transaction. A table of a ticket's
 * records adds its line here.
 * The status history and the ticket's own activity (priority, verification, e-mail) stay with it.
 */
export const TICKET_MERGE_MOVES: { name: string; sql: string }[] = [
  { name: 'calls', sql: 'update call_logs set ticket_id = ? where @tenant() and ticket_id = ?' },
  { name: 'notes', sql: `update ticket_activities set ticket_id = ? where @tenant() and ticket_id = ? and kind = 'note'` },
  { name: 'messages', sql: 'update ticket_messages set ticket_id = ? where @tenant() and ticket_id = ?' },
  { name: 'attachments', sql: 'update ticket_attachments set ticket_id = ? where @tenant() and ticket_id = ?' },
];

export interface TicketMergeResult {
  target: Ticket;
  merged: Ticket;
  moved: Record<string, number>;
}

/** The note the target's description gets: the merged ticket's number and its description. */
export function mergedDescriptionNote(merged: Pick<Ticket, 'ticketNumber' | 'issueDescription'>): string {
  return `Merged from ${merged.ticketNumber}:\n${merged.issueDescription}`;
}

/**
 * Merging a duplicate claim into another ticket: its calls, notes and messages move to the target
 * (TICKET_MERGE_MOVES), its description is appended to the target's as a note, it is Closed (with
 * its history row and event, so the rollups follow) and names the target (merged_into_id), and both
 * activity trails record it. One transaction with both tickets locked.
 */
@Injectable()
export class TicketMergeService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: DomainEvents,
  ) {}

  async merge(actor: Actor, id: string, intoId: string): Promise<TicketMergeResult> {
    return this.em.transactional(async (tx) => {
      const locked = await tx.getRepository(Ticket).lockAmong([id, intoId]);
      const merged = locked.find((t) => t.id === id);
      const target = locked.find((t) => t.id === intoId);
      if (!merged) throw new TicketNotFoundError();
      if (id === intoId) throw new TicketMergeSelfError();
      if (!target) throw new TicketNotFoundError();
      await tx.populate([merged, target], ['mergedInto']);
      if (merged.mergedInto) throw new TicketAlreadyMergedError(TICKET_MERGE_MESSAGES.alreadyMerged(merged.ticketNumber, merged.mergedInto.ticketNumber));
      if (target.mergedInto) {
        throw new TicketAlreadyMergedError(TICKET_MERGE_MESSAGES.intoMerged(target.ticketNumber, target.mergedInto.ticketNumber), 'into_ticket_id');
      }

      const sql = tenantSql(tx);
      const moved: Record<string, number> = {};
      for (const move of TICKET_MERGE_MOVES) {
        moved[move.name] = (await sql.execute<{ affectedRows: number }>(move.sql, [target.id, merged.id], 'run')).affectedRows;
      }

      const now = new Date();
      const note = mergedDescriptionNote(merged);
      target.issueDescription = appendNote(target.issueDescription, note, now);
      const record = (ticket: Ticket, kind: TicketActivity['kind'], detail: TicketActivity['detail']) =>
        tx.create(TicketActivity, { organization: actor.organizationId, ticket, kind, actor: actor.id, detail, createdAt: now });
      record(target, 'note', { text: note });
      record(target, 'merged_from', { ticket_id: merged.id, ticket_number: merged.ticketNumber });
      record(merged, 'merged_into', { ticket_id: target.id, ticket_number: target.ticketNumber });

      if (merged.status !== 'Closed') {
        const from = merged.status;
        merged.status = 'Closed';
        tx.create(TicketStatusChange, { organization: actor.organizationId, ticket: merged, fromStatus: from, toStatus: 'Closed', changedBy: actor.id, createdAt: now });
        await this.events.publish(tx, new TicketStatusChangedEvent(actor.organizationId, merged.id, from, 'Closed', actor.id));
        merged.respondedAt ??= now;
      }
      merged.mergedInto = target;
      await tx.flush();
      await tx.populate([merged, target], ['customer']);
      return { target, merged, moved };
    });
  }
}
