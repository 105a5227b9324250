import { describe, expect, it } from '@jest/globals';
import { normalizePhone, storedPhone } from './phone.js';

describe('normalizePhone', () => {
  it.each(['(555) 123-4567', '555.123.4567', '+1 555 123 4567', '555-123-4567', '15551234567', '+15551234567', ' 555 123 4567 '])(
    'reads %j as +15551234567 for a US organization',
    (typed) => expect(normalizePhone(typed, 'US')).toBe('+15551234567'),
  );

  it("reads a number without a country code in the organization's country", () => {
    expect(normalizePhone('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(normalizePhone('+44 20 7946 0958', 'US')).toBe('+442079460958');
    expect(normalizePhone('(512) 555-0142', 'CA')).toBe('+15125550142');
  });

  it('falls back to the US for a country it does not know', () => {
    expect(normalizePhone('(512) 555-0142', 'XX')).toBe('+15125550142');
  });

  it.each(['', '   ', 'anonymous', '12345', '266696687', 'ask at front desk'])('answers null for %j, which is no phone number', (typed) => {
    expect(normalizePhone(typed, 'US')).toBeNull();
  });

  it('keeps a text that is no phone number as typed (trimmed) and a blank as null', () => {
    expect(storedPhone(' 12345 ')).toBe('12345');
    expect(storedPhone('  ')).toBeNull();
    expect(storedPhone('(555) 123-4567')).toBe('+15551234567');
  });
});
