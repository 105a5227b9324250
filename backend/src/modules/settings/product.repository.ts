import type { FilterQuery, QueryOrderMap } from '@mikro-orm/core';
import { EntityRepository } from '@mikro-orm/postgresql';
import type { Product } from './product.entity.js';

/** The products' queries (`em.getRepository(Product)`), scoped by the tenant filter. */
export class ProductRepository extends EntityRepository<Product> {
  /** A page of the products matching `where` and their total. */
  page(where: FilterQuery<Product>, orderBy: QueryOrderMap<Product>, offset: number, limit: number): Promise<[Product[], number]> {
    return this.findAndCount(where, { orderBy, limit, offset });
  }

  /** The organization's product of this id. */
  ofOrganization(organizationId: string, id: string): Promise<Product | null> {
    return this.findOne({ id, organization: organizationId });
  }

  /** The organization's products of these brands (only their brand read). */
  brandsAmong(organizationId: string, brands: string[]): Promise<Pick<Product, 'id' | 'brand'>[]> {
    return this.find({ organization: organizationId, brand: { $in: brands } }, { fields: ['brand'] });
  }
}
