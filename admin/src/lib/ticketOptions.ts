/** The ticket's statuses and priorities, as the contract lists them, and what a choice dialog offers. */
import { DETAIL_STATUSES, TICKET_PRIORITIES, TICKET_STATUSES } from '@warranty-crm/contract';

export { DETAIL_STATUSES, TICKET_PRIORITIES, TICKET_STATUSES };

/**
 * The dialog's options: the ones it sets, plus the ticket's current value when it is not one of them
 * (a Resolved ticket's Update Status shows Resolved selected), in the contract's order.
 */
export function dialogOptions(options: readonly string[], current: string | null | undefined, order: readonly string[] = [...TICKET_STATUSES, ...TICKET_PRIORITIES]): string[] {
  if (!current || options.includes(current)) return [...options];
  const rank = (value: string) => (order.includes(value) ? order.indexOf(value) : Number.MAX_SAFE_INTEGER);
  return [...options, current].sort((a, b) => rank(a) - rank(b));
}
