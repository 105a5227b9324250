import { describe, expect, it } from 'vitest';
import { formatSpan, promiseStatus } from './responsePromise';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const created = '2026-03-01T10:00:00.000Z';
const due = '2026-03-02T10:00:00.000Z';
const dueMs = new Date(due).getTime();
const at = (ms: number) => new Date(ms);

describe('formatSpan', () => {
  it('shows minutes under an hour, hours and minutes under a day, days and hours beyond', () => {
    expect(formatSpan(45 * MINUTE)).toBe('45m');
    expect(formatSpan(3 * HOUR + 12 * MINUTE + 59_000)).toBe('3h 12m');
    expect(formatSpan(HOUR)).toBe('1h 0m');
    expect(formatSpan(52 * HOUR)).toBe('2d 4h');
  });
  it('shows <1m under a minute and for a negative span', () => {
    expect(formatSpan(59_999)).toBe('<1m');
    expect(formatSpan(-5)).toBe('<1m');
  });
});

describe('promiseStatus', () => {
  it('counts down to respond_by while the ticket is unanswered', () => {
    expect(promiseStatus({ created_at: created, respond_by: due }, at(dueMs - 3 * HOUR - 12 * MINUTE))).toEqual({
      state: 'due_soon',
      text: 'Respond within 3h 12m',
    });
    expect(promiseStatus({ created_at: created, respond_by: due }, at(dueMs - 20 * HOUR))).toEqual({
      state: 'on_track',
      text: 'Respond within 20h 0m',
    });
  });
  it('counts up past respond_by', () => {
    expect(promiseStatus({ created_at: created, respond_by: due, responded_at: null }, at(dueMs + HOUR + 5 * MINUTE))).toEqual({
      state: 'overdue',
      text: 'Overdue by 1h 5m',
    });
  });
  it('tells how long the response took when it was on time, and by how much it was late otherwise', () => {
    expect(promiseStatus({ created_at: created, respond_by: due, responded_at: '2026-03-01T12:03:00.000Z' }, at(dueMs + 9 * HOUR))).toEqual({
      state: 'met',
      text: 'Responded in 2h 3m',
    });
    expect(promiseStatus({ created_at: created, respond_by: due, responded_at: '2026-03-02T10:20:00.000Z' }, at(dueMs))).toEqual({
      state: 'missed',
      text: 'Missed by 20m',
    });
  });
  it('is null for a ticket without a promise', () => {
    expect(promiseStatus({ created_at: created, respond_by: null }, at(dueMs))).toBeNull();
  });
});
