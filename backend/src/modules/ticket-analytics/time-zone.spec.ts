import { describe, expect, it } from '@jest/globals';
import { checkTimeZone, trend } from './time-zone.js';

describe('checkTimeZone', () => {
  it('defaults to UTC and accepts IANA names', () => {
    expect(checkTimeZone(undefined)).toBe('UTC');
    expect(checkTimeZone('America/New_York')).toBe('America/New_York');
  });

  it.each(['Mars/Olympus', "UTC'; drop table tickets; --", '+05:00'])('rejects %s', (tz) => {
    expect(() => checkTimeZone(tz)).toThrow('tz must be an IANA time zone such as America/New_York');
  });
});

describe('trend', () => {
  it('computes the change in percent with one decimal', () => {
    expect(trend(112, 100)).toEqual({ current: 112, previous: 100, change_percent: 12, direction: 'up' });
    expect(trend(2, 3)).toEqual({ current: 2, previous: 3, change_percent: -33.3, direction: 'down' });
  });

  it('is flat at zero and has no percentage without a baseline', () => {
    expect(trend(0, 0)).toEqual({ current: 0, previous: 0, change_percent: 0, direction: 'flat' });
    expect(trend(4, 0)).toEqual({ current: 4, previous: 0, change_percent: null, direction: 'up' });
  });
});
