import { RETENTION_MESSAGES, RECORDING_NOTICE_MAX, RECORDING_NOTICE_MESSAGES, retentionDaysValid } from '@warranty-crm/contract';

/** A period field's rule (react-admin validator): empty keeps forever, else whole days within the bounds. */
export function retentionDaysError(value: unknown): string | undefined {
  return retentionDaysValid(value) ? undefined : RETENTION_MESSAGES.days;
}

/** A period as the API takes it: null for empty (keep forever), else the number of days. */
export function retentionDaysValue(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  return Number(value);
}

export function recordingNoticeError(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim().length > RECORDING_NOTICE_MAX ? RECORDING_NOTICE_MESSAGES.text : undefined;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The dry run's answer in words: what the saved policy would do now. */
export function dryRunSummary(counts: { recordings: number; attachments: number; closed_tickets: number; closed_tickets_action: 'anonymise' | 'delete' }): string {
  const tickets = plural(counts.closed_tickets, 'closed ticket', 'closed tickets');
  const verb = counts.closed_tickets_action === 'delete' ? 'deleted' : 'anonymised';
  return `Now: ${plural(counts.recordings, 'recording', 'recordings')} and ${plural(counts.attachments, 'attachment', 'attachments')} would be deleted, ${tickets} ${verb}.`;
}
