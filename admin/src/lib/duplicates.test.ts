import { describe, expect, it } from 'vitest';
import { duplicateLabel, matchedOnText } from './duplicates';

describe('duplicate claims', () => {
  it('labels the link with the other ticket number', () => {
    expect(duplicateLabel({ ticket_number: 'WC-000041' })).toBe('Possible duplicate of #WC-000041');
  });

  it('says which numbers are the same', () => {
    expect(matchedOnText(['order_number'])).toBe('same order number');
    expect(matchedOnText(['serial_number'])).toBe('same serial number');
    expect(matchedOnText(['order_number', 'serial_number'])).toBe('same order and serial number');
    expect(matchedOnText([])).toBe('');
  });
});
