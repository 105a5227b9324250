import { describe, expect, it } from 'vitest';
import { daysSincePurchase, isUnderWarranty } from './warranty';

const now = new Date(2025, 5, 15, 15, 30); // Jun 15 2025, mid-afternoon local time

describe('isUnderWarranty', () => {
  it('is under warranty for a purchase today', () => {
    expect(isUnderWarranty('2025-06-15', now)).toBe(true);
  });
  it('is under warranty exactly 90 days after purchase', () => {
    // Mar 17 + 90 days = Jun 15
    expect(daysSincePurchase('2025-03-17', now)).toBe(90);
    expect(isUnderWarranty('2025-03-17', now)).toBe(true);
  });
  it('is out of warranty 91 days after purchase', () => {
    expect(daysSincePurchase('2025-03-16', now)).toBe(91);
    expect(isUnderWarranty('2025-03-16', now)).toBe(false);
  });
  it('accepts Date objects regardless of the time of day', () => {
    expect(isUnderWarranty(new Date(2025, 2, 17, 23, 59), now)).toBe(true);
    expect(isUnderWarranty(new Date(2025, 2, 16, 0, 1), now)).toBe(false);
  });
  it('counts calendar days across a daylight-saving change', () => {
    expect(daysSincePurchase('2025-03-01', new Date(2025, 3, 1, 9))).toBe(31);
  });
});
