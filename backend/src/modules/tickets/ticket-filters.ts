import { ValidationFailedException } from '../../common/errors/app-exception.js';
import { isUuid } from '../../common/http/ids.js';
import { isIsoDate } from '@warranty-crm/contract';
import { TICKET_PRIORITIES, TICKET_STATUSES } from './ticket.entity.js';

/** The ticket list's filters, parsed and checked, ready for a query. */
export interface TicketFilters {
  status?: string;
  brand?: string;
  priority?: string;
  /** Inclusive lower bound: the start (UTC midnight) of dateFrom. */
  createdFrom?: Date;
  /** Exclusive upper bound: the start (UTC midnight) of the day after dateTo. */
  createdBefore?: Date;
  /** Unanswered tickets whose respond_by is within 4 h (due_soon) or already reached (overdue). */
  sla?: SlaFilter;
  /** Free text matched against ticket number, customer name, phone and e-mail, and the description. */
  q?: string;
  /** Only the tickets of this user (assignee_id = a user id, or `me` resolved to the signed-in user); null: the unassigned. */
  assignee?: string | null;
  /** react-admin's getMany: only these ids (non-uuid values can never match and are dropped). */
  ids?: string[];
}

export const MAX_IDS = 1000;
export const ASSIGNEE_FILTER_MESSAGE = 'assignee_id must be me, none or a user id';
export const SLA_FILTERS = ['due_soon', 'overdue'] as const;
export type SlaFilter = (typeof SLA_FILTERS)[number];

function text(source: Record<string, unknown>, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = source[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new ValidationFailedException([{ field: keys[0], message: `${keys[0]} must be a single value` }]);
    }
    const trimmed = String(value).trim();
    return trimmed === '' ? undefined : trimmed;
  }
  return undefined;
}

/** "All" (any case) in a status or priority select means no filter. */
function unlessAll(value: string | undefined): string | undefined {
  return value && value.toLowerCase() === 'all' ? undefined : value;
}

function dayStart(value: string, field: string, offsetDays = 0): Date {
  if (!isIsoDate(value)) {
    throw new ValidationFailedException([{ field, message: `${field} must be a date in the form YYYY-MM-DD` }]);
  }
  const date = new Date(`${value}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date;
}

/**
 * Merges the spec's plain query parameters (status, brand, priority, dateFrom, dateTo) with
 * react-admin's `filter` object (which wins when both name a field) and checks them.
 * Dates are whole days in UTC; dateTo is inclusive.
 */
export function parseTicketFilters(plain: Record<string, unknown>, filter: Record<string, unknown> = {}, me?: string): TicketFilters {
  const source = { ...plain, ...filter };
  const out: TicketFilters = {};

  const status = unlessAll(text(source, 'status'));
  if (status !== undefined) {
    if (!(TICKET_STATUSES as readonly string[]).includes(status)) {
      throw new ValidationFailedException([{ field: 'status', message: `status must be one of: ${TICKET_STATUSES.join(', ')}` }]);
    }
    out.status = status;
  }

  const priority = unlessAll(text(source, 'priority'));
  if (priority !== undefined) {
    if (!(TICKET_PRIORITIES as readonly string[]).includes(priority)) {
      throw new ValidationFailedException([{ field: 'priority', message: `priority must be one of: ${TICKET_PRIORITIES.join(', ')}` }]);
    }
    out.priority = priority;
  }

  const brand = text(source, 'brand', 'product_brand');
  if (brand !== undefined) out.brand = brand;

  const dateFrom = text(source, 'dateFrom', 'date_from');
  const dateTo = text(source, 'dateTo', 'date_to');
  if (dateFrom !== undefined) out.createdFrom = dayStart(dateFrom, 'dateFrom');
  if (dateTo !== undefined) out.createdBefore = dayStart(dateTo, 'dateTo', 1);
  if (out.createdFrom && out.createdBefore && out.createdFrom >= out.createdBefore) {
    throw new ValidationFailedException([{ field: 'dateTo', message: 'dateTo must not be before dateFrom' }]);
  }

  const sla = unlessAll(text(source, 'sla'));
  if (sla !== undefined) {
    if (!(SLA_FILTERS as readonly string[]).includes(sla)) {
      throw new ValidationFailedException([{ field: 'sla', message: `sla must be one of: ${SLA_FILTERS.join(', ')}` }]);
    }
    out.sla = sla as SlaFilter;
  }

  // assignee_id: "me" (the signed-in user), "none" (unassigned), or a user's id; "all" is no filter.
  const assignee = unlessAll(text(source, 'assignee_id'));
  if (assignee !== undefined) {
    const value = assignee.toLowerCase();
    if (value === 'none') out.assignee = null;
    else if (value === 'me' && me) out.assignee = me;
    else if (isUuid(value)) out.assignee = value;
    else throw new ValidationFailedException([{ field: 'assignee_id', message: ASSIGNEE_FILTER_MESSAGE }]);
  }

  const q = text(source, 'q');
  if (q !== undefined) out.q = q.slice(0, 200);

  const rawIds = source.ids ?? source.id;
  if (rawIds !== undefined && rawIds !== null) {
    const list = Array.isArray(rawIds) ? rawIds : String(rawIds).split(',');
    if (list.length > MAX_IDS) {
      throw new ValidationFailedException([{ field: 'ids', message: `At most ${MAX_IDS} ids can be requested at once` }]);
    }
    out.ids = list.map((id) => String(id).trim()).filter(isUuid);
  }
  return out;
}
