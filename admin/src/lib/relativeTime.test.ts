import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime';

const now = new Date('2025-06-15T12:00:00Z').getTime();
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('says "Just now" under 60 seconds', () => {
    expect(relativeTime(ago(0), now)).toBe('Just now');
    expect(relativeTime(ago(59), now)).toBe('Just now');
  });
  it('counts minutes from 60 seconds up to an hour', () => {
    expect(relativeTime(ago(60), now)).toBe('1m ago');
    expect(relativeTime(ago(59 * 60 + 59), now)).toBe('59m ago');
  });
  it('counts hours from one hour up to a day', () => {
    expect(relativeTime(ago(3600), now)).toBe('1h ago');
    expect(relativeTime(ago(23 * 3600 + 3599), now)).toBe('23h ago');
  });
  it('counts days from one day up to 7 days', () => {
    expect(relativeTime(ago(86400), now)).toBe('1d ago');
    expect(relativeTime(ago(7 * 86400 - 1), now)).toBe('6d ago');
  });
  it('shows the en-US date from 7 days on', () => {
    const date = ago(7 * 86400);
    expect(relativeTime(date, now)).toBe(new Date(date).toLocaleDateString('en-US'));
    expect(relativeTime('2024-01-02T12:00:00Z', now)).toBe(
      new Date('2024-01-02T12:00:00Z').toLocaleDateString('en-US'),
    );
  });
  it('accepts Date objects for both arguments', () => {
    expect(relativeTime(new Date(now - 120_000), new Date(now))).toBe('2m ago');
  });
  it('returns an empty string for an invalid date', () => {
    expect(relativeTime('not a date', now)).toBe('');
  });
});
