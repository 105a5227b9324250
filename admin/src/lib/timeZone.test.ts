import { describe, expect, it } from 'vitest';
import { withTimeZone } from './timeZone';

describe('withTimeZone', () => {
  it('adds the zone as the tz parameter', () => {
    expect(withTimeZone('/tickets/metrics', 'America/New_York')).toBe('/tickets/metrics?tz=America%2FNew_York');
    expect(withTimeZone('/tickets/metrics/trends?days=7', 'UTC')).toBe('/tickets/metrics/trends?days=7&tz=UTC');
  });

  it('leaves the path alone without a zone', () => {
    expect(withTimeZone('/tickets/metrics', null)).toBe('/tickets/metrics');
  });
});
