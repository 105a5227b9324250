import { ticketWarranty, WARRANTY_DAYS, type WarrantyProduct, type WarrantyStatus } from '@warranty-crm/contract';

export { WARRANTY_DAYS, type WarrantyStatus };

/** A product as the API lists it (GET /api/products). */
export interface ListedProduct {
  brand: string;
  sku: string;
  product_name: string;
  warranty_term: string | null;
}

/** What the create form knows of the ticket's product. */
export interface WarrantyFormValues {
  purchaseDate: string;
  productSku?: string | null;
  jackModel?: string | null;
  productBrand?: string | null;
}

/**
 * The verdict and days left the ticket will be saved with, by the server's own rule (the contract's
 * ticketWarranty): the term of the product its SKU or jack model matches among `products` (oldest
 * first), in the ticket's brand (the form's, else the organization's default ticket brand), else 90
 * days; counted in UTC calendar days from a ticket created `now`, as the server records it.
 */
export function predictedWarranty(
  values: WarrantyFormValues,
  products: readonly ListedProduct[],
  defaultBrand: string | null | undefined,
  now: Date = new Date(),
): WarrantyStatus {
  const catalogue: WarrantyProduct[] = products.map(p => ({ brand: p.brand, sku: p.sku, productName: p.product_name, warrantyTerm: p.warranty_term }));
  const productBrand = values.productBrand?.trim() || defaultBrand || null;
  return ticketWarranty({ purchaseDate: values.purchaseDate, productSku: values.productSku, productModel: values.jackModel, productBrand }, catalogue, now, now);
}

/** "UNDER WARRANTY · 45 days left", "UNDER WARRANTY · Lifetime", "OUT OF WARRANTY"; null without a purchase date. */
export function warrantyLabel(status: Pick<WarrantyStatus, 'under_warranty' | 'warranty_days_left'>): string | null {
  if (status.under_warranty === null) return null;
  if (!status.under_warranty) return 'OUT OF WARRANTY';
  if (status.warranty_days_left === null) return 'UNDER WARRANTY · Lifetime';
  return `UNDER WARRANTY · ${status.warranty_days_left} ${status.warranty_days_left === 1 ? 'day' : 'days'} left`;
}
