import { describe, expect, it } from 'vitest';
import { costSeries, hoursText, percent } from './warrantyAnalytics';

describe('warranty analytics helpers', () => {
  it('stacks the cost per brand over the months', () => {
    expect(
      costSeries([
        { month: '2026-11', brand: 'Acme', cost: 10.5 },
        { month: '2026-10', brand: 'Acme', cost: 4 },
        { month: '2026-11', brand: null, cost: 2 },
      ]),
    ).toEqual({
      months: ['2026-10', '2026-11'],
      series: [
        { brand: 'Acme', data: [4, 10.5] },
        { brand: 'No Brand', data: [0, 2] },
      ],
      total: 16.5,
    });
  });

  it('writes rates and hours', () => {
    expect(percent(0.4256)).toBe('42.6%');
    expect(percent(null)).toBe('—');
    expect(hoursText(5)).toBe('5 h');
    expect(hoursText(76)).toBe('3 days 4 h');
    expect(hoursText(null)).toBe('—');
  });
});
