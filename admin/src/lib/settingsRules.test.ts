import { describe, expect, it } from 'vitest';
import { WARRANTY_TERM_UNREADABLE } from '@warranty-crm/contract';
import { a2pErrors, addBrand, addStore, BRAND_MESSAGES, isSavedBrand, productWarrantyTermError, removeBrand, RESPONSE_HOURS_MESSAGE, responseHoursError, saleLocationLabel, secretStatus } from './settingsRules';

describe('brand list', () => {
  it('adds a trimmed brand', () => {
    expect(addBrand(['IronJack'], '  TorqueLine ')).toEqual({ brands: ['IronJack', 'TorqueLine'] });
  });
  it('refuses a blank brand and a duplicate in any case', () => {
    expect(addBrand([], '   ')).toEqual({ error: BRAND_MESSAGES.empty });
    expect(addBrand(['IronJack'], ' ironjack')).toEqual({ error: BRAND_MESSAGES.duplicate });
  });
  it('clears the default brand only when it is the one removed', () => {
    expect(removeBrand(['A', 'B'], 'A', 'A')).toEqual({ brands: ['B'], ticketBrand: null });
    expect(removeBrand(['A', 'B'], 'B', 'A')).toEqual({ brands: ['A'], ticketBrand: 'A' });
  });
});

describe('sale locations', () => {
  it('adds a named store only when non-blank and new', () => {
    expect(addStore(['online'], '  Store #12 ')).toEqual(['online', 'Store #12']);
    expect(addStore(['online'], '   ')).toEqual(['online']);
    expect(addStore(['Store #12'], 'store #12')).toEqual(['Store #12']);
  });
  it('labels the standard locations', () => {
    expect(['online', 'in-store', 'Main St'].map(saleLocationLabel)).toEqual(['Online', 'In Store', 'Main St']);
  });
});

describe('A2P form', () => {
  const valid = {
    business_legal_name: 'Acme LLC',
    business_type: 'llc',
    ein_tax_id: '12-3456789',
    business_street: '1 Main St',
    business_city: 'Austin',
    business_state: 'TX',
    business_zip: '73301',
    business_industry: 'Retail',
    business_description: 'Tools',
    contact_first_name: 'Ann',
    contact_last_name: 'Lee',
    contact_email: 'ann@acme.example',
    contact_phone: '+15125550100',
  };
  it('accepts a complete form with an empty website', () => {
    expect(a2pErrors({ ...valid, business_website: '' })).toEqual({});
  });
  it('names each missing field with the spec message', () => {
    const errors = a2pErrors({});
    expect(errors.business_legal_name).toBe('Business legal name is required');
    expect(errors.ein_tax_id).toBe('EIN/Tax ID is required');
    expect(errors.business_state).toBe('Business state is required');
  });
  it('checks the state length, the e-mail and the website', () => {
    expect(a2pErrors({ ...valid, business_state: 'T', contact_email: 'nope', business_website: 'acme' })).toEqual({
      business_state: 'Business state is required',
      contact_email: 'Must be a valid email',
      business_website: 'Must be a valid URL',
    });
  });
});

describe('secrets', () => {
  it('say whether they are set, never their value', () => {
    expect(secretStatus(true)).toBe('Set: leave blank to keep it');
    expect(secretStatus(false)).toBe('Not set');
  });
});

describe('responseHoursError', () => {
  it('accepts whole hours from 1 to 720', () => {
    for (const hours of [1, 24, 48, 720, '36']) expect(responseHoursError(hours)).toBeUndefined();
  });
  it('refuses empty, fractional and out-of-range values with one message', () => {
    for (const hours of [0, 721, 2.5, -3, '', null, undefined, 'abc']) expect(responseHoursError(hours)).toBe(RESPONSE_HOURS_MESSAGE);
    expect(RESPONSE_HOURS_MESSAGE).toBe('Enter a whole number of hours from 1 to 720');
  });
});

describe('productWarrantyTermError', () => {
  it('refuses what the term parser cannot read with the server\'s message, naming the accepted forms', () => {
    expect(productWarrantyTermError('banana')).toBe(WARRANTY_TERM_UNREADABLE);
    expect(WARRANTY_TERM_UNREADABLE).toContain('"90 days", "6 months", "1 year"');
    expect(productWarrantyTermError('12')).toBe(WARRANTY_TERM_UNREADABLE);
  });
  it('requires a term', () => {
    expect(productWarrantyTermError('  ')).toBe('Warranty Term is required');
    expect(productWarrantyTermError(undefined)).toBe('Warranty Term is required');
  });
  it('accepts durations, Lifetime and None', () => {
    for (const term of ['90 days', '6 months', '1 year', '1 year 6 months', ' Lifetime ', 'None', '2-year limited warranty']) {
      expect(productWarrantyTermError(term)).toBeUndefined();
    }
  });
});

describe('isSavedBrand', () => {
  it('is true only for a brand of the saved list', () => {
    expect(isSavedBrand(['Acme'], 'Acme')).toBe(true);
    expect(isSavedBrand(['Acme'], 'New')).toBe(false);
  });
});
