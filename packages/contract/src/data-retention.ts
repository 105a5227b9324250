/**
 * Retention of customers' data and the recording notice (issue 35): the bounds, choices, defaults
 * and messages the Settings form and the API both apply.
 */

/** A retention period, in whole days: empty keeps forever. */
export const RETENTION_DAYS_MIN = 30;
export const RETENTION_DAYS_MAX = 3650;

/** What happens to a closed ticket past its period. */
export const CLOSED_TICKET_ACTIONS = ['anonymise', 'delete'] as const;
export type ClosedTicketAction = (typeof CLOSED_TICKET_ACTIONS)[number];
export const CLOSED_TICKET_ACTION_LABELS: Record<ClosedTicketAction, string> = {
  anonymise: 'Anonymise (keep the ticket for analytics)',
  delete: 'Delete',
};

/** The three periods, as the API names them. */
export const RETENTION_PERIODS = ['recordings_days', 'attachments_days', 'closed_tickets_days'] as const;
export type RetentionPeriod = (typeof RETENTION_PERIODS)[number];
export const RETENTION_PERIOD_LABELS: Record<RetentionPeriod, string> = {
  recordings_days: 'Call recordings',
  attachments_days: 'Attachments',
  closed_tickets_days: 'Closed tickets',
};

export const RETENTION_MESSAGES = {
  days: `Enter a whole number of days between ${RETENTION_DAYS_MIN} and ${RETENTION_DAYS_MAX}, or leave it empty to keep forever`,
  action: `Choose ${CLOSED_TICKET_ACTIONS.join(' or ')}`,
  dryRunFirst: 'Run a dry run before turning retention on',
  nothingToKeep: 'Set at least one period before turning retention on',
} as const;

/** A period as typed: empty (keep forever) or a whole number of days within the bounds. */
export function retentionDaysValid(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= RETENTION_DAYS_MIN && n <= RETENTION_DAYS_MAX;
}

/** The recording notice said before the voicemail greeting and at the start of the AI agent's call. */
export const DEFAULT_RECORDING_NOTICE = 'This call may be recorded for quality and warranty purposes.';
export const RECORDING_NOTICE_MAX = 300;
export const RECORDING_NOTICE_MESSAGES = {
  text: `The recording notice must be at most ${RECORDING_NOTICE_MAX} characters`,
} as const;

/** The notice as it is said: the organization's text, or the default when it has none. */
export function recordingNoticeText(text: string | null | undefined): string {
  const trimmed = (text ?? '').trim();
  return trimmed || DEFAULT_RECORDING_NOTICE;
}
