import { describe, expect, it } from 'vitest';
import { comparisonText, formatPercent, trendBadge, trendNote } from './trend';

const trend = (change_percent: number | null, current = 1, previous = 1) => ({
  current,
  previous,
  change_percent,
  direction: (current > previous ? 'up' : current < previous ? 'down' : 'flat') as 'up' | 'down' | 'flat',
});

describe('formatPercent', () => {
  it('drops the sign and a trailing .0, keeps one decimal otherwise', () => {
    expect(formatPercent(12)).toBe('12%');
    expect(formatPercent(12.0)).toBe('12%');
    expect(formatPercent(-3.5)).toBe('3.5%');
    expect(formatPercent(33.333)).toBe('33.3%');
    expect(formatPercent(0)).toBe('0%');
  });
});

describe('trendBadge', () => {
  it('shows a rise as a green up badge', () => {
    expect(trendBadge(trend(12.1, 120, 107))).toEqual({ label: '12.1%', direction: 'up', tone: 'positive' });
  });

  it('shows a fall as a red down badge', () => {
    expect(trendBadge(trend(-3, 97, 100))).toEqual({ label: '3%', direction: 'down', tone: 'negative' });
  });

  it('shows no change as a grey flat badge', () => {
    expect(trendBadge(trend(0, 5, 5))).toEqual({ label: '0%', direction: 'flat', tone: 'neutral' });
  });

  it('shows no badge without a baseline (nothing at the start of the period)', () => {
    expect(trendBadge(trend(null, 3, 0))).toBeNull();
    expect(trendBadge(trend(0, 0, 0))).toBeNull();
    expect(trendBadge(undefined)).toBeNull();
    expect(trendBadge(null)).toBeNull();
  });
});

describe('comparisonText', () => {
  it('names the period the trend compares with', () => {
    expect(comparisonText(7)).toBe('vs. last week');
    expect(comparisonText(30)).toBe('vs. 30 days ago');
    expect(comparisonText(1)).toBe('vs. yesterday');
    expect(comparisonText(7, true)).toBe('vs. yesterday');
    expect(comparisonText(undefined)).toBe('vs. last week');
  });
});

describe('trendNote', () => {
  it('says why there is no badge', () => {
    expect(trendNote(trend(null, 3, 0), 7)).toBe('All new since last week');
    expect(trendNote(trend(0, 0, 0), 7)).toBe('No change vs. last week');
    expect(trendNote(trend(0, 0, 0), 30)).toBe('No change vs. 30 days ago');
    expect(trendNote(trend(null, 2, 0), 7, true)).toBe('None closed yesterday');
    expect(trendNote(trend(0, 0, 0), 7, true)).toBe('None closed yesterday');
  });

  it('is empty when a badge is shown or nothing is known', () => {
    expect(trendNote(trend(12.1, 120, 107), 7)).toBeNull();
    expect(trendNote(undefined, 7)).toBeNull();
  });
});
