import { describe, expect, it } from '@jest/globals';
import { cannedReplyValues, fillCannedReply, formatRespondBy } from '@warranty-crm/contract';

const ticket = {
  ticket_number: 'WC-000042',
  customer_name: 'Maria  Gonzalez',
  product_brand: 'IronJack',
  product_model: '3-Ton Floor Jack',
  purchase_date: '2026-01-01',
  created_at: new Date('2026-01-20T10:00:00Z'),
  respond_by: new Date('2026-01-21T10:00:00Z'),
};
const now = new Date('2026-01-31T12:00:00Z');

describe('cannedReplyValues', () => {
  it('fills each placeholder from the ticket, the warranty days left by the 90-day rule', () => {
    expect(cannedReplyValues(ticket, now)).toEqual({
      ticket_number: 'WC-000042',
      customer_first_name: 'Maria',
      product: 'IronJack 3-Ton Floor Jack',
      warranty_days_left: '60',
      respond_by: 'Jan 21, 2026, 10:00 AM UTC',
    });
  });

  it("uses the product's own term, and says unlimited for a lifetime term", () => {
    expect(cannedReplyValues({ ...ticket, warranty_term_days: 365 }, now).warranty_days_left).toBe('335');
    expect(cannedReplyValues({ ...ticket, warranty_term_days: null }, now).warranty_days_left).toBe('unlimited');
    // Past the window: 0, never negative.
    expect(cannedReplyValues(ticket, new Date('2026-06-01T00:00:00Z')).warranty_days_left).toBe('0');
  });

  it('reads well when the ticket lacks a value', () => {
    expect(cannedReplyValues({ ticket_number: 'WC-1', customer_name: ' ', created_at: now }, now)).toEqual({
      ticket_number: 'WC-1',
      customer_first_name: 'there',
      product: 'your product',
      warranty_days_left: 'unknown',
      respond_by: '',
    });
  });

  it('writes the response promise in the time zone asked for', () => {
    expect(formatRespondBy('2026-01-21T10:00:00Z', 'America/Chicago')).toBe('Jan 21, 2026, 4:00 AM CST');
  });
});

describe('fillCannedReply', () => {
  const values = cannedReplyValues(ticket, now);

  it('replaces every occurrence, with spaces inside the braces and in any case', () => {
    expect(fillCannedReply('Hi {{customer_first_name}}, about {{ ticket_number }} ({{TICKET_NUMBER}}).', values)).toBe(
      'Hi Maria, about WC-000042 (WC-000042).',
    );
  });

  it('leaves unknown placeholders and single braces as written', () => {
    expect(fillCannedReply('{{order_total}} and {ticket_number} stay; {{product}} is filled', values)).toBe(
      '{{order_total}} and {ticket_number} stay; IronJack 3-Ton Floor Jack is filled',
    );
  });

  it('does not fill placeholders that a value itself contains', () => {
    expect(fillCannedReply('{{customer_first_name}}', { ...values, customer_first_name: '{{ticket_number}}' })).toBe('{{ticket_number}}');
  });
});
