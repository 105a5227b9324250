/** The ticket list's filters and bulk actions (spec part 1 section 2). */
import { MAX_LIST_OFFSET, TICKET_PRIORITIES, TICKET_STATUSES } from '@warranty-crm/contract';
export const ALL = 'all';

/** The list's page size and order when neither the URL nor the stored list params say otherwise. */
export const TICKET_LIST_PER_PAGE = 25;
export const TICKET_LIST_SORT = { field: 'created_at', order: 'DESC' } as const;
/**
 * The list asks for its rows as the list shows them (GET /api/tickets?view=row, issue 32): a third of
 * a whole ticket's bytes. As react-admin's query meta, it also keeps those rows out of the cache the
 * ticket screen reads (useGetList seeds ['tickets', 'getOne', {id, meta}] with each row).
 */
export const TICKET_LIST_META = { view: 'row' } as const;

/** All, then every status a ticket can have (the bulk bar sets Resolved, so it can be found too). */
export const STATUS_FILTER_OPTIONS = [{ value: ALL, label: 'All' }, ...TICKET_STATUSES.map(status => ({ value: status, label: status }))] as const;

export const PRIORITY_FILTER_OPTIONS = [{ value: ALL, label: 'All' }, ...TICKET_PRIORITIES.map(priority => ({ value: priority, label: priority }))] as const;

/** The response-promise filter (issue 17): unanswered tickets close to or past their respond_by. */
export const SLA_FILTER_OPTIONS = [
  { value: ALL, label: 'All' },
  { value: 'due_soon', label: 'Due soon' },
  { value: 'overdue', label: 'Overdue' },
] as const;

export interface TicketFilterValues {
  status: string;
  brand: string;
  priority: string;
  dateFrom: string;
  dateTo: string;
  sla: string;
}

export const EMPTY_FILTERS: TicketFilterValues = { status: ALL, brand: ALL, priority: ALL, dateFrom: '', dateTo: '', sla: ALL };

/** The list filter sent to the API: "all" and empty values are left out. */
export function toListFilter(values: TicketFilterValues): Record<string, string> {
  const filter: Record<string, string> = {};
  for (const [key, raw] of Object.entries(values)) {
    const value = String(raw ?? '').trim();
    if (value === '' || value === ALL) continue;
    filter[key] = value;
  }
  return filter;
}

/** The form's values for a filter as the list holds it (e.g. after a reload from the URL). */
export function fromListFilter(filter: Record<string, unknown> | undefined): TicketFilterValues {
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? value : fallback);
  return {
    status: text(filter?.status, ALL),
    brand: text(filter?.brand, ALL),
    priority: text(filter?.priority, ALL),
    dateFrom: text(filter?.dateFrom, ''),
    dateTo: text(filter?.dateTo, ''),
    sla: text(filter?.sla, ALL),
  };
}

/** Bulk status buttons: label and the status they set ("In Progress" sets Pending). */
export const BULK_STATUS_ACTIONS = [
  { label: 'Mark Open', status: 'Open' },
  { label: 'In Progress', status: 'Pending' },
  { label: 'Resolved', status: 'Resolved' },
  { label: 'Closed', status: 'Closed' },
] as const satisfies readonly { label: string; status: (typeof TICKET_STATUSES)[number] }[];

/** The bulk bar's priority buttons (the detail page's Quick Actions set it one ticket at a time). */
export const BULK_PRIORITY_ACTIONS = TICKET_PRIORITIES.map(priority => ({ label: `${priority} Priority`, priority }));

/** The list's count line; "about N" when the API answered an estimate (X-Total-Count-Estimated). */
export const showingText = (total: number, estimated = false) => {
  const noun = total === 1 ? 'ticket' : 'tickets';
  return estimated ? `Showing about ${total.toLocaleString('en-US')} ${noun}` : `Showing ${total} ${noun}`;
};

/** Shown instead of a page past the API's offset limit that was asked for without the page before it. */
export const DEEP_PAGE_MESSAGE =
  `Pages beyond the first ${MAX_LIST_OFFSET.toLocaleString('en-US')} tickets open one after another with the next-page button. ` +
  'Narrow the filters or change the sort to reach these tickets sooner.';
export const selectedText = (count: number) => `${count} selected`;
export const deleteConfirmText = (count: number) => `Are you sure you want to delete ${count} ticket(s)?`;
export const updatedText = (count: number) => `${count} ticket(s) updated successfully`;
export const deletedText = (count: number) => `${count} ticket(s) deleted successfully`;
