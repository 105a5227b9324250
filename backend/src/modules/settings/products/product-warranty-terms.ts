import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { productTermDays, type TicketProductKey } from '@warranty-crm/contract';
import { tenantSql } from '../../../common/tenancy/tenant-sql.js';
import type { Product } from '../product.entity.js';

// The matching rule is the contract's (matchProduct): the admin's create dialog applies the same one.
export type { TicketProductKey };

const key = (text: string | null | undefined) => text?.trim().toLowerCase() || null;

/** What the warranty rule reads of a product. */
export type TermProduct = Pick<Product, 'brand' | 'sku' | 'productName' | 'warrantyTerm'>;

/**
 * Warranty terms of tickets' products, for the warranty rule: days, null for a lifetime term, or
 * undefined when no product matches or its term is not understood (the rule's default applies).
 * `products` must hold every product the tickets may match, oldest first.
 */
export function termDaysFrom(tickets: TicketProductKey[], products: TermProduct[]): (number | null | undefined)[] {
  return tickets.map((t) => productTermDays(t, products));
}

/**
 * One SQL value, a JSON array of TermProduct: the organization's products (a TenantSql token) that the tickets of `tickets` (a query with product_sku and product_model columns)
 * may match, oldest first. For a statement that reads tickets and their products together.
 */
export function candidateProductsSql(tickets: string): string {
  return `with keys as (select lower(trim(x)) as k from (${tickets}) tk, unnest(array[tk.product_sku, tk.product_model]) as x where trim(x) <> '')
    select coalesce(json_agg(json_build_object('brand', pr.brand, 'sku', pr.sku, 'productName', pr.product_name, 'warrantyTerm', pr.warranty_term)
                    order by pr.created_at, pr.id), '[]'::json)
    from products pr
    where @tenant(pr) and (lower(trim(pr.sku)) in (select k from keys) or lower(trim(pr.product_name)) in (select k from keys))`;
}

@Injectable()
export class ProductWarrantyTerms {
  constructor(private readonly em: EntityManager) {}

  /** termDaysFrom with the candidate products read in one query (the list's candidateProductsSql). */
  async termDaysOf(tickets: TicketProductKey[], em: EntityManager = this.em): Promise<(number | null | undefined)[]> {
    const keys = [...new Set(tickets.flatMap((t) => [key(t.productSku), key(t.productModel)]).filter((k): k is string => !!k))];
    if (!keys.length) return tickets.map(() => undefined);
    const [row] = await tenantSql(em).execute<{ products: TermProduct[] }[]>(
      `select (${candidateProductsSql('select k as product_sku, null::text as product_model from json_array_elements_text(?::json) k')}) as products`,
      [JSON.stringify(keys)],
    );
    return termDaysFrom(tickets, row.products);
  }
}
