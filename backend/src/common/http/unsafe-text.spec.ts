import { describe, expect, it } from '@jest/globals';
import { findUnsafeText, unsafeTextProblem } from './unsafe-text.js';

describe('NUL characters and unpaired surrogates', () => {
  it('accepts ordinary text, emoji (paired surrogates) included', () => {
    expect(unsafeTextProblem('Zoë 🚗 漢字')).toBeNull();
    expect(unsafeTextProblem('')).toBeNull();
  });

  it('refuses a NUL, a lone high surrogate and a lone low surrogate', () => {
    expect(unsafeTextProblem('nul\u0000user')).toMatch(/NUL/);
    expect(unsafeTextProblem('\ud800@example.com')).toMatch(/surrogate/);
    expect(unsafeTextProblem('x\udc00')).toMatch(/surrogate/);
    expect(unsafeTextProblem('🚗'.slice(0, 1))).toMatch(/surrogate/);
  });

  it('names every offending field by its path, keys included', () => {
    const errors = findUnsafeText({ ok: 'fine', username: 'a\u0000b', brands: ['x', '\ud800'], nested: { 'k\u0000': 1 }, n: 5 });
    expect(errors).toEqual([
      { field: 'username', message: 'username must not contain NUL (\\u0000) characters' },
      { field: 'brands.1', message: 'brands.1 must be valid Unicode text (it contains an unpaired UTF-16 surrogate)' },
      { field: 'nested.k\u0000', message: 'The field name "k\\u0000" must not contain NUL (\\u0000) characters' },
    ]);
  });

  it('prefixes a query object or a path parameter with its name', () => {
    expect(findUnsafeText('a\u0000', 'id')).toEqual([{ field: 'id', message: 'id must not contain NUL (\\u0000) characters' }]);
    expect(findUnsafeText({ q: '\u0000' }, 'filter')[0].field).toBe('filter.q');
  });

  it('does not look into buffers and walks deep values without recursion', () => {
    expect(findUnsafeText({ file: Buffer.from([0, 0xd8]) })).toEqual([]);
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toHaveLength(1);
  });
});
