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

/** How far back a purchase date may go (spec part 1 section 5). */
export const PURCHASE_DATE_MAX_YEARS = 5;
export const ISSUE_DESCRIPTION_MIN = 20;

/**
 * The create form's validation messages (spec part 1 section 5), verbatim. The server's DTO and
 * the admin's form both read them from here (the admin imports this file), so they cannot drift.
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

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (no 2026-02-30). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/**
 * Not in the future and not more than 5 years ago. "Today" is the UTC date plus one day of grace,
 * because a customer east of UTC can already live on the next calendar day.
 */
export function isPurchaseDateInWindow(value: string, now: Date = new Date()): boolean {
  if (!isIsoDate(value)) return false;
  const latest = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  const earliest = new Date(Date.UTC(now.getUTCFullYear() - PURCHASE_DATE_MAX_YEARS, now.getUTCMonth(), now.getUTCDate()));
  const date = new Date(`${value}T00:00:00Z`);
  return date >= earliest && date <= latest;
}

/** "Label must be one of: a, b, c" */
export function oneOfMessage(label: string, options: readonly string[]): string {
  return `${label} must be one of: ${options.join(', ')}`;
}
