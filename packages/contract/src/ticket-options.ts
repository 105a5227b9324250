import { addDays, isIsoDate } from './calendar.js';

/** The create form's option lists (spec part 1 section 3), validated on the server exactly as listed. */
export const CONTACT_METHODS = ['Email', 'Phone', 'SMS'] as const;
export const JACK_MODELS = ['2-Ton Floor Jack', '2.5-Ton Floor Jack', '3-Ton Floor Jack', 'Other'] as const;
export const ISSUE_CATEGORIES = [
  "Won't Lift / Lifting Issues",
  "Drops Too Fast / Won't Hold Load",
  'Hydraulic Oil Leak',
  'Wheel/Caster Problems',
  'Handle Issues',
  'Insufficient Height',
  'Capacity/Overload Concerns',
  'Arrived Damaged/Missing Parts',
  'Rust/Corrosion/Maintenance',
  'Other',
] as const;
export const ISSUE_START_TIMES = [
  'First use / brand new',
  'Within first week',
  'Within first month',
  'After 1-3 months',
  'More than 3 months',
] as const;
export const YES_NO = ['Yes', 'No'] as const;
export const PREFERRED_RESOLUTIONS = [
  'Replacement',
  'Repair Parts',
  'Refund',
  'Technical Support Only',
  'Unsure - Need Guidance',
] as const;

/**
 * Ticket statuses (spec part 1 section 9): Open, Pending, Resolved, Closed. The detail page's
 * Update Status dialog sets Open, Pending or Closed; the list's bulk bar sets all four. Every one
 * can be filtered on and counted, so the filter and analytics list all four, in this order.
 */
export const TICKET_STATUSES = ['Open', 'Pending', 'Resolved', 'Closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** What the detail page's Update Status dialog offers (a Resolved ticket's dialog shows Resolved selected too). */
export const DETAIL_STATUSES = ['Open', 'Pending', 'Closed'] as const satisfies readonly TicketStatus[];
export const TICKET_PRIORITIES = ['High', 'Medium', 'Low'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** How far back a purchase date may go (spec part 1 section 5). */
export const PURCHASE_DATE_MAX_YEARS = 5;
export const ISSUE_DESCRIPTION_MIN = 20;
/** Shortest password anywhere (registration, forced and voluntary change). */
export const MIN_PASSWORD_LENGTH = 6;

/**
 * The create form's validation messages (spec part 1 section 5), verbatim. The server's DTO and
 * the admin's form both read them from this package, so they cannot drift.
 */
export const TICKET_MESSAGES = {
  customerName: 'Full name is required',
  customerEmail: 'Valid email is required',
  orderNumber: 'Order number is required',
  purchaseDateRequired: 'Purchase date is required',
  purchaseDateWindow: 'Purchase date must be within the last 5 years and not in the future',
  purchaseLocation: 'Purchase location is required',
  productSku: 'Product SKU/Model is required',
  jackModel: 'Jack model is required',
  issueCategory: 'Issue category is required',
  issueDescription: 'Issue description must be at least 20 characters',
  issueStartTime: 'Please select when the issue started',
  preferredResolution: 'Please select your preferred resolution',
  troubleshootingSteps: 'Please describe the troubleshooting steps you tried',
} as const;

/**
 * Not in the future and not more than 5 years before `today` (calendar dates). `graceDays` lets a
 * server that counts days in UTC accept the next date of a customer east of Greenwich.
 */
export function isPurchaseDateInWindow(value: string, today: string, graceDays = 0): boolean {
  if (!isIsoDate(value)) return false;
  const [year, month, day] = today.split('-').map(Number);
  const earliest = new Date(Date.UTC(year - PURCHASE_DATE_MAX_YEARS, month - 1, day)).toISOString().slice(0, 10);
  return value >= earliest && value <= addDays(today, graceDays);
}

/** "Label must be one of: a, b, c" */
export function oneOfMessage(label: string, options: readonly string[]): string {
  return `${label} must be one of: ${options.join(', ')}`;
}
