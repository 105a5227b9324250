import { describe, expect, it } from 'vitest';
import { badgeCount } from './badge';

describe('badgeCount', () => {
  it('shows the count itself up to 9', () => {
    expect(badgeCount(0)).toBe('0');
    expect(badgeCount(1)).toBe('1');
    expect(badgeCount(9)).toBe('9');
  });
  it('shows "9+" above 9', () => {
    expect(badgeCount(10)).toBe('9+');
    expect(badgeCount(250)).toBe('9+');
  });
});
