import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../../common/auth/actor.js';
import { AuditLogService } from '../../audit-log/audit-log.service.js';
import { Product } from '../product.entity.js';
import { SystemSettings } from '../system-settings.entity.js';
import { ImportFileError, parseProductsCsv, type FieldError, type ImportedProduct } from './product-import.js';
import { ProductImportFileError, ProductImportRowsInvalidError } from './products.errors.js';

export type ImportAction = 'create' | 'update' | 'unchanged' | 'error';

export interface PreviewRow extends ImportedProduct {
  line: number;
  action: ImportAction;
  errors: FieldError[];
}

export interface ImportPreview {
  rows: PreviewRow[];
  summary: Record<ImportAction, number>;
}

/**
 * Products from a CSV file: a preview says, line by line, what the import would do (add, update
 * the brand's SKU, leave it, or why the line is refused) and writes nothing; the import itself
 * checks the file again and writes every line in one transaction, or nothing when any line is
 * refused.
 */
@Injectable()
export class ProductImportService {
  constructor(
    private readonly em: EntityManager,
    private readonly auditLog: AuditLogService,
  ) {}

  preview(actor: Actor, csv: string, brand?: string): Promise<ImportPreview> {
    return this.plan(this.em, actor, csv, brand);
  }

  async commit(actor: Actor, csv: string, brand?: string): Promise<ImportPreview> {
    return this.em.transactional(async (tx) => {
      const plan = await this.plan(tx, actor, csv, brand, true);
      if (plan.summary.error) throw new ProductImportRowsInvalidError(plan.summary.error);
      const existing = await this.existing(tx, plan.rows);
      for (const row of plan.rows) {
        const values = { productName: row.product_name, warrantyTerm: row.warranty_term, saleLocations: row.sale_locations };
        const current = existing.get(identity(row));
        if (current) tx.assign(current, { ...values, updatedAt: new Date() });
        else tx.create(Product, { organization: actor.organizationId, brand: row.brand, sku: row.sku, ...values });
      }
      this.auditLog.record(tx, actor, 'settings_changed', {
        subject: 'Products imported',
        changes: [{ field: 'products', new: { added: plan.summary.create, updated: plan.summary.update, unchanged: plan.summary.unchanged } }],
      });
      return plan;
    });
  }

  private async plan(em: EntityManager, actor: Actor, csv: string, brand: string | undefined, lock = false): Promise<ImportPreview> {
    let parsed;
    try {
      parsed = parseProductsCsv(csv, brand?.trim() || undefined);
    } catch (error) {
      if (error instanceof ImportFileError) throw new ProductImportFileError(error.message);
      throw error;
    }
    // The saved brands, read FOR SHARE when importing (as a single product's save does).
    const repository = em.getRepository(SystemSettings);
    const settings = await (lock ? repository.sharedOf(actor.organizationId) : repository.ofOrganization(actor.organizationId));
    const brands = new Set(settings?.brands ?? []);
    const existing = await this.existing(em, parsed.map((p) => p.product));
    const rows: PreviewRow[] = parsed.map(({ line, product, errors }) => {
      const all = [...errors];
      if (product.brand && !all.some((e) => e.field === 'brand') && !brands.has(product.brand)) {
        all.push({ field: 'brand', message: `"${product.brand}" is not one of your saved brands: add it under Tickets Configuration first` });
      }
      const current = existing.get(identity(product));
      const action: ImportAction = all.length ? 'error' : !current ? 'create' : same(current, product) ? 'unchanged' : 'update';
      return { line, ...product, action, errors: all };
    });
    const summary: Record<ImportAction, number> = { create: 0, update: 0, unchanged: 0, error: 0 };
    for (const row of rows) summary[row.action] += 1;
    return { rows, summary };
  }

  /** The organization's products with the file's brand + SKU pairs. */
  private async existing(em: EntityManager, products: Pick<ImportedProduct, 'brand' | 'sku'>[]): Promise<Map<string, Product>> {
    const wanted = products.filter((p) => typeof p.brand === 'string' && typeof p.sku === 'string' && p.brand && p.sku);
    if (!wanted.length) return new Map();
    const found = await em.getRepository(Product).find({ $or: wanted.map((p) => ({ brand: p.brand, sku: p.sku })) });
    return new Map(found.map((p) => [identity(p), p]));
  }
}

const identity = (p: { brand: string; sku: string }) => `${p.brand}\u0000${p.sku}`;

function same(current: Product, next: ImportedProduct): boolean {
  return (
    current.productName === next.product_name &&
    (current.warrantyTerm ?? '') === next.warranty_term &&
    JSON.stringify(current.saleLocations ?? []) === JSON.stringify(next.sale_locations)
  );
}
