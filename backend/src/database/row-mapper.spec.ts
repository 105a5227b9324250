import { describe, expect, it } from '@jest/globals';
import { timestamp } from './row-mapper.js';

describe('timestamp: PostgreSQL text of a timestamptz as a Date', () => {
  it.each([
    ['2026-11-23 01:02:03.456789+00', '2026-11-23T01:02:03.456Z'],
    ['2026-11-23 01:02:03.4+00', '2026-11-23T01:02:03.400Z'],
    ['2026-11-23 01:02:03.45+00', '2026-11-23T01:02:03.450Z'],
    ['2026-11-23 01:02:03+00', '2026-11-23T01:02:03.000Z'],
    ['2026-12-31 23:59:59.999999+00', '2026-12-31T23:59:59.999Z'],
    ['2026-11-23 05:32:03.5+05:30', '2026-11-23T00:02:03.500Z'],
    ['2026-11-22 22:02:03-03', '2026-11-23T01:02:03.000Z'],
    ['2024-02-29 12:00:00+00', '2024-02-29T12:00:00.000Z'],
    // as row_to_json writes it, and ISO text: Date's own parser
    ['2026-11-23T01:02:03.456789+00:00', '2026-11-23T01:02:03.456Z'],
    ['2026-11-23T01:02:03.456Z', '2026-11-23T01:02:03.456Z'],
  ])('%s', (text, iso) => {
    expect((timestamp(text) as Date).toISOString()).toBe(iso);
  });

  it('leaves a Date, null and undefined as they are', () => {
    const date = new Date();
    expect(timestamp(date)).toBe(date);
    expect(timestamp(null)).toBeNull();
    expect(timestamp(undefined)).toBeUndefined();
  });
});
