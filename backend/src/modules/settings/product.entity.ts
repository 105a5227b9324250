import { randomUUID } from 'node:crypto';
import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';
import { listCacheTriggers } from '../../database/list-cache-triggers.js';
import { ProductRepository } from './product.repository.js';

@Entity({
  tableName: 'products',
  repository: () => ProductRepository,
  // A change drops the ticket list's cached pages (a row's warranty term comes from its product).
  triggers: listCacheTriggers('products', ['insert', 'update', 'delete']),
})
@TenantScoped()
@Index({ name: 'products_organization_brand_index', properties: ['organization', 'brand'] })
@Unique({ name: 'products_organization_brand_sku_unique', properties: ['organization', 'brand', 'sku'] })
export class Product {
  [EntityRepositoryType]?: ProductRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade' })
  organization!: Rel<Organization>;

  @Property({ type: 'string', length: 50 })
  brand!: string;

  @Property({ type: 'string', length: 100 })
  sku!: string;

  @Property({ type: 'string', length: 255 })
  productName!: string;

  @Property({ type: 'text[]' })
  saleLocations: Opt<string[]> = [];

  @Property({ type: 'string', length: 100, nullable: true })
  warrantyTerm?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
