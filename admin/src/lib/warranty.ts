/** Warranty window in days from the purchase date. */
export const WARRANTY_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Days elapsed between the purchase date and now, counted in whole calendar
 * days (a purchase "today" is 0 days ago). Date-only strings ("2025-01-31")
 * are read as local calendar dates, as a date input produces them.
 */
export function daysSincePurchase(
  purchaseDate: string | Date,
  now: number | Date = Date.now(),
): number {
  const purchase = toLocalDay(purchaseDate);
  const today = toLocalDay(new Date(now));
  return Math.round((today.getTime() - purchase.getTime()) / DAY_MS);
}

/** True when the purchase was 90 days ago or less. */
export function isUnderWarranty(
  purchaseDate: string | Date,
  now: number | Date = Date.now(),
): boolean {
  return daysSincePurchase(purchaseDate, now) <= WARRANTY_DAYS;
}

function toLocalDay(value: string | Date): Date {
  if (typeof value === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (match) return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  }
  const date = new Date(value);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}
