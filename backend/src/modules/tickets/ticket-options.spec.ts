import { describe, expect, it } from '@jest/globals';
import { isIsoDate, isPurchaseDateInWindow, oneOfMessage } from '@warranty-crm/contract';

describe('isIsoDate', () => {
  it.each(['2026-01-31', '2024-02-29'])('accepts %s', (value) => expect(isIsoDate(value)).toBe(true));
  it.each(['2026-02-30', '2023-02-29', '2026-1-3', '31/01/2026', '2026-01-31T00:00:00Z', '', 20260131])('rejects %p', (value) =>
    expect(isIsoDate(value)).toBe(false),
  );
});

describe('isPurchaseDateInWindow', () => {
  const today = '2026-06-15';

  it('accepts today and exactly five years ago', () => {
    expect(isPurchaseDateInWindow('2026-06-15', today)).toBe(true);
    expect(isPurchaseDateInWindow('2021-06-15', today)).toBe(true);
  });

  it('allows one day ahead of UTC for customers east of Greenwich, not two', () => {
    expect(isPurchaseDateInWindow('2026-06-16', today, 1)).toBe(true);
    expect(isPurchaseDateInWindow('2026-06-17', today, 1)).toBe(false);
  });

  it('rejects a date more than five years ago', () => {
    expect(isPurchaseDateInWindow('2021-06-14', today)).toBe(false);
  });

  it('rejects a malformed date', () => {
    expect(isPurchaseDateInWindow('2026-13-01', today)).toBe(false);
  });
});

describe('oneOfMessage', () => {
  it('lists the options', () => {
    expect(oneOfMessage('Contact method', ['Email', 'Phone'])).toBe('Contact method must be one of: Email, Phone');
  });
});
