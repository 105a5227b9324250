import { calendarDate, daysBetween } from './calendar.js';
import { productTermDays, type TicketProductKey, type WarrantyProduct } from './warranty-term.js';

/**
 * The warranty rule, in one place. Spec part 1 section 9: a purchase is under warranty on a day
 * that is 90 calendar days after it or fewer. A later per-product term (products.warranty_term)
 * passes its own `termDays`.
 */
export const WARRANTY_DAYS = 90;

/** Under warranty on `onDate` (both YYYY-MM-DD): `onDate` is at most `termDays` days after the purchase. */
export function isUnderWarranty(purchaseDate: string, onDate: string, termDays: number = WARRANTY_DAYS): boolean {
  return daysBetween(purchaseDate, onDate) <= termDays;
}

export interface WarrantyStatus {
  /** The purchase was `termDays` days or less before the ticket was created; null when the purchase date is unknown. */
  under_warranty: boolean | null;
  /** Whole days from today until the window ends, never below 0; null when the purchase date is unknown. */
  warranty_days_left: number | null;
}

/** A date-only string as it is, an instant as its calendar date in `timeZone`. */
function toCalendarDate(value: string | Date, timeZone: string): string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : calendarDate(new Date(value), timeZone);
}

/**
 * A ticket's warranty as the API reports it: covered when the purchase was at most `termDays` days
 * before the ticket was created, and the days of the window left today. Days are counted in
 * `timeZone` (the server's records: UTC). `termDays` null is a lifetime term: always covered, with
 * no end (warranty_days_left null).
 */
export function warrantyStatus(
  purchaseDate: string | Date | null | undefined,
  ticketCreatedAt: Date,
  now: Date = new Date(),
  termDays: number | null = WARRANTY_DAYS,
  timeZone = 'UTC',
): WarrantyStatus {
  if (!purchaseDate) return { under_warranty: null, warranty_days_left: null };
  if (termDays === null) return { under_warranty: true, warranty_days_left: null };
  const purchase = toCalendarDate(purchaseDate, timeZone);
  return {
    under_warranty: isUnderWarranty(purchase, calendarDate(ticketCreatedAt, timeZone), termDays),
    warranty_days_left: Math.max(0, termDays - daysBetween(purchase, calendarDate(now, timeZone))),
  };
}

/**
 * The warranty of a ticket with its product's term: the term of the product it matches among the
 * organization's `products` (matchProduct), else the default 90 days. The API reports its tickets
 * with this; the create dialog predicts the saved ticket's verdict with it (created now, in UTC).
 */
export function ticketWarranty(
  ticket: TicketProductKey & { purchaseDate: string | Date | null | undefined },
  products: readonly WarrantyProduct[],
  createdAt: Date,
  now: Date = new Date(),
): WarrantyStatus {
  const termDays = productTermDays(ticket, products);
  return warrantyStatus(ticket.purchaseDate, createdAt, now, termDays === undefined ? WARRANTY_DAYS : termDays);
}
