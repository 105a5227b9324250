import { DomainError } from '../../../common/errors/domain-error.js';

/** Products belong to a saved brand (issue 26: products made for an unsaved brand were left orphaned). */
export class ProductBrandNotSavedError extends DomainError {
  constructor(brand: string) {
    super('products.brand_not_saved', 'invalid', `"${brand}" is not one of your saved brands: add it under Tickets Configuration and save before adding its products`, 'brand');
  }
}

/** A react-admin getMany whose ids are not all product ids (text uuids). */
export class ProductIdsInvalidError extends DomainError {
  constructor() {
    super('products.ids_invalid', 'invalid', 'filter.id must be a list of product ids', 'filter.id');
  }
}

/** A brand is removed from the list only once its products are gone, never leaving them orphaned. */
export class BrandHasProductsError extends DomainError {
  constructor(brand: string, count: number) {
    super(
      'settings.brand_has_products',
      'conflict',
      `"${brand}" still has ${count} product${count === 1 ? '' : 's'}: delete ${count === 1 ? 'it' : 'them'} under Manage Products before removing the brand`,
      'brands',
    );
  }
}

export class ProductNotFoundError extends DomainError {
  constructor() {
    super('products.not_found', 'not_found', 'Product not found');
  }
}

/** SKU / Model Number is unique within a brand. */
export class DuplicateSkuError extends DomainError {
  constructor(brand: string, sku: string) {
    super('products.duplicate_sku', 'conflict', `${brand} already has a product with SKU / Model Number ${sku}`, 'sku');
  }
}

export class ProductImportFileError extends DomainError {
  constructor(message: string) {
    super('products.import_file_invalid', 'invalid', message, 'csv');
  }
}

export class ProductImportRowsInvalidError extends DomainError {
  constructor(rows: number) {
    super('products.import_rows_invalid', 'invalid', `${rows} ${rows === 1 ? 'row has' : 'rows have'} errors: fix the file and preview it again; nothing was imported`, 'csv');
  }
}
