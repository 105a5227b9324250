import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ActivityList } from '../resources/tickets/cards/ActivityCard';
import { ConfirmationEmailLine } from '../resources/tickets/cards/ConfirmationEmailStatus';
import { formatDateTime } from './date';
import { activityLabel, confirmationLine } from './ticketActivity';

const SENT_AT = '2026-03-02T15:04:00.000Z';

describe('confirmationLine', () => {
  it('says to whom and when the confirmation e-mail was sent', () => {
    expect(confirmationLine({ confirmation_status: 'sent', confirmation_email: 'ana@example.com', confirmation_sent_at: SENT_AT })).toEqual({
      severity: 'success',
      text: `Confirmation e-mail sent to ana@example.com at ${formatDateTime(SENT_AT)}`,
    });
  });

  it('says no e-mail was sent without SMTP, that one is being sent, or why it failed', () => {
    expect(confirmationLine({ confirmation_status: 'not_sent_no_smtp' })).toEqual({
      severity: 'warning',
      text: 'No confirmation e-mail was sent: SMTP is not configured (Settings → SMTP Configuration)',
    });
    expect(confirmationLine({ confirmation_status: 'pending' })).toEqual({ severity: 'info', text: 'Sending confirmation e-mail…' });
    expect(confirmationLine({ confirmation_status: 'failed', confirmation_error: 'connect ECONNREFUSED 127.0.0.1:25' })).toEqual({
      severity: 'error',
      text: 'Confirmation e-mail failed: connect ECONNREFUSED 127.0.0.1:25',
    });
  });

  it('shows nothing for a ticket without a customer e-mail', () => {
    expect(confirmationLine({ confirmation_status: null })).toBeNull();
    expect(confirmationLine({})).toBeNull();
  });
});

describe('ConfirmationEmailLine', () => {
  it('renders the line as an alert of its severity', () => {
    const html = renderToStaticMarkup(createElement(ConfirmationEmailLine, { ticket: { confirmation_status: 'failed', confirmation_error: 'mailbox full' } }));
    expect(html).toContain('data-testid="confirmation-email-status"');
    expect(html).toContain('Confirmation e-mail failed: mailbox full');
    expect(html).toContain('MuiAlert-colorError');
  });

  it('renders nothing without a confirmation', () => {
    expect(renderToStaticMarkup(createElement(ConfirmationEmailLine, { ticket: { confirmation_status: null } }))).toBe('');
  });
});

describe('ActivityList', () => {
  it('lists each entry in the order given with its title, text, actor and time', () => {
    const entries = [
      { at: '2026-03-02T15:00:00.000Z', kind: 'created' as const, actor: 'Olivia Owner', text: 'Ticket created from the New Ticket form' },
      { at: '2026-03-02T15:05:00.000Z', kind: 'status_changed' as const, actor: 'Mark Member', text: 'Status changed from Open to Pending' },
      { at: '2026-03-02T15:06:00.000Z', kind: 'note' as const, actor: 'Mark Member', text: 'Note added: Called back' },
    ];
    const html = renderToStaticMarkup(createElement(ActivityList, { entries }));
    const titles = [...html.matchAll(/data-kind="([a-z_]+)"/g)].map((m) => m[1]);
    expect(titles).toEqual(['created', 'status_changed', 'note']);
    const order = ['Ticket Created', 'Status Changed', 'Note Added', 'Note added: Called back'].map((t) => html.indexOf(t));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toContain(`Mark Member · ${formatDateTime('2026-03-02T15:05:00.000Z')}`);
  });

  it('says so when there is no activity', () => {
    expect(renderToStaticMarkup(createElement(ActivityList, { entries: [] }))).toContain('No activity yet');
  });
});

describe('activityLabel', () => {
  it('titles every kind the API sends, and an unknown one as Activity', () => {
    expect(['created', 'call_linked', 'call_returned', 'confirmation_email', 'purchase_verification'].map(activityLabel)).toEqual([
      'Ticket Created',
      'Call Linked',
      'Call Returned',
      'Confirmation E-mail',
      'Purchase Verification',
    ]);
    expect(activityLabel('something_new')).toBe('Activity');
  });
});

describe('activityLabel of the warranty entries', () => {
  it('titles a decision and a resolution created or updated', () => {
    expect(['warranty_decision', 'resolution_created', 'resolution_changed'].map(activityLabel)).toEqual(['Warranty Decision', 'Resolution Created', 'Resolution Updated']);
  });
});
