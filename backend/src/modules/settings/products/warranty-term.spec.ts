import { describe, expect, it } from '@jest/globals';
import { parseWarrantyTerm, warrantyTermDays } from '@warranty-crm/contract';

describe('parseWarrantyTerm', () => {
  it.each([
    ['1 year', 365],
    ['1 Year', 365],
    ['2 years', 730],
    ['6 months', 180],
    ['18 months', 540],
    ['90 days', 90],
    ['30 Days', 30],
    ['90days', 90],
    ['1yr', 365],
    ['3 yrs', 1095],
    ['2 weeks', 14],
    ['one year', 365],
    ['a year', 365],
    ['Two Years', 730],
    ['2-year limited warranty', 730],
    ['1 year 6 months', 545],
    ['1 year, 6 months', 545],
    ['1.5 years', 548],
    ['12 mo', 360],
    ['  90   days  ', 90],
    ['None', 0],
    ['No warranty', 0],
  ])('reads %j as %i days', (input, days) => {
    expect(parseWarrantyTerm(input)).toEqual({ kind: 'days', days });
  });

  it.each(['Lifetime', 'lifetime', 'Limited Lifetime', 'Life time warranty', 'LIFETIME'])('reads %j as a lifetime term', (input) => {
    expect(parseWarrantyTerm(input)).toEqual({ kind: 'lifetime' });
  });

  it.each(['', '   ', '90', 'until it breaks', 'year', 'see manual', '5 bananas', '999999 years'])('does not understand %j', (input) => {
    expect(parseWarrantyTerm(input)).toBeNull();
  });

  it('gives the rule its term: days, null for lifetime, undefined when unknown', () => {
    expect(warrantyTermDays('6 months')).toBe(180);
    expect(warrantyTermDays('Lifetime')).toBeNull();
    expect(warrantyTermDays('ask support')).toBeUndefined();
    expect(warrantyTermDays(null)).toBeUndefined();
  });
});
