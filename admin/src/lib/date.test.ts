import { describe, expect, it } from 'vitest';
import { formatShortDate } from './date';

describe('formatShortDate', () => {
  it('formats as en-US short month, day and year', () => {
    expect(formatShortDate('2025-03-07T12:00:00')).toBe('Mar 7, 2025');
    expect(formatShortDate(new Date(2024, 11, 25))).toBe('Dec 25, 2024');
  });
  it('shows "N/A" when the date is missing', () => {
    expect(formatShortDate(null)).toBe('N/A');
    expect(formatShortDate(undefined)).toBe('N/A');
    expect(formatShortDate('')).toBe('N/A');
  });
  it('shows "N/A" when the date is invalid', () => {
    expect(formatShortDate('garbage')).toBe('N/A');
  });
});
