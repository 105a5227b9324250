/**
 * The Create New Ticket form (spec part 1 sections 3 and 5): its options, its
 * client-side validation with the spec's messages, the payload it posts and
 * the mapping of the server's 400 `errors` back onto its fields.
 */
// The options, limits, messages and rules are the server's own: one source for both sides.
import {
  addDays,
  calendarDate,
  CONTACT_METHODS,
  ISSUE_CATEGORIES,
  ISSUE_DESCRIPTION_MIN,
  ISSUE_START_TIMES,
  JACK_MODELS,
  isPurchaseDateInWindow as isInWindow,
  PREFERRED_RESOLUTIONS,
  PURCHASE_DATE_MAX_YEARS,
  TICKET_MESSAGES as MESSAGES,
  YES_NO,
} from '@warranty-crm/contract';

export {
  CONTACT_METHODS,
  ISSUE_CATEGORIES,
  ISSUE_DESCRIPTION_MIN,
  ISSUE_START_TIMES,
  JACK_MODELS,
  MESSAGES,
  PREFERRED_RESOLUTIONS,
  PURCHASE_DATE_MAX_YEARS,
  YES_NO,
};

export interface TicketFormValues {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  contactMethod: string;
  orderNumber: string;
  purchaseDate: string;
  purchaseLocation: string;
  productSku: string;
  jackModel: string;
  serialNumber: string;
  issueCategory: string;
  issueDescription: string;
  issueStartTime: string;
  troubleshootingAttempted: string;
  troubleshootingSteps: string;
  preferredResolution: string;
}

export type TicketFormField = keyof TicketFormValues;
export type TicketFormErrors = Partial<Record<TicketFormField, string>>;

export const EMPTY_TICKET_FORM: TicketFormValues = {
  customerName: '',
  customerEmail: '',
  customerPhone: '',
  contactMethod: 'Email',
  orderNumber: '',
  purchaseDate: '',
  purchaseLocation: '',
  productSku: '',
  jackModel: '',
  serialNumber: '',
  issueCategory: '',
  issueDescription: '',
  issueStartTime: '',
  troubleshootingAttempted: 'No',
  troubleshootingSteps: '',
  preferredResolution: '',
};

/** Walmart, the organization's own store (the spec's {host}), Other; no duplicates, no blanks. */
export function purchaseLocationOptions(hostName?: string | null): string[] {
  const host = hostName?.trim();
  const options = ['Walmart'];
  if (host && !['walmart', 'other'].includes(host.toLowerCase())) options.push(host);
  options.push('Other');
  return options;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** The user's calendar day `days` before `now`, as YYYY-MM-DD (what a date input holds). */
export function daysAgo(days: number, now: Date = new Date()): string {
  return addDays(calendarDate(now), -days);
}

/** A real YYYY-MM-DD date, not after today and not more than 5 years ago (the user's calendar days). */
export function isPurchaseDateInWindow(value: string, now: Date = new Date()): boolean {
  return isInWindow(value, calendarDate(now));
}

/** "N / 20 characters minimum", counting what will be saved (surrounding blanks are trimmed). */
export function descriptionCounter(description: string): string {
  return `${description.trim().length} / ${ISSUE_DESCRIPTION_MIN} characters minimum`;
}

/** Every failing rule of section 5, one message per field, in form order. */
export function validateTicketForm(values: TicketFormValues, now: Date = new Date()): TicketFormErrors {
  const errors: TicketFormErrors = {};
  const blank = (value: string) => value.trim() === '';

  if (blank(values.customerName)) errors.customerName = MESSAGES.customerName;
  if (!isValidEmail(values.customerEmail)) errors.customerEmail = MESSAGES.customerEmail;
  if (blank(values.orderNumber)) errors.orderNumber = MESSAGES.orderNumber;
  if (blank(values.purchaseDate)) errors.purchaseDate = MESSAGES.purchaseDateRequired;
  else if (!isPurchaseDateInWindow(values.purchaseDate.trim(), now)) errors.purchaseDate = MESSAGES.purchaseDateWindow;
  if (blank(values.purchaseLocation)) errors.purchaseLocation = MESSAGES.purchaseLocation;
  if (blank(values.productSku)) errors.productSku = MESSAGES.productSku;
  if (blank(values.jackModel)) errors.jackModel = MESSAGES.jackModel;
  if (blank(values.issueCategory)) errors.issueCategory = MESSAGES.issueCategory;
  if (values.issueDescription.trim().length < ISSUE_DESCRIPTION_MIN) errors.issueDescription = MESSAGES.issueDescription;
  if (blank(values.issueStartTime)) errors.issueStartTime = MESSAGES.issueStartTime;
  if (values.troubleshootingAttempted === 'Yes' && blank(values.troubleshootingSteps)) {
    errors.troubleshootingSteps = MESSAGES.troubleshootingSteps;
  }
  if (blank(values.preferredResolution)) errors.preferredResolution = MESSAGES.preferredResolution;
  return errors;
}

/** The camelCase create payload: trimmed, optional blanks left out, steps only when attempted is Yes. */
export function toCreatePayload(values: TicketFormValues): Record<string, string> {
  const payload: Record<string, string> = {};
  for (const [key, raw] of Object.entries(values) as [TicketFormField, string][]) {
    const value = raw.trim();
    if (value === '') continue;
    if (key === 'troubleshootingSteps' && values.troubleshootingAttempted !== 'Yes') continue;
    payload[key] = value;
  }
  return payload;
}

const FIELDS = new Set<string>(Object.keys(EMPTY_TICKET_FORM));

/** The server's 400 body `errors: [{field, message}]` as form errors (first message per known field). */
export function fieldErrorsFrom(body: unknown): TicketFormErrors {
  const errors: TicketFormErrors = {};
  const list = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(list)) return errors;
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const { field, message } = item as { field?: unknown; message?: unknown };
    if (typeof field !== 'string' || typeof message !== 'string' || !FIELDS.has(field)) continue;
    const key = field as TicketFormField;
    if (!errors[key]) errors[key] = message;
  }
  return errors;
}

/** Description of the "Ticket Created!" toast (spec section 8). */
export function ticketCreatedDescription(ticketNumber: string): string {
  return (
    `Your ticket number is ${ticketNumber}. A confirmation email will be sent within 5 minutes. ` +
    'Expected response: 24 hours for warranty issues, 48 hours for technical support.'
  );
}
