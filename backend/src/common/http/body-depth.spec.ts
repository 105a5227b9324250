import { describe, expect, it } from '@jest/globals';
import { BodyTooDeepError, jsonNestsDeeperThan, MAX_BODY_DEPTH, rejectDeepJson } from './body-depth.js';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('the body nesting limit', () => {
  it('counts arrays and objects alike, up to and past the limit', () => {
    expect(jsonNestsDeeperThan(nested(3), 3)).toBe(false);
    expect(jsonNestsDeeperThan(nested(4), 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":{"c":[1]}}}', 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":{"c":1}},"d":[[2]]}', 3)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(`{"a":"${'['.repeat(100)}"}`, 2)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":"\\"${'{'.repeat(100)}\\\\"}`, 2)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":"\\"","b":${nested(5)}}`, 3)).toBe(true);
  });

  it('reads UTF-8 bytes with multi-byte characters', () => {
    expect(jsonNestsDeeperThan(Buffer.from(`{"名前":"[[[[","x":[["é"]]}`, 'utf8'), 3)).toBe(false);
  });

  it('refuses a deep body in body-parser\'s verify hook with a 400, in UTF-8 and UTF-16', () => {
    const verify = rejectDeepJson();
    const deep = `{"first_name":${nested(MAX_BODY_DEPTH)}}`;
    expect(() => verify(null, null, Buffer.from(deep, 'utf8'), 'utf-8')).toThrow(BodyTooDeepError);
    expect(() => verify(null, null, Buffer.from(deep, 'utf16le'), 'utf-16le')).toThrow(BodyTooDeepError);
    expect(() => verify(null, null, Buffer.from(`{"a":${nested(MAX_BODY_DEPTH - 1)}}`, 'utf8'), 'utf-8')).not.toThrow();
    let thrown: unknown;
    try {
      verify(null, null, Buffer.from(nested(5000)), 'utf-8');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ status: 400, type: 'entity.too.deep', message: 'Request body is nested too deeply' });
  });
});
