import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration', () => {
  it('pads seconds to two digits', () => {
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(65)).toBe('1:05');
  });
  it('shows whole minutes with :00', () => {
    expect(formatDuration(120)).toBe('2:00');
  });
  it('keeps counting minutes past an hour', () => {
    expect(formatDuration(3725)).toBe('62:05');
  });
  it('shows 0:00 for zero, missing or negative values', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(null)).toBe('0:00');
    expect(formatDuration(undefined)).toBe('0:00');
    expect(formatDuration(-3)).toBe('0:00');
  });
  it('drops fractions of a second', () => {
    expect(formatDuration(59.9)).toBe('0:59');
  });
});
