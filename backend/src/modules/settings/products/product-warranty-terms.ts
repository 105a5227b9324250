import { type FilterQuery, raw } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Product } from '../product.entity.js';
import { warrantyTermDays } from './warranty-term.js';

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

/**
 * Warranty terms of tickets' products, for the warranty rule: days, null for a lifetime term, or
 * undefined when no product matches or its term is not understood (the rule's default applies).
 */
@Injectable()
export class ProductWarrantyTerms {
  constructor(private readonly em: EntityManager) {}

  async termDaysOf(organizationId: string, tickets: TicketProductKey[], em: EntityManager = this.em): Promise<(number | null | undefined)[]> {
    const keys = [...new Set(tickets.flatMap((t) => [key(t.productSku), key(t.productModel)]).filter((k): k is string => !!k))];
    if (!keys.length) return tickets.map(() => undefined);
    const products = await em.find(
      Product,
      {
        organization: organizationId,
        $or: [{ [raw((alias) => `lower(trim(${alias}.sku))`)]: { $in: keys } }, { [raw((alias) => `lower(trim(${alias}.product_name))`)]: { $in: keys } }],
      } as FilterQuery<Product>,
      { fields: ['brand', 'sku', 'productName', 'warrantyTerm'], orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return tickets.map((t) => {
      const product = matchProduct(t, products);
      return product ? warrantyTermDays(product.warrantyTerm) : undefined;
    });
  }
}
