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
  it('keeps a letter with a combining mark whole (N + U+0303 is "Ñ", never half a character)', () => {
    expect(initials('n\u0303ico')).toBe('Ñ');
    expect(initials('Ñandú pérez')).toBe('ÑP');
    expect(initials('élodie')).toBe('É');
  });
  it('takes a whole emoji as an initial, including multi-code-point ones', () => {
    expect(initials('😀 Ann')).toBe('😀A');
    expect(initials('👩‍🔧 bob')).toBe('👩‍🔧B');
    expect(initials('🇪🇸')).toBe('🇪🇸');
    // no lone surrogate (what rendered as "�"): encodeURIComponent throws on one
    for (const value of ['😀 Ann', '👩‍🔧 bob', 'ñ']) expect(() => encodeURIComponent(initials(value))).not.toThrow();
  });
  it('skips words that start with punctuation', () => {
    expect(initials('( ann')).toBe('A');
    expect(initials('-- ')).toBe('U');
  });
});
