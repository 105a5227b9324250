import { describe, expect, it } from 'vitest';
import { dialogOptions, DETAIL_STATUSES, TICKET_PRIORITIES } from './ticketOptions';

describe('dialogOptions', () => {
  it('offers the dialog statuses as they are when the ticket has one of them', () => {
    expect(dialogOptions(DETAIL_STATUSES, 'Pending')).toEqual(['Open', 'Pending', 'Closed']);
  });
  it('shows a Resolved ticket its own status, in the workflow order', () => {
    expect(dialogOptions(DETAIL_STATUSES, 'Resolved')).toEqual(['Open', 'Pending', 'Resolved', 'Closed']);
  });
  it('keeps a status it does not know, last', () => {
    expect(dialogOptions(DETAIL_STATUSES, 'Escalated')).toEqual(['Open', 'Pending', 'Closed', 'Escalated']);
  });
  it('offers every priority', () => {
    expect(dialogOptions(TICKET_PRIORITIES, 'Medium')).toEqual(['High', 'Medium', 'Low']);
  });
});
