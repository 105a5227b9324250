import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letter of a one-word username, uppercased', () => {
    expect(initials('alice')).toBe('A');
  });
  it('takes the first letters of the first two words', () => {
    expect(initials('john smith')).toBe('JS');
  });
  it('keeps at most 2 letters for longer names', () => {
    expect(initials('mary jane watson')).toBe('MJ');
  });
  it('ignores extra whitespace between and around words', () => {
    expect(initials('  ann   lee  ')).toBe('AL');
  });
  it('falls back to "U" when the username is missing or blank', () => {
    expect(initials(undefined)).toBe('U');
    expect(initials(null)).toBe('U');
    expect(initials('')).toBe('U');
    expect(initials('   ')).toBe('U');
  });
});
