import { describe, expect, it } from '@jest/globals';
import { normalizeBrands, resolveTicketBrand } from './brands.js';

describe('normalizeBrands', () => {
  it('trims each brand and keeps the order', () => {
    expect(normalizeBrands(['  IronJack ', 'TorqueLine'])).toEqual({ brands: ['IronJack', 'TorqueLine'] });
  });

  it.each([
    ['IronJack', 'brands must be a list of brand names'],
    [['IronJack', 3], 'brands must be a list of brand names'],
    [['IronJack', '   '], 'Brand names cannot be empty'],
    [['x'.repeat(51)], 'Brand names must be at most 50 characters'],
    [['IronJack', ' ironjack'], 'Brand "ironjack" is listed more than once'],
    [Array.from({ length: 101 }, (_, i) => `B${i}`), 'At most 100 brands are allowed'],
  ])('rejects %j', (input, message) => {
    expect(normalizeBrands(input)).toEqual({ error: { field: 'brands', message } });
  });

  it('accepts an empty list', () => {
    expect(normalizeBrands([])).toEqual({ brands: [] });
  });
});

describe('resolveTicketBrand', () => {
  it('keeps the current default while its brand remains', () => {
    expect(resolveTicketBrand(['A', 'B'], 'A', undefined)).toEqual({ ticketBrand: 'A' });
  });

  it('clears the default when its brand is removed', () => {
    expect(resolveTicketBrand(['B'], 'A', undefined)).toEqual({ ticketBrand: null });
  });

  it('sets, clears and refuses an explicit default', () => {
    expect(resolveTicketBrand(['A', 'B'], 'A', 'B')).toEqual({ ticketBrand: 'B' });
    expect(resolveTicketBrand(['A', 'B'], 'A', null)).toEqual({ ticketBrand: null });
    expect(resolveTicketBrand(['A', 'B'], 'A', 'C')).toEqual({ error: { field: 'ticket_brand', message: 'The default brand must be one of the brands' } });
  });
});
