import { warrantyStatus } from './warranty.js';

/**
 * Canned replies (issue 29): the organization's saved answers, with placeholders filled from the
 * ticket they are inserted into. The placeholders, their values, the limits and the messages, for
 * the API (which fills them: GET /api/tickets/{id}/canned-replies/{replyId}/render) and the admin.
 */
export const CANNED_REPLY_PLACEHOLDERS = ['ticket_number', 'customer_first_name', 'product', 'warranty_days_left', 'respond_by'] as const;
export type CannedReplyPlaceholder = (typeof CANNED_REPLY_PLACEHOLDERS)[number];

export const CANNED_REPLY_NAME_MAX = 100;
export const CANNED_REPLY_BODY_MAX = 5000;

export const CANNED_REPLY_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${CANNED_REPLY_NAME_MAX} characters`,
  bodyRequired: 'Reply text is required',
  bodyTooLong: `Reply text must be at most ${CANNED_REPLY_BODY_MAX} characters`,
  nameTaken: 'A canned reply with this name already exists',
  notFound: 'Canned reply not found',
} as const;

/** What the placeholders are filled from: a ticket as the API returns it, and its product's warranty term. */
export interface CannedReplyTicket {
  ticket_number: string;
  customer_name: string | null | undefined;
  product_brand?: string | null;
  product_model?: string | null;
  purchase_date?: string | null;
  created_at: Date | string;
  respond_by?: Date | string | null;
  /** The warranty term of the ticket's product in days; null for a lifetime term; undefined for the rule's default (90). */
  warranty_term_days?: number | null;
}

/** "Nov 26, 2026, 3:00 PM UTC": an instant as a customer reads it, in `timeZone`. */
export function formatRespondBy(instant: Date | string, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(instant));
}

/**
 * Each placeholder's text for a ticket, on `now`: the ticket number; the customer's first name
 * ("there" when none, so "Hi {{customer_first_name}}" still reads); the brand and model ("your
 * product" when neither is known); the days of the warranty window left by the contract's warranty
 * rule ("unknown" without a purchase date, "unlimited" for a lifetime term); the promised response
 * time (empty when the ticket has none).
 */
export function cannedReplyValues(ticket: CannedReplyTicket, now: Date = new Date(), timeZone = 'UTC'): Record<CannedReplyPlaceholder, string> {
  const first = (ticket.customer_name ?? '').trim().split(/\s+/)[0] ?? '';
  const product = [ticket.product_brand, ticket.product_model].map((p) => p?.trim()).filter(Boolean).join(' ');
  const term = ticket.warranty_term_days === undefined ? undefined : ticket.warranty_term_days;
  const warranty = ticket.purchase_date
    ? term === null
      ? { warranty_days_left: null, lifetime: true }
      : { ...warrantyStatus(ticket.purchase_date, new Date(ticket.created_at), now, term, timeZone), lifetime: false }
    : null;
  return {
    ticket_number: ticket.ticket_number,
    customer_first_name: first || 'there',
    product: product || 'your product',
    warranty_days_left: !warranty ? 'unknown' : warranty.lifetime ? 'unlimited' : String(warranty.warranty_days_left ?? 0),
    respond_by: ticket.respond_by ? formatRespondBy(ticket.respond_by, timeZone) : '',
  };
}

/**
 * The body with each known placeholder (`{{name}}`, spaces inside the braces allowed, any case)
 * replaced by its value; unknown ones are left as written, so a typo shows rather than vanishes.
 */
export function fillCannedReply(body: string, values: Readonly<Record<CannedReplyPlaceholder, string>>): string {
  return body.replace(/\{\{\s*([a-zA-Z_]+)\s*\}\}/g, (whole, name: string) => {
    const key = name.toLowerCase() as CannedReplyPlaceholder;
    return (CANNED_REPLY_PLACEHOLDERS as readonly string[]).includes(key) ? values[key] : whole;
  });
}
