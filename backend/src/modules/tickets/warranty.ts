/**
 * The warranty window, in one place. Spec part 1 section 9: 90 days from the purchase date. A later
 * per-product warranty term (products.warranty_term) can pass its own `termDays` here.
 */
export const WARRANTY_DAYS = 90;

const DAY_MS = 86_400_000;

export interface WarrantyStatus {
  /** The purchase was `termDays` days or less before the ticket was created; null when the purchase date is unknown. */
  under_warranty: boolean | null;
  /** Whole days from today until the window ends, never below 0; null when the purchase date is unknown. */
  warranty_days_left: number | null;
}

/** Calendar day number (days since 1970-01-01) of a date-only string or an instant, in UTC. */
function utcDay(value: string | Date): number {
  if (typeof value === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
    if (match) return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
  }
  const date = new Date(value);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) / DAY_MS;
}

/**
 * Whether a ticket is under warranty: its purchase was at most `termDays` days before the ticket was
 * created (inclusive), and how many days of the window remain today. `termDays` null is a lifetime
 * term: always covered, no end (warranty_days_left null).
 */
export function warrantyStatus(
  purchaseDate: string | Date | null | undefined,
  ticketCreatedAt: Date,
  now: Date = new Date(),
  termDays: number | null = WARRANTY_DAYS,
): WarrantyStatus {
  if (!purchaseDate) return { under_warranty: null, warranty_days_left: null };
  if (termDays === null) return { under_warranty: true, warranty_days_left: null };
  const purchase = utcDay(purchaseDate);
  return {
    under_warranty: utcDay(ticketCreatedAt) - purchase <= termDays,
    warranty_days_left: Math.max(0, purchase + termDays - utcDay(now)),
  };
}
