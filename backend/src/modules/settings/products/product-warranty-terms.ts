import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Product } from '../product.entity.js';
import { warrantyTermDays } from '@warranty-crm/contract';

/** What identifies a ticket's product: the SKU and model it was filed with, and its brand. */
export interface TicketProductKey {
  productSku?: string | null;
  productModel?: string | null;
  productBrand?: string | null;
}

const key = (text: string | null | undefined) => text?.trim().toLowerCase() || null;

/**
 * The product whose warranty term applies to a ticket: the ticket's SKU or model equals a product's
 * SKU / Model Number, or its model equals a product's name (letter case and surrounding spaces
 * aside). A ticket with a brand matches only that brand's products. The first match in that order
 * wins.
 */
export function matchProduct<P extends Pick<Product, 'brand' | 'sku' | 'productName'>>(ticket: TicketProductKey, products: P[]): P | undefined {
  const candidates = ticket.productBrand ? products.filter((p) => p.brand === ticket.productBrand) : products;
  const sku = key(ticket.productSku);
  const model = key(ticket.productModel);
  return (
    (sku ? candidates.find((p) => key(p.sku) === sku) : undefined) ??
    (model ? candidates.find((p) => key(p.sku) === model) : undefined) ??
    (model ? candidates.find((p) => key(p.productName) === model) : undefined)
  );
}

/** What the warranty rule reads of a product. */
export type TermProduct = Pick<Product, 'brand' | 'sku' | 'productName' | 'warrantyTerm'>;

/**
 * Warranty terms of tickets' products, for the warranty rule: days, null for a lifetime term, or
 * undefined when no product matches or its term is not understood (the rule's default applies).
 * `products` must hold every product the tickets may match, oldest first.
 */
export function termDaysFrom(tickets: TicketProductKey[], products: TermProduct[]): (number | null | undefined)[] {
  return tickets.map((t) => {
    const product = matchProduct(t, products);
    return product ? warrantyTermDays(product.warrantyTerm) : undefined;
  });
}

/**
 * One SQL value, a JSON array of TermProduct: the organization's products (its id, the one
 * parameter) that the tickets of `tickets` (a query with product_sku and product_model columns)
 * may match, oldest first. For a statement that reads tickets and their products together.
 */
export function candidateProductsSql(tickets: string): string {
  return `with keys as (select lower(trim(x)) as k from (${tickets}) tk, unnest(array[tk.product_sku, tk.product_model]) as x where trim(x) <> '')
    select coalesce(json_agg(json_build_object('brand', pr.brand, 'sku', pr.sku, 'productName', pr.product_name, 'warrantyTerm', pr.warranty_term)
                    order by pr.created_at, pr.id), '[]'::json)
    from products pr
    where pr.organization_id = ? and (lower(trim(pr.sku)) in (select k from keys) or lower(trim(pr.product_name)) in (select k from keys))`;
}

@Injectable()
export class ProductWarrantyTerms {
  constructor(private readonly em: EntityManager) {}

  /** termDaysFrom with the candidate products read in one query (the list's candidateProductsSql). */
  async termDaysOf(organizationId: string, tickets: TicketProductKey[], em: EntityManager = this.em): Promise<(number | null | undefined)[]> {
    const keys = [...new Set(tickets.flatMap((t) => [key(t.productSku), key(t.productModel)]).filter((k): k is string => !!k))];
    if (!keys.length) return tickets.map(() => undefined);
    const [row] = await em.execute<{ products: TermProduct[] }[]>(
      `select (${candidateProductsSql('select k as product_sku, null::text as product_model from json_array_elements_text(?::json) k')}) as products`,
      [JSON.stringify(keys), organizationId],
    );
    return termDaysFrom(tickets, row.products);
  }
}
