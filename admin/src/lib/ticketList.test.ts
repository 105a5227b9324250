import { describe, expect, it } from 'vitest';
import {
  ALL,
  BULK_PRIORITY_ACTIONS,
  BULK_STATUS_ACTIONS,
  deleteConfirmText,
  EMPTY_FILTERS,
  SLA_FILTER_OPTIONS,
  STATUS_FILTER_OPTIONS,
  fromListFilter,
  showingText,
  toListFilter,
  updatedText,
} from './ticketList';

describe('ticket list filters', () => {
  it('leaves out "all" and empty values', () => {
    expect(toListFilter(EMPTY_FILTERS)).toEqual({});
    expect(toListFilter({ ...EMPTY_FILTERS, status: 'Open', brand: 'IronJack', dateTo: '2026-01-31' })).toEqual({
      status: 'Open',
      brand: 'IronJack',
      dateTo: '2026-01-31',
    });
  });
  it('reads a list filter back into form values', () => {
    expect(fromListFilter({ priority: 'High', dateFrom: '2026-01-01' })).toEqual({
      ...EMPTY_FILTERS,
      priority: 'High',
      dateFrom: '2026-01-01',
    });
    expect(fromListFilter(undefined)).toEqual(EMPTY_FILTERS);
  });

  it('carries the response-promise filter: Due soon and Overdue are sent, All is left out', () => {
    expect(SLA_FILTER_OPTIONS.map(option => option.label)).toEqual(['All', 'Due soon', 'Overdue']);
    expect(toListFilter({ ...EMPTY_FILTERS, sla: 'overdue' })).toEqual({ sla: 'overdue' });
    expect(toListFilter({ ...EMPTY_FILTERS, sla: ALL })).toEqual({});
    expect(fromListFilter({ sla: 'due_soon' })).toEqual({ ...EMPTY_FILTERS, sla: 'due_soon' });
  });
});

describe('bulk actions', () => {
  it('"In Progress" sets Pending', () => {
    expect(BULK_STATUS_ACTIONS.map(a => [a.label, a.status])).toEqual([
      ['Mark Open', 'Open'],
      ['In Progress', 'Pending'],
      ['Resolved', 'Resolved'],
      ['Closed', 'Closed'],
    ]);
  });
  it('can filter on every status the bulk bar sets', () => {
    const filterable = STATUS_FILTER_OPTIONS.map(o => o.value);
    for (const action of BULK_STATUS_ACTIONS) expect(filterable).toContain(action.status);
    expect(filterable).toEqual(['all', 'Open', 'Pending', 'Resolved', 'Closed']);
  });
  it('offers every priority in the bulk bar', () => {
    expect(BULK_PRIORITY_ACTIONS.map(a => [a.label, a.priority])).toEqual([
      ['High Priority', 'High'],
      ['Medium Priority', 'Medium'],
      ['Low Priority', 'Low'],
    ]);
  });
  it('says "1 ticket" in the singular', () => {
    expect(showingText(1)).toBe('Showing 1 ticket');
    expect(showingText(0)).toBe('Showing 0 tickets');
    expect(showingText(2)).toBe('Showing 2 tickets');
  });
  it('uses the spec texts', () => {
    expect(showingText(12)).toBe('Showing 12 tickets');
    expect(showingText(52340, true)).toBe('Showing about 52,340 tickets');
    expect(deleteConfirmText(2)).toBe('Are you sure you want to delete 2 ticket(s)?');
    expect(updatedText(3)).toBe('3 ticket(s) updated successfully');
  });
});
