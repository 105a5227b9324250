import { describe, expect, it } from 'vitest';
import { withTimeZone } from './timeZone';

describe('withTimeZone', () => {
  it('adds the zone as the tz parameter', () => {
    expect(withTimeZone('/api/tickets/metrics', 'America/New_York')).toBe('/api/tickets/metrics?tz=America%2FNew_York');
    expect(withTimeZone('/api/tickets/metrics/trends?days=7', 'UTC')).toBe('/api/tickets/metrics/trends?days=7&tz=UTC');
  });

  it('leaves the path alone without a zone', () => {
    expect(withTimeZone('/api/tickets/metrics', null)).toBe('/api/tickets/metrics');
  });
});
