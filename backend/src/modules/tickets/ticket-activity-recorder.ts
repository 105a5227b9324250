import type { EntityManager } from '@mikro-orm/core';
import { type RecordedActivityKind, TicketActivity } from './ticket-activity.entity.js';

/**
 * One row of a ticket's activity trail on the caller's transaction: how another module (warranty's
 * decisions and resolutions) adds to the trail the tickets module keeps, without its entity.
 */
export function recordTicketActivity(
  em: EntityManager,
  row: { organizationId: string; ticketId: string; actorId: string | null; kind: RecordedActivityKind; detail: Record<string, string | boolean | null> },
): void {
  em.create(TicketActivity, { organization: row.organizationId, ticket: row.ticketId, kind: row.kind, actor: row.actorId, detail: row.detail });
}
