/**
 * Warranty resolution (issue 31): a claim's decision and its resolution record — the option lists,
 * the state machine, the RMA number's format, the customer templates and their placeholders, the same
 * on the API and the admin.
 */

export const WARRANTY_DECISIONS = ['approved', 'denied'] as const;
export type WarrantyDecision = (typeof WARRANTY_DECISIONS)[number];
export const WARRANTY_DECISION_LABELS: Record<WarrantyDecision, string> = { approved: 'Approved', denied: 'Denied' };

/** An organization's denial reasons until it edits them (Settings → Tickets). */
export const DEFAULT_DENIAL_REASONS = ['Out of warranty', 'Misuse or damage', 'No proof of purchase', 'Not a defect', 'Other'] as const;
export const DENIAL_REASON_MAX_LENGTH = 200;
export const DENIAL_REASONS_MAX = 30;
export const DECISION_NOTE_MAX_LENGTH = 2000;
export const WARRANTY_TEMPLATE_MAX_LENGTH = 5000;

export const RESOLUTION_TYPES = ['replacement', 'parts', 'repair', 'refund'] as const;
export type ResolutionType = (typeof RESOLUTION_TYPES)[number];
export const RESOLUTION_TYPE_LABELS: Record<ResolutionType, string> = { replacement: 'Replacement unit', parts: 'Parts', repair: 'Repair', refund: 'Refund' };

export const RESOLUTION_STATES = ['awaiting_return', 'received', 'shipped', 'delivered', 'refunded'] as const;
export type ResolutionState = (typeof RESOLUTION_STATES)[number];
export const RESOLUTION_STATE_LABELS: Record<ResolutionState, string> = {
  awaiting_return: 'Awaiting return',
  received: 'Received',
  shipped: 'Shipped',
  delivered: 'Delivered',
  refunded: 'Refunded',
};
/**
 * Where a resolution may go from each state. A replacement, parts or repair waits for the return,
 * is received, ships and is delivered (a replacement or parts may ship before the return arrives:
 * an advance replacement); a refund is refunded once the return is received (or without a return).
 */
export function nextResolutionStates(type: ResolutionType, state: ResolutionState): ResolutionState[] {
  if (type === 'refund') {
    if (state === 'awaiting_return') return ['received', 'refunded'];
    if (state === 'received') return ['refunded'];
    return [];
  }
  switch (state) {
    case 'awaiting_return':
      return type === 'repair' ? ['received'] : ['received', 'shipped'];
    case 'received':
      return ['shipped'];
    case 'shipped':
      return ['delivered'];
    default:
      return [];
  }
}
/** The steps a resolution of this type goes through, in order (the admin's stepper). */
export function resolutionSteps(type: ResolutionType): ResolutionState[] {
  return type === 'refund' ? ['awaiting_return', 'received', 'refunded'] : ['awaiting_return', 'received', 'shipped', 'delivered'];
}
export function isFinalResolutionState(state: ResolutionState): boolean {
  return state === 'delivered' || state === 'refunded';
}

export const RESOLUTION_ITEMS_MAX = 50;
export const RESOLUTION_ITEM_QUANTITY_MAX = 10000;
export const RESOLUTION_UNIT_COST_MAX = 1000000;
export const CARRIER_MAX_LENGTH = 100;
export const TRACKING_MAX_LENGTH = 100;

/** An RMA number from the organization's sequence: RMA-000123. */
export function formatRmaNumber(n: number): string {
  return `RMA-${String(n).padStart(6, '0')}`;
}

/** A line's total and the resolution's total cost, in cents to add exactly. */
export function lineTotal(quantity: number, unitCost: number): number {
  return Math.round(quantity * Math.round(unitCost * 100)) / 100;
}
export function itemsTotal(items: ReadonlyArray<{ quantity: number; unit_cost: number }>): number {
  return items.reduce((cents, i) => cents + Math.round(i.quantity * Math.round(i.unit_cost * 100)), 0) / 100;
}

/** The placeholders a decision template may use. */
export const WARRANTY_TEMPLATE_PLACEHOLDERS = ['ticket_number', 'customer_first_name', 'customer_name', 'product', 'reason', 'rma_number', 'note'] as const;
export type WarrantyTemplatePlaceholder = (typeof WARRANTY_TEMPLATE_PLACEHOLDERS)[number];
export type WarrantyTemplateValues = Partial<Record<WarrantyTemplatePlaceholder, string | null | undefined>>;

export const DEFAULT_APPROVAL_TEMPLATE =
  'Hello {{customer_first_name}},\n\nGood news: your warranty claim {{ticket_number}} for your {{product}} has been approved. ' +
  'We will be in touch shortly with the next steps.\n\nThank you for your patience.';
export const DEFAULT_DENIAL_TEMPLATE =
  'Hello {{customer_first_name}},\n\nWe have reviewed your warranty claim {{ticket_number}} for your {{product}}. ' +
  'Unfortunately it could not be approved: {{reason}}.\n\nIf you have questions, simply reply to this message.';

/**
 * A template with its placeholders filled: `{{ name }}` (spaces allowed) takes the value, an empty
 * string when it has none; an unknown placeholder is left as written.
 */
export function fillWarrantyTemplate(template: string, values: WarrantyTemplateValues): string {
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) =>
    (WARRANTY_TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name) ? (values[name as WarrantyTemplatePlaceholder] ?? '').trim() : whole,
  );
}

export const DECISION_MESSAGE = 'Decision must be one of: approved, denied';
export const DENIAL_REASON_REQUIRED_MESSAGE = 'A denial needs a reason';
export const DENIAL_REASON_UNKNOWN_MESSAGE = "The reason must be one of the organization's denial reasons";
export const NOTIFY_CUSTOMER_MESSAGE = 'notify_customer must be true or false';
export const RESOLUTION_TYPE_MESSAGE = 'Type must be one of: replacement, parts, repair, refund';
export function resolutionTransitionMessage(from: ResolutionState, to: ResolutionState): string {
  return `A resolution cannot go from ${RESOLUTION_STATE_LABELS[from]} to ${RESOLUTION_STATE_LABELS[to]}`;
}

/** The detail page's notice of an earlier claim on the serial: "Serial SN-123 was claimed before on #WC-000045: approved, replacement shipped". */
export function serialHistoryNotice(entry: {
  serial_number: string;
  ticket_number: string;
  decision: WarrantyDecision | null;
  reason?: string | null;
  resolution_type?: string | null;
  resolution_state?: string | null;
}): string {
  const outcome =
    entry.decision === 'approved'
      ? ['approved', entry.resolution_type && entry.resolution_state ? `${entry.resolution_type} ${RESOLUTION_STATE_LABELS[entry.resolution_state as ResolutionState]?.toLowerCase() ?? entry.resolution_state}` : null]
      : entry.decision === 'denied'
        ? [`denied${entry.reason ? ` (${entry.reason})` : ''}`]
        : ['not decided yet'];
  return `Serial ${entry.serial_number.trim()} was claimed before on #${entry.ticket_number}: ${outcome.filter(Boolean).join(', ')}`;
}

/** The placeholders' values for a ticket (the API's message and the admin's preview are the same text). */
export function warrantyTemplateValues(
  ticket: { ticket_number: string; customer_name?: string | null; product_brand?: string | null; product_model?: string | null; product_sku?: string | null },
  extra: { reason?: string | null; note?: string | null; rma_number?: string | null } = {},
): WarrantyTemplateValues {
  const name = ticket.customer_name?.trim() ?? '';
  return {
    ticket_number: ticket.ticket_number,
    customer_name: name,
    customer_first_name: name.split(/\s+/)[0] ?? '',
    product: [ticket.product_brand, ticket.product_model].map((p) => p?.trim()).filter(Boolean).join(' ') || ticket.product_sku?.trim() || 'product',
    reason: extra.reason ?? '',
    note: extra.note ?? '',
    rma_number: extra.rma_number ?? '',
  };
}

/** The e-mail subject of a decision. */
export function decisionSubject(decision: WarrantyDecision, ticketNumber: string): string {
  return decision === 'approved' ? `Your warranty claim ${ticketNumber} is approved` : `Your warranty claim ${ticketNumber}`;
}
