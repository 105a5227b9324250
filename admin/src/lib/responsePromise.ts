import { slaState, type SlaState } from '@warranty-crm/contract';

const MINUTE = 60_000;

/** A span as the countdown shows it: "<1m", "45m", "3h 12m", "2d 4h" (whole units, rounded down). */
export function formatSpan(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE);
  if (minutes < 1) return '<1m';
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ${minutes % 60}m`;
  return `${Math.floor(hours / 24)}d ${hours % 24}h`;
}

export interface PromiseStatus {
  state: SlaState;
  /** "Respond within 3h 12m", "Overdue by 1h 5m", "Responded in 2h 3m", "Missed by 20m". */
  text: string;
}

/** Where a ticket stands against its response promise at `now`; null for a ticket without one. */
export function promiseStatus(
  ticket: { created_at: string; respond_by?: string | null; responded_at?: string | null },
  now: Date,
): PromiseStatus | null {
  const state = slaState(ticket.respond_by, ticket.responded_at, now);
  if (!state || !ticket.respond_by) return null;
  const due = new Date(ticket.respond_by).getTime();
  const answered = ticket.responded_at ? new Date(ticket.responded_at).getTime() : null;
  switch (state) {
    case 'met':
      return { state, text: `Responded in ${formatSpan(answered! - new Date(ticket.created_at).getTime())}` };
    case 'missed':
      return { state, text: `Missed by ${formatSpan(answered! - due)}` };
    case 'overdue':
      return { state, text: `Overdue by ${formatSpan(now.getTime() - due)}` };
    default:
      return { state, text: `Respond within ${formatSpan(due - now.getTime())}` };
  }
}

/** The chip's colour per state. */
export const PROMISE_COLOR: Record<SlaState, 'success' | 'error' | 'warning' | 'info'> = {
  met: 'success',
  missed: 'error',
  overdue: 'error',
  due_soon: 'warning',
  on_track: 'info',
};
