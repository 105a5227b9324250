import type { CallLog } from './call-log.entity.js';

/** Whether the call has audio we serve: a Twilio recording, or an AI-agent call Retell recorded. */
export function hasRecording(log: Pick<CallLog, 'recordingSid' | 'retellCallId' | 'recordingUrl'>): boolean {
  return !!log.recordingSid || (!!log.retellCallId && !!log.recordingUrl);
}
