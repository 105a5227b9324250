import { describe, expect, it } from 'vitest';
import { addressLines, customerCountText, customerPayload, mergeIntoLabel, mergedIntoLabel, mergeSummary, validateCustomer } from './customers';

describe('validateCustomer', () => {
  it("answers the create form's messages for a missing name and a bad e-mail", () => {
    expect(validateCustomer({ name: ' ', email: 'nope' }, true)).toEqual({ name: 'Full name is required', email: 'Valid email is required' });
  });

  it('lets a customer without an e-mail on file stay without one, but not one who has one', () => {
    expect(validateCustomer({ name: 'Caller', email: '' }, false)).toEqual({});
    expect(validateCustomer({ name: 'Caller', email: '' }, true)).toEqual({ email: 'Valid email is required' });
  });

  it('names a field past its length', () => {
    expect(validateCustomer({ name: 'A', email: 'a@b.co', zip_code: 'x'.repeat(21) }, true)).toEqual({ zip_code: 'ZIP code must be at most 20 characters' });
  });
});

describe('customer helpers', () => {
  it('sends the editable fields trimmed, blanks as null', () => {
    expect(customerPayload({ name: ' Ann ', email: ' a@b.co ', phone: '', street: '1 Main', city: null })).toEqual({
      name: 'Ann',
      email: 'a@b.co',
      phone: null,
      street: '1 Main',
      city: null,
      state: null,
      zip_code: null,
    });
  });

  it('says what a merge will move', () => {
    expect(mergeSummary({ name: 'Bob', tickets_count: 1, calls_count: 2 }, 'Ann')).toBe(
      '1 ticket and 2 calls of Bob (with their messages) will move to Ann, empty contact fields of Ann will be filled from Bob, and Bob will be deleted.',
    );
  });

  it('labels merged tickets and the address', () => {
    expect(mergedIntoLabel('WC-000041')).toBe('Merged into #WC-000041');
    expect(mergeIntoLabel('WC-000041')).toBe('Merge into #WC-000041');
    expect(addressLines({ street: '1 Main St', city: 'Austin', state: 'TX', zip_code: '78701' })).toEqual(['1 Main St', 'Austin, TX 78701']);
    expect(addressLines({ street: null, city: null })).toBeNull();
  });
});

describe('customerCountText', () => {
  it('counts customers, and says "about" for an estimate', () => {
    expect(customerCountText(1, false)).toBe('1 customer');
    expect(customerCountText(3, false)).toBe('3 customers');
    expect(customerCountText(1000000, true)).toBe('about 1,000,000 customers');
  });
});
