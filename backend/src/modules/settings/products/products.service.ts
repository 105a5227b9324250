import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../../common/auth/actor.js';
import { type ListQuery, parseListQuery } from '../../../common/http/list-query.js';
import { isUuid } from '../../../common/http/ids.js';
import { AuditLogService } from '../../audit-log/audit-log.service.js';
import { diffChanges } from '../../audit-log/changes.js';
import { Product } from '../product.entity.js';
import { SystemSettings } from '../system-settings.entity.js';
import { DuplicateSkuError, ProductBrandNotSavedError, ProductIdsInvalidError, ProductNotFoundError } from './products.errors.js';
import type { ListProductsQueryDto, ProductInputDto, ProductResponseDto } from './product.dto.js';
import { parseWarrantyTerm } from '@warranty-crm/contract';

export const PRODUCT_SORTABLE = ['product_name', 'sku', 'brand', 'created_at'] as const;
type SortField = (typeof PRODUCT_SORTABLE)[number];
const SORT_PROPERTY: Record<SortField, keyof Product> = { product_name: 'productName', sku: 'sku', brand: 'brand', created_at: 'createdAt' };

export function toProductResponse(p: Product): ProductResponseDto {
  const term = parseWarrantyTerm(p.warrantyTerm);
  return {
    id: p.id,
    brand: p.brand,
    sku: p.sku,
    product_name: p.productName,
    sale_locations: p.saleLocations,
    warranty_term: p.warrantyTerm ?? null,
    warranty_term_kind: term?.kind ?? 'unknown',
    warranty_term_days: term?.kind === 'days' ? term.days : null,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

export interface ProductPage {
  products: Product[];
  total: number;
  offset: number;
}

/** Products per brand (spec part 2: Manage Products dialog). */
/** What the audit log compares of a product. */
function auditedProduct(p: Product): Record<string, unknown> {
  return { brand: p.brand, sku: p.sku, product_name: p.productName, warranty_term: p.warrantyTerm ?? null, sale_locations: [...(p.saleLocations ?? [])] };
}

@Injectable()
export class ProductsService {
  constructor(
    private readonly em: EntityManager,
    private readonly auditLog: AuditLogService,
  ) {}

  async list(actor: Actor, query: ListProductsQueryDto): Promise<ProductPage> {
    const page: ListQuery<SortField> = parseListQuery(query, {
      sortable: PRODUCT_SORTABLE,
      defaultSort: { field: 'product_name', order: 'ASC' },
      defaultLimit: 1000,
      maxLimit: 1000,
    });
    const brand = query.brand ?? (typeof page.filter.brand === 'string' ? page.filter.brand : undefined);
    const where: Record<string, unknown> = { organization: actor.organizationId };
    if (brand !== undefined) where.brand = brand;
    if (page.filter.id !== undefined) {
      const ids = Array.isArray(page.filter.id) ? page.filter.id : [page.filter.id];
      if (!ids.every(isUuid)) throw new ProductIdsInvalidError();
      where.id = { $in: ids };
    }
    const order = page.sort.order === 'ASC' ? 'asc' : 'desc';
    const [products, total] = await this.em
      .getRepository(Product)
      .page(where, { [SORT_PROPERTY[page.sort.field]]: order, id: 'asc' }, page.offset, page.limit);
    return { products, total, offset: page.offset };
  }

  async get(actor: Actor, id: string): Promise<Product> {
    const product = await this.em.getRepository(Product).ofOrganization(actor.organizationId, id);
    if (!product) throw new ProductNotFoundError();
    return product;
  }

  async create(actor: Actor, dto: ProductInputDto): Promise<Product> {
    return this.writeUnique(dto, async (tx) => {
      await this.assertSavedBrand(tx, actor, dto.brand);
      const product = tx.create(Product, {
        organization: actor.organizationId,
        brand: dto.brand,
        sku: dto.sku,
        productName: dto.product_name,
        warrantyTerm: dto.warranty_term,
        saleLocations: dto.sale_locations ?? [],
      });
      this.auditLog.record(tx, actor, 'settings_changed', { subject: `Product ${product.sku} added`, changes: diffChanges({}, auditedProduct(product)) });
      return product;
    });
  }

  async update(actor: Actor, id: string, dto: ProductInputDto): Promise<Product> {
    return this.writeUnique(dto, async (tx) => {
      const product = await tx.getRepository(Product).ofOrganization(actor.organizationId, id);
      if (!product) throw new ProductNotFoundError();
      if (product.brand !== dto.brand) await this.assertSavedBrand(tx, actor, dto.brand);
      const before = auditedProduct(product);
      product.brand = dto.brand;
      product.sku = dto.sku;
      product.productName = dto.product_name;
      product.warrantyTerm = dto.warranty_term;
      product.saleLocations = dto.sale_locations ?? [];
      const changes = diffChanges(before, auditedProduct(product));
      if (changes.length) this.auditLog.record(tx, actor, 'settings_changed', { subject: `Product ${product.sku}`, changes });
      return product;
    });
  }

  async remove(actor: Actor, id: string): Promise<Product> {
    const product = await this.get(actor, id);
    this.auditLog.record(this.em, actor, 'settings_changed', { subject: `Product ${product.sku} deleted`, changes: diffChanges(auditedProduct(product), {}) });
    await this.em.remove(product).flush();
    return product;
  }

  /**
   * A product is made for one of the organization's saved brands. The settings row is read FOR
   * SHARE in the write's transaction: a concurrent save that removes the brand (SettingsService.update
   * takes the row FOR UPDATE and refuses while the brand has products) waits for this write, or this
   * write waits for it and sees the brand gone.
   */
  private async assertSavedBrand(tx: EntityManager, actor: Actor, brand: string): Promise<void> {
    const settings = await tx.getRepository(SystemSettings).sharedOf(actor.organizationId);
    if (!settings?.brands.includes(brand)) throw new ProductBrandNotSavedError(brand);
  }

  /** The write in one transaction; a second product with the brand's SKU is a 409 that names it. */
  private async writeUnique(dto: ProductInputDto, write: (tx: EntityManager) => Promise<Product>): Promise<Product> {
    try {
      return await this.em.transactional(write);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new DuplicateSkuError(dto.brand, dto.sku);
      }
      throw error;
    }
  }
}
