/**
 * The one day boundary of the product: a day is a calendar date written YYYY-MM-DD, and rules
 * compare such dates, never instants. An instant becomes a date in a named time zone (the server
 * records in UTC; the admin shows what "today" is where the user sits).
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A real calendar date written YYYY-MM-DD (no 2026-02-30). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** Days since 1970-01-01 of a calendar date (or of the date part of an ISO timestamp). */
export function dayNumber(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return Number.NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

/** The calendar date `days` after (negative: before) a calendar date. */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from one date to another (0 on the same day). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/**
 * One formatter per time zone: building an Intl.DateTimeFormat costs far more than formatting with
 * it (it dominated the CPU of a ticket list page, which dates every row), and zones are few.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The calendar date of an instant in a time zone; the runtime's own zone when none is named. */
export function calendarDate(instant: Date, timeZone?: string): string {
  if (timeZone === 'UTC') return instant.toISOString().slice(0, 10);
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find(p => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
