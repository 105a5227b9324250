import { describe, expect, it } from 'vitest';
import { predictedWarranty, warrantyLabel, type ListedProduct } from './warranty';

// 23:30 UTC on Jun 15 2025: the server records the ticket's day in UTC, whatever the user's zone.
const now = new Date(Date.UTC(2025, 5, 15, 23, 30));

const product = (overrides: Partial<ListedProduct> = {}): ListedProduct => ({
  brand: 'IronJack',
  sku: 'FJ-250',
  product_name: '3-Ton Floor Jack',
  warranty_term: '1 year',
  ...overrides,
});

describe('predictedWarranty', () => {
  it('applies the default 90 days without a matching product', () => {
    expect(predictedWarranty({ purchaseDate: '2025-03-17', productSku: 'NOPE' }, [product()], 'IronJack', now)).toEqual({ under_warranty: true, warranty_days_left: 0 });
    expect(predictedWarranty({ purchaseDate: '2025-03-16', productSku: 'NOPE' }, [], null, now)).toEqual({ under_warranty: false, warranty_days_left: 0 });
    expect(predictedWarranty({ purchaseDate: '2025-06-05' }, [], null, now)).toEqual({ under_warranty: true, warranty_days_left: 80 });
  });
  it("applies the term of the product the SKU matches: a 1-year product is covered at 200 days", () => {
    expect(predictedWarranty({ purchaseDate: '2024-11-27', productSku: ' fj-250 ' }, [product()], 'IronJack', now)).toEqual({ under_warranty: true, warranty_days_left: 165 });
  });
  it('matches the jack model against a product name, and a lifetime term never ends', () => {
    expect(
      predictedWarranty({ purchaseDate: '2021-01-01', productSku: 'X', jackModel: '3-Ton Floor Jack' }, [product({ warranty_term: 'Lifetime' })], null, now),
    ).toEqual({ under_warranty: true, warranty_days_left: null });
  });
  it("matches only the ticket's brand: the default ticket brand when the form has none", () => {
    const products = [product({ brand: 'TorqueLine', warranty_term: '30 days' }), product({ warranty_term: '2 years' })];
    expect(predictedWarranty({ purchaseDate: '2025-01-01', productSku: 'FJ-250' }, products, 'IronJack', now).under_warranty).toBe(true);
    expect(predictedWarranty({ purchaseDate: '2025-01-01', productSku: 'FJ-250' }, products, 'TorqueLine', now).under_warranty).toBe(false);
    expect(predictedWarranty({ purchaseDate: '2025-01-01', productSku: 'FJ-250', productBrand: 'IronJack' }, products, 'TorqueLine', now).under_warranty).toBe(true);
  });
  it('is nothing without a purchase date', () => {
    expect(predictedWarranty({ purchaseDate: '' }, [], null, now)).toEqual({ under_warranty: null, warranty_days_left: null });
  });
});

describe('warrantyLabel', () => {
  it('names the verdict and the days left', () => {
    expect(warrantyLabel({ under_warranty: true, warranty_days_left: 45 })).toBe('UNDER WARRANTY · 45 days left');
    expect(warrantyLabel({ under_warranty: true, warranty_days_left: 1 })).toBe('UNDER WARRANTY · 1 day left');
    expect(warrantyLabel({ under_warranty: true, warranty_days_left: null })).toBe('UNDER WARRANTY · Lifetime');
    expect(warrantyLabel({ under_warranty: false, warranty_days_left: 0 })).toBe('OUT OF WARRANTY');
    expect(warrantyLabel({ under_warranty: null, warranty_days_left: null })).toBeNull();
  });
});
