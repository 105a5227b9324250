const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * Short relative time as shown in notification lists:
 * under 60 s "Just now", under an hour "Nm ago", under a day "Nh ago",
 * under 7 days "Nd ago", otherwise the en-US locale date.
 */
export function relativeTime(
  date: string | number | Date,
  now: number | Date = Date.now(),
): string {
  const then = new Date(date);
  if (Number.isNaN(then.getTime())) return '';
  const seconds = Math.floor((new Date(now).getTime() - then.getTime()) / 1000);
  if (seconds < MINUTE) return 'Just now';
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)}m ago`;
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)}h ago`;
  if (seconds < WEEK) return `${Math.floor(seconds / DAY)}d ago`;
  return then.toLocaleDateString('en-US');
}
