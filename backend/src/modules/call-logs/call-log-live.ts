import type { EntityManager } from '@mikro-orm/postgresql';
import { EVERYONE, type LiveHub } from '../../common/live/live-hub.js';

/** The SSE event open tabs get when a call log arrives or changes (a voicemail, its transcription): `{ call_log_id }`. */
export const CALL_LOG_LIVE_EVENT = 'call_log';

/** Tells every open tab of the organization that a call log changed (sent at em's commit). */
export function callLogChanged(live: LiveHub, em: EntityManager, organizationId: string, callLogId: string): Promise<void> {
  return live.publish(em, { organizationId, userId: EVERYONE, event: CALL_LOG_LIVE_EVENT, data: { call_log_id: callLogId } });
}
