import { ValidationFailedException } from '../../common/errors/app-exception.js';

/** An IANA time zone name accepted by both the runtime and PostgreSQL; UTC when absent. */
export function checkTimeZone(tz: string | undefined): string {
  if (tz === undefined || tz.trim() === '') return 'UTC';
  const name = tz.trim();
  try {
    if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) throw new RangeError(name);
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name;
  } catch {
    throw new ValidationFailedException([{ field: 'tz', message: 'tz must be an IANA time zone such as America/New_York' }]);
  }
}

/** Percentage change of a metric, one decimal: 0 when both are 0, null without a baseline. */
export function trend(current: number, previous: number): { current: number; previous: number; change_percent: number | null; direction: 'up' | 'down' | 'flat' } {
  const direction = current > previous ? 'up' : current < previous ? 'down' : 'flat';
  let change: number | null;
  if (previous === 0) change = current === 0 ? 0 : null;
  else change = Math.round(((current - previous) / previous) * 1000) / 10;
  return { current, previous, change_percent: change, direction };
}
