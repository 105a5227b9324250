import type { EntityManager } from '@mikro-orm/postgresql';
import { EVERYONE, type LiveHub } from '../../common/live/live-hub.js';

/** The SSE event open tabs get when a ticket's evidence changes: `{ ticket_id, attachment_id }`. */
export const ATTACHMENT_LIVE_EVENT = 'ticket_attachment';

/** Tells every open tab of the organization that a ticket's evidence changed (sent at em's commit). */
export function attachmentChanged(live: LiveHub, em: EntityManager, organizationId: string, ticketId: string, attachmentId: string): Promise<void> {
  return live.publish(em, { organizationId, userId: EVERYONE, event: ATTACHMENT_LIVE_EVENT, data: { ticket_id: ticketId, attachment_id: attachmentId } });
}
