import { describe, expect, it } from 'vitest';
import { dayLabel, formatHours, formatShare, promisesKeptNote, promisesKeptValue, resolutionRate, sharesOf, STATUS_ORDER, timelineSeries } from './analytics';

describe('sharesOf', () => {
  it('gives each brand its share of the total, largest first', () => {
    const { total, rows } = sharesOf({ TorqueLine: 1, IronJack: 3, 'No Brand': 0 });
    expect(total).toBe(4);
    expect(rows).toEqual([
      { key: 'IronJack', count: 3, percent: 75 },
      { key: 'TorqueLine', count: 1, percent: 25 },
      { key: 'No Brand', count: 0, percent: 0 },
    ]);
  });

  it('keeps a given order (statuses in workflow order)', () => {
    const { rows } = sharesOf({ Closed: 1, Zeta: 1, Open: 2, Pending: 0, Resolved: 0 }, STATUS_ORDER);
    expect(rows.map(row => row.key)).toEqual(['Open', 'Pending', 'Resolved', 'Closed', 'Zeta']);
  });

  it('gives 0% everywhere when there are no tickets', () => {
    const { total, rows } = sharesOf({ Open: 0, Closed: 0 });
    expect(total).toBe(0);
    expect(rows.every(row => row.percent === 0)).toBe(true);
    expect(sharesOf(undefined)).toEqual({ total: 0, rows: [] });
  });
});

describe('formatShare', () => {
  it('rounds to whole percents and never shows a non-empty share as 0%', () => {
    expect(formatShare(75)).toBe('75%');
    expect(formatShare(33.333)).toBe('33%');
    expect(formatShare(0.2)).toBe('<1%');
    expect(formatShare(0)).toBe('0%');
  });
});

describe('formatHours', () => {
  it('shows minutes under an hour, hours under two days, days beyond', () => {
    expect(formatHours(0.25)).toBe('15m');
    expect(formatHours(0.001)).toBe('<1m');
    expect(formatHours(0)).toBe('<1m');
    expect(formatHours(0.99)).toBe('59m');
    expect(formatHours(2.3)).toBe('2.3h');
    expect(formatHours(18)).toBe('18h');
    expect(formatHours(47.96)).toBe('48h');
    expect(formatHours(72)).toBe('3d');
    expect(formatHours(100)).toBe('4.2d');
  });

  it('keeps "no data" as null', () => {
    expect(formatHours(null)).toBeNull();
    expect(formatHours(undefined)).toBeNull();
    expect(formatHours(Number.NaN)).toBeNull();
  });
});

describe('resolutionRate', () => {
  it('is the share of Resolved and Closed tickets', () => {
    expect(resolutionRate({ Open: 2, Pending: 1, Resolved: 1, Closed: 4 })).toEqual({ percent: 62.5, resolved: 5, total: 8 });
  });

  it('is null without tickets in the period', () => {
    expect(resolutionRate({ Open: 0, Pending: 0, Resolved: 0, Closed: 0 })).toEqual({ percent: null, resolved: 0, total: 0 });
  });
});

describe('timelineSeries', () => {
  it('labels each UTC day in en-US short form, oldest first', () => {
    expect(
      timelineSeries([
        { date: '2026-01-02', count: 3 },
        { date: '2025-12-31', count: 0 },
        { date: '2026-01-01', count: 1 },
      ]),
    ).toEqual({ labels: ['Dec 31', 'Jan 1', 'Jan 2'], counts: [0, 1, 3] });
  });

  it('does not shift a day in time zones west of UTC', () => {
    expect(dayLabel('2026-03-01')).toBe('Mar 1');
  });

  it('is empty without data', () => {
    expect(timelineSeries(undefined)).toEqual({ labels: [], counts: [] });
  });
});

describe('the Answered Within Promise card', () => {
  it('shows the percent with its decimal, whole percents without', () => {
    expect(promisesKeptValue(92.5)).toBe('92.5%');
    expect(promisesKeptValue(100)).toBe('100%');
    expect(promisesKeptValue(0)).toBe('0%');
    expect(promisesKeptValue(null)).toBeNull();
  });
  it('gives the counts behind the share, or says that no promise has come due', () => {
    expect(promisesKeptNote(30, { answered_within_promise: 37, answered_late: 2, overdue_unanswered: 1 })).toBe(
      'Last 30 days · 37 of 40 on time · 2 late · 1 overdue',
    );
    expect(promisesKeptNote(30, { answered_within_promise: 0, answered_late: 0, overdue_unanswered: 0 })).toBe('Last 30 days · no promise has come due yet');
  });
});
