import { describe, expect, it } from '@jest/globals';
import { DUE_SOON_HOURS, ISSUE_CATEGORIES, PREFERRED_RESOLUTIONS, respondByOf, responseKind, slaState } from '@warranty-crm/contract';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

describe('responseKind', () => {
  it('makes "Technical Support Only" technical support whatever the category', () => {
    for (const category of ISSUE_CATEGORIES) expect(responseKind('Technical Support Only', category)).toBe('technical_support');
  });

  it('makes a replacement, repair parts or refund a warranty issue whatever the category', () => {
    for (const resolution of ['Replacement', 'Repair Parts', 'Refund']) {
      for (const category of ISSUE_CATEGORIES) expect(responseKind(resolution, category)).toBe('warranty');
    }
  });

  it('lets the category decide when the customer is unsure: upkeep, fit and capacity questions are technical support', () => {
    expect(responseKind('Unsure - Need Guidance', 'Rust/Corrosion/Maintenance')).toBe('technical_support');
    expect(responseKind('Unsure - Need Guidance', 'Insufficient Height')).toBe('technical_support');
    expect(responseKind('Unsure - Need Guidance', 'Capacity/Overload Concerns')).toBe('technical_support');
    expect(responseKind('Unsure - Need Guidance', 'Hydraulic Oil Leak')).toBe('warranty');
    expect(responseKind('Unsure - Need Guidance', 'Arrived Damaged/Missing Parts')).toBe('warranty');
    expect(responseKind('Unsure - Need Guidance', 'Other')).toBe('warranty');
  });

  it('treats a ticket without resolution or category (the voice agent) as a warranty issue', () => {
    expect(responseKind(null, null)).toBe('warranty');
    expect(responseKind(undefined, 'Insufficient Height')).toBe('technical_support');
  });

  it('classifies every option pair of the form as one of the two kinds', () => {
    for (const resolution of PREFERRED_RESOLUTIONS) {
      for (const category of ISSUE_CATEGORIES) expect(['warranty', 'technical_support']).toContain(responseKind(resolution, category));
    }
  });
});

describe('respondByOf', () => {
  it('adds the promised hours to the creation instant', () => {
    expect(respondByOf(at('2026-03-01T10:15:00Z'), 24).toISOString()).toBe('2026-03-02T10:15:00.000Z');
    expect(respondByOf(at('2026-03-01T10:15:00Z'), 48).toISOString()).toBe('2026-03-03T10:15:00.000Z');
  });
});

describe('slaState', () => {
  const due = at('2026-03-02T10:00:00Z');

  it('is met when answered by respond_by, to the millisecond, and missed after', () => {
    expect(slaState(due, at('2026-03-01T12:00:00Z'), at('2026-03-05T00:00:00Z'))).toBe('met');
    expect(slaState(due, due, at('2026-03-05T00:00:00Z'))).toBe('met');
    expect(slaState(due, new Date(due.getTime() + 1), at('2026-03-01T00:00:00Z'))).toBe('missed');
  });

  it('is on track more than 4 hours before respond_by, due soon within them, overdue from respond_by on', () => {
    expect(DUE_SOON_HOURS).toBe(4);
    expect(slaState(due, null, new Date(due.getTime() - 4 * HOUR - 1))).toBe('on_track');
    expect(slaState(due, null, new Date(due.getTime() - 4 * HOUR))).toBe('due_soon');
    expect(slaState(due, null, new Date(due.getTime() - 1))).toBe('due_soon');
    expect(slaState(due, null, due)).toBe('overdue');
    expect(slaState(due, undefined, new Date(due.getTime() + 36 * HOUR))).toBe('overdue');
  });

  it('reads timestamps given as text and is null without a promise', () => {
    expect(slaState('2026-03-02T10:00:00.000Z', '2026-03-02T09:00:00.000Z', due)).toBe('met');
    expect(slaState(null, null, due)).toBeNull();
  });
});
