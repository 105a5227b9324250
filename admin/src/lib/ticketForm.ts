/**
 * The Create New Ticket form (spec part 1 sections 3 and 5): its options, the payload it posts
 * and the mapping of the server's 400 `errors` back onto its fields (its rules: validators.ts).
 */
// The options, limits, messages and rules are the server's own: one source for both sides.
import {
  addDays,
  calendarDate,
  CONTACT_METHODS,
  DEFAULT_RESPONSE_HOURS,
  ISSUE_CATEGORIES,
  ISSUE_DESCRIPTION_MIN,
  ISSUE_START_TIMES,
  JACK_MODELS,
  PREFERRED_RESOLUTIONS,
  PURCHASE_DATE_MAX_YEARS,
  responseKind,
  type ResponseKind,
  TICKET_MESSAGES as MESSAGES,
  YES_NO,
  isQuestionAsked,
  unaskedPayloadFields,
  type IntakeRecord,
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
  /** High, Medium or Low. */
  priority: string;
  /** Blank: the organization's default ticket brand. */
  productBrand: string;
  injuryReported: boolean;
  propertyDamage: boolean;
}

export const TICKET_PRIORITIES = ['High', 'Medium', 'Low'] as const;
export { isQuestionAsked };

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
  priority: 'Medium',
  productBrand: '',
  injuryReported: false,
  propertyDamage: false,
};

/** Walmart, the organization's own store (the spec's {host}), Other; no duplicates, no blanks. */
export function purchaseLocationOptions(hostName?: string | null): string[] {
  const host = hostName?.trim();
  const options = ['Walmart'];
  if (host && !['walmart', 'other'].includes(host.toLowerCase())) options.push(host);
  options.push('Other');
  return options;
}

/** The user's calendar day `days` before `now`, as YYYY-MM-DD (what a date input holds). */
export function daysAgo(days: number, now: Date = new Date()): string {
  return addDays(calendarDate(now), -days);
}

/** "N / 20 characters minimum", counting what will be saved (surrounding blanks are trimmed). */
export function descriptionCounter(description: string): string {
  return `${description.trim().length} / ${ISSUE_DESCRIPTION_MIN} characters minimum`;
}

/**
 * The camelCase create payload: trimmed, optional blanks left out, steps only when attempted is
 * Yes, and nothing for a question the organization does not ask (`questions`: its enabled list).
 */
export function toCreatePayload(values: TicketFormValues, questions?: readonly string[] | null): Record<string, string | boolean> {
  const payload: Record<string, string | boolean> = {};
  const unasked = new Set(unaskedPayloadFields(questions));
  for (const [key, raw] of Object.entries(values) as [TicketFormField, string | boolean | null | undefined][]) {
    if (unasked.has(key)) continue;
    if (typeof raw === 'boolean') {
      payload[key] = raw;
      continue;
    }
    const value = (raw ?? '').trim();
    if (value === '') continue;
    if (key === 'troubleshootingSteps' && values.troubleshootingAttempted !== 'Yes') continue;
    payload[key] = value;
  }
  return payload;
}

/** A ticket as read from the API, as the Edit view's form values (blank where it has nothing). */
export function ticketFormValues(ticket: IntakeRecord & {
  customer?: { name?: string | null; email?: string | null; phone?: string | null } | null;
  contact_method?: string | null;
  serial_number?: string | null;
  troubleshooting_attempted?: boolean;
  troubleshooting_steps?: string | null;
  priority?: string | null;
  product_brand?: string | null;
  injury_reported?: boolean;
  property_damage?: boolean;
}): TicketFormValues {
  return {
    customerName: ticket.customer?.name ?? '',
    customerEmail: ticket.customer?.email ?? '',
    customerPhone: ticket.customer?.phone ?? '',
    contactMethod: ticket.contact_method || 'Email',
    orderNumber: ticket.order_number ?? '',
    purchaseDate: ticket.purchase_date ?? '',
    purchaseLocation: ticket.purchase_location ?? '',
    productSku: ticket.product_sku ?? '',
    jackModel: ticket.product_model ?? '',
    serialNumber: ticket.serial_number ?? '',
    issueCategory: ticket.issue_category ?? '',
    issueDescription: ticket.issue_description ?? '',
    issueStartTime: ticket.issue_start_time ?? '',
    troubleshootingAttempted: ticket.troubleshooting_attempted ? 'Yes' : 'No',
    troubleshootingSteps: ticket.troubleshooting_steps ?? '',
    preferredResolution: ticket.preferred_resolution ?? '',
    priority: ticket.priority || 'Medium',
    productBrand: ticket.product_brand ?? '',
    injuryReported: !!ticket.injury_reported,
    propertyDamage: !!ticket.property_damage,
  };
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

/** The response a new ticket is promised: its kind and the organization's hours for that kind. */
export interface ResponsePromise {
  kind: ResponseKind;
  hours: number;
}

/**
 * What the organization promises a ticket (Settings → Tickets): the configured hours for the
 * ticket's kind (the contract's responseKind); the spec's 24 / 48 hours until the settings are read.
 */
export function responsePromiseOf(
  ticket: { preferred_resolution?: string | null; issue_category?: string | null },
  settings: { warranty_response_hours?: number | null; support_response_hours?: number | null } | null | undefined,
): ResponsePromise {
  const kind = responseKind(ticket.preferred_resolution, ticket.issue_category);
  const configured = kind === 'warranty' ? settings?.warranty_response_hours : settings?.support_response_hours;
  return { kind, hours: configured ?? DEFAULT_RESPONSE_HOURS[kind] };
}

/**
 * Description of the "Ticket Created!" toast (spec section 8): the ticket number, the confirmation
 * e-mail within 5 minutes, and the response promised for this ticket's kind in the configured hours.
 */
export function ticketCreatedDescription(ticketNumber: string, promise: ResponsePromise): string {
  const hours = `${promise.hours} ${promise.hours === 1 ? 'hour' : 'hours'}`;
  const kind = promise.kind === 'warranty' ? 'warranty issues' : 'technical support';
  return `Your ticket number is ${ticketNumber}. A confirmation email will be sent within 5 minutes. Expected response: ${hours} for ${kind}.`;
}
