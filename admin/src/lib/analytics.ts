/** Pure helpers of the analytics page. Every count comes from the API; these only present them. */
import { TICKET_STATUSES } from '@warranty-crm/contract';

export type CountMap = Record<string, number>;

export interface ShareRow {
  key: string;
  count: number;
  /** Share of the total, 0 to 100 (0 when the total is 0). */
  percent: number;
}

/** The contract's statuses in workflow order (the list's filter's too); unknown ones follow alphabetically. */
export const STATUS_ORDER: string[] = [...TICKET_STATUSES];

function toCount(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * Rows with each key's share of the whole map. The map is the API's complete
 * breakdown (every ticket of the period counted once), so its total is the
 * period's ticket count. Brands: largest first; with `order`, that order first.
 */
export function sharesOf(map: CountMap | null | undefined, order?: string[]): { total: number; rows: ShareRow[] } {
  const entries = Object.entries(map ?? {}).map(([key, value]) => ({ key, count: toCount(value) }));
  const total = entries.reduce((sum, entry) => sum + entry.count, 0);
  const rank = (key: string) => {
    const index = order ? order.indexOf(key) : -1;
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  entries.sort((a, b) =>
    order
      ? rank(a.key) - rank(b.key) || a.key.localeCompare(b.key)
      : b.count - a.count || a.key.localeCompare(b.key),
  );
  return {
    total,
    rows: entries.map(entry => ({ ...entry, percent: total > 0 ? (entry.count / total) * 100 : 0 })),
  };
}

/** "42%", "<1%" for a sliver that would round to 0, "0%" for none. */
export function formatShare(percent: number): string {
  if (!(percent > 0)) return '0%';
  if (percent < 0.5) return '<1%';
  return `${Math.round(percent)}%`;
}

/** Hours as the cards show them: "<1m", "45m" under an hour, "18.5h" under two days, "3.2d" beyond; null stays null. */
export function formatHours(hours: number | null | undefined): string | null {
  if (hours === null || hours === undefined || !Number.isFinite(hours) || hours < 0) return null;
  if (hours * 60 < 0.5) return '<1m';
  if (hours < 1) return `${Math.round(hours * 60)}m`;
  if (hours < 48) return `${trimDecimal(hours)}h`;
  return `${trimDecimal(hours / 24)}d`;
}

function trimDecimal(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1);
}

export interface ResolutionRate {
  /** 0 to 100, or null when no ticket was created in the period. */
  percent: number | null;
  resolved: number;
  total: number;
}

/** Share of the period's tickets that are Resolved or Closed, from the status breakdown. */
export function resolutionRate(statusCounts: CountMap | null | undefined): ResolutionRate {
  const { total, rows } = sharesOf(statusCounts);
  const resolved = rows.filter(row => row.key === 'Resolved' || row.key === 'Closed').reduce((sum, row) => sum + row.count, 0);
  return { percent: total > 0 ? (resolved / total) * 100 : null, resolved, total };
}

export interface TimelinePoint {
  /** UTC day, YYYY-MM-DD. */
  date: string;
  count: number;
}

const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "2026-01-05" → "Jan 5" (the API's days are UTC days, so they are formatted in UTC). */
export function dayLabel(date: string): string {
  const value = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(value.getTime()) ? date : DAY_LABEL.format(value);
}

/** The chart's series: one label and one count per day, oldest first, as the API zero-filled them. */
export function timelineSeries(points: TimelinePoint[] | null | undefined): { labels: string[]; counts: number[] } {
  const sorted = [...(points ?? [])].sort((a, b) => a.date.localeCompare(b.date));
  return { labels: sorted.map(point => dayLabel(point.date)), counts: sorted.map(point => toCount(point.count)) };
}

/** The "Answered Within Promise" figure: the API's percent with its one decimal ("92.5%", "100%"); null stays null. */
export function promisesKeptValue(percent: number | null | undefined): string | null {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return null;
  return `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;
}

/** The card's note: the counts behind the share, or why there is none yet. */
export function promisesKeptNote(
  days: number,
  counts: { answered_within_promise: number; answered_late: number; overdue_unanswered: number } | undefined,
): string {
  const period = `Last ${days} days`;
  if (!counts) return period;
  const due = counts.answered_within_promise + counts.answered_late + counts.overdue_unanswered;
  if (!due) return `${period} · no promise has come due yet`;
  return `${period} · ${counts.answered_within_promise} of ${due} on time · ${counts.answered_late} late · ${counts.overdue_unanswered} overdue`;
}
