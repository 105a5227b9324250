import { describe, expect, it } from '@jest/globals';
import { WARRANTY_DAYS, warrantyStatus } from '@warranty-crm/contract';

const at = (iso: string) => new Date(iso);

describe('warrantyStatus', () => {
  it('uses a 90-day window', () => {
    expect(WARRANTY_DAYS).toBe(90);
  });

  it('is under warranty when the ticket is created on the day of purchase, with 90 days left', () => {
    expect(warrantyStatus('2026-01-10', at('2026-01-10T15:00:00Z'), at('2026-01-10T16:00:00Z'))).toEqual({
      under_warranty: true,
      warranty_days_left: 90,
    });
  });

  it('includes the 90th day and excludes the 91st', () => {
    expect(warrantyStatus('2026-01-01', at('2026-04-01T23:59:00Z'), at('2026-04-01T23:59:00Z'))).toEqual({
      under_warranty: true,
      warranty_days_left: 0,
    });
    expect(warrantyStatus('2026-01-01', at('2026-04-02T00:00:00Z'), at('2026-04-02T00:00:00Z'))).toEqual({
      under_warranty: false,
      warranty_days_left: 0,
    });
  });

  it('judges coverage at the ticket creation but counts the days left from today', () => {
    expect(warrantyStatus('2026-01-01', at('2026-01-31T10:00:00Z'), at('2026-03-22T10:00:00Z'))).toEqual({
      under_warranty: true,
      warranty_days_left: 10,
    });
  });

  it('never reports negative days left', () => {
    expect(warrantyStatus('2020-01-01', at('2026-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z')).warranty_days_left).toBe(0);
  });

  it('accepts a Date purchase date and a custom term', () => {
    expect(warrantyStatus(at('2026-01-01T00:00:00Z'), at('2026-12-31T00:00:00Z'), at('2026-12-31T00:00:00Z'), 365)).toEqual({
      under_warranty: true,
      warranty_days_left: 1,
    });
  });

  it('covers a lifetime term (null) forever, with no end date', () => {
    expect(warrantyStatus('2001-01-01', at('2026-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z'), null)).toEqual({
      under_warranty: true,
      warranty_days_left: null,
    });
    expect(warrantyStatus(null, at('2026-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z'), null).under_warranty).toBeNull();
  });

  it('is unknown without a purchase date', () => {
    expect(warrantyStatus(null, new Date())).toEqual({ under_warranty: null, warranty_days_left: null });
  });
});
