import type { EntityManager } from '@mikro-orm/postgresql';
import { CallLog } from '../call-logs/call-log.entity.js';
import { TicketActivity } from './ticket-activity.entity.js';
import { TicketStatusChange } from './ticket-status-change.entity.js';

/** What a ticket's activity timeline is made of, each oldest first: its status changes, recorded activities and calls. */
export interface TicketTimelineRows {
  history: TicketStatusChange[];
  recorded: TicketActivity[];
  calls: CallLog[];
}

/** The read model of TicketActivityService: the organization's rows of one ticket, with who did what. */
export async function ticketTimelineRows(em: EntityManager, organizationId: string, ticketId: string): Promise<TicketTimelineRows> {
  const scope = { ticket: ticketId, organization: organizationId };
  const history = await em.find(TicketStatusChange, scope, { populate: ['changedBy'], orderBy: { createdAt: 'asc', id: 'asc' } });
  const recorded = await em.find(TicketActivity, scope, { populate: ['actor'], orderBy: { createdAt: 'asc', id: 'asc' } });
  const calls = await em.find(CallLog, scope, { populate: ['returnedBy'], orderBy: { createdAt: 'asc', id: 'asc' } });
  return { history, recorded, calls };
}
