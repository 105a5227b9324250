import { calendarDate, daysBetween, isUnderWarranty as coveredOn, WARRANTY_DAYS } from '@warranty-crm/contract';

export { WARRANTY_DAYS };

/** A date input's YYYY-MM-DD as it is; a Date as its calendar date where the user is. */
function dayOf(value: string | Date): string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : calendarDate(new Date(value));
}

/** Calendar days from the purchase to today (a purchase today is 0 days ago). */
export function daysSincePurchase(purchaseDate: string | Date, now: number | Date = Date.now()): number {
  return daysBetween(dayOf(purchaseDate), calendarDate(new Date(now)));
}

/** The contract's rule on the user's today: the purchase was 90 days ago or less. */
export function isUnderWarranty(purchaseDate: string | Date, now: number | Date = Date.now()): boolean {
  return coveredOn(dayOf(purchaseDate), calendarDate(new Date(now)));
}
