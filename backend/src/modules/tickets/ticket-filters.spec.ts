import { describe, expect, it } from '@jest/globals';
import { parseTicketFilters } from './ticket-filters.js';

describe('parseTicketFilters', () => {
  it('reads the plain query parameters with an inclusive dateTo', () => {
    expect(parseTicketFilters({ status: 'Open', brand: 'IronJack', priority: 'High', dateFrom: '2026-01-01', dateTo: '2026-01-31' })).toEqual({
      status: 'Open',
      brand: 'IronJack',
      priority: 'High',
      createdFrom: new Date('2026-01-01T00:00:00Z'),
      createdBefore: new Date('2026-02-01T00:00:00Z'),
    });
  });

  it("lets react-admin's filter object win over plain parameters", () => {
    expect(parseTicketFilters({ status: 'Open' }, { status: 'Closed', q: ' jack ', id: ['not-a-uuid', '6c1d2ea4-0f5e-4d0c-9c43-52b4d4c7e8a1'] })).toEqual({
      status: 'Closed',
      q: 'jack',
      ids: ['6c1d2ea4-0f5e-4d0c-9c43-52b4d4c7e8a1'],
    });
  });

  it('treats empty values and "all" as no filter', () => {
    expect(parseTicketFilters({ status: 'all', priority: 'All', brand: '', dateFrom: '' })).toEqual({});
  });

  it('accepts one day as a range', () => {
    const { createdFrom, createdBefore } = parseTicketFilters({ dateFrom: '2026-03-05', dateTo: '2026-03-05' });
    expect(createdBefore!.getTime() - createdFrom!.getTime()).toBe(86_400_000);
  });

  it.each([
    [{ status: 'Done' }, 'status must be one of: Open, Pending, Resolved, Closed'],
    [{ priority: 'Urgent' }, 'priority must be one of: High, Medium, Low'],
    [{ dateFrom: '01/02/2026' }, 'dateFrom must be a date in the form YYYY-MM-DD'],
    [{ dateTo: '2026-02-30' }, 'dateTo must be a date in the form YYYY-MM-DD'],
    [{ dateFrom: '2026-02-02', dateTo: '2026-02-01' }, 'dateTo must not be before dateFrom'],
    [{ status: ['Open', 'Closed'] }, 'status must be a single value'],
  ])('rejects %j', (query, message) => {
    expect(() => parseTicketFilters(query)).toThrow(message);
  });
});

