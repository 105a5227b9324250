/** What the customer's confirmation e-mail says about their new ticket. */
export interface TicketConfirmation {
  customerName: string;
  ticketNumber: string;
  /** Brand, model and SKU as the ticket has them ("" when none). */
  product: string;
  issueCategory: string | null;
  issueDescription: string;
  responseHours: number;
}

interface Row {
  label: string;
  value: string;
}

/** The template's view of a confirmation: the rows of its table and the promise. */
export function ticketConfirmationContext(c: TicketConfirmation): { customerName: string; ticketNumber: string; rows: Row[]; promise: string } {
  const issue = c.issueDescription.length > 1000 ? `${c.issueDescription.slice(0, 999)}…` : c.issueDescription;
  const rows: Row[] = [
    { label: 'Ticket number', value: c.ticketNumber },
    { label: 'Product', value: c.product || 'Not specified' },
    ...(c.issueCategory ? [{ label: 'Issue', value: c.issueCategory }] : []),
    { label: 'Description', value: issue },
  ];
  return { customerName: c.customerName, ticketNumber: c.ticketNumber, rows, promise: `We will respond within ${c.responseHours} hours.` };
}

/**
 * The customer's confirmation of a new ticket (the "Ticket Created!" toast promises it): the
 * ticket number, the product, the issue and the promised response time.
 */
export const TICKET_CONFIRMATION_TEMPLATE = {
  subject: 'We received your request: ticket {{ticketNumber}}',
  text:
    'Hello {{customerName}},\n\nThank you for contacting us. We have received your request and opened a ticket for it.\n\n' +
    '{{#each rows}}{{label}}: {{value}}\n{{/each}}\n' +
    '{{promise}} Please keep your ticket number {{ticketNumber}} for any follow-up.\n',
  html:
    '<p style="margin:0 0 12px">Hello {{customerName}},</p>\n' +
    '<p style="margin:0 0 16px">Thank you for contacting us. We have received your request and opened a ticket for it.</p>\n' +
    '<table style="border-collapse:collapse;margin:0 0 16px">\n' +
    '{{#each rows}}<tr><td style="padding:4px 16px 4px 0;color:#6b7280;vertical-align:top">{{label}}</td><td style="padding:4px 0;white-space:pre-line">{{value}}</td></tr>{{#unless @last}}\n{{/unless}}{{/each}}\n' +
    '</table>\n' +
    '<p style="margin:0 0 16px"><strong>{{promise}}</strong> Please keep your ticket number {{ticketNumber}} for any follow-up.</p>',
};
