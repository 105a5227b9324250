import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { parse } from 'csv-parse/sync';
import { ProductInputDto } from './product.dto.js';

/** At most this many products per file (a brand's catalogue, not a data dump). */
export const IMPORT_MAX_ROWS = 5000;
/** The file's text as the admin sends it (inside a JSON body of at most 1 MB). */
export const IMPORT_MAX_BYTES = 900 * 1024;

/** The columns a file may have, by header (any case; spaces, dashes and underscores alike). */
const COLUMNS: Record<string, keyof ImportedProduct> = {
  brand: 'brand',
  sku: 'sku',
  skumodelnumber: 'sku',
  modelnumber: 'sku',
  productname: 'product_name',
  name: 'product_name',
  warrantyterm: 'warranty_term',
  warranty: 'warranty_term',
  salelocations: 'sale_locations',
  locations: 'sale_locations',
};

export interface ImportedProduct {
  brand: string;
  sku: string;
  product_name: string;
  warranty_term: string;
  sale_locations: string[];
}

export interface FieldError {
  field: string;
  message: string;
}

/** One data line of the file: what it says, checked as the product form checks it. */
export interface ParsedRow {
  /** The line number in the file (the header is line 1). */
  line: number;
  product: ImportedProduct;
  errors: FieldError[];
}

export class ImportFileError extends Error {}

const key = (header: string) => header.toLowerCase().replace(/[\s_\-/]+/g, '');

/**
 * Reads a products CSV: a header row naming the columns (Brand, SKU, Product Name, Warranty Term,
 * Sale Locations — the last separated by ";"), then one product per line. Without a Brand column,
 * every row is for `defaultBrand`. Each row is validated with the product form's own rules;
 * repeats of a brand's SKU within the file are errors on the later lines.
 */
export function parseProductsCsv(text: string, defaultBrand?: string): ParsedRow[] {
  if (Buffer.byteLength(text) > IMPORT_MAX_BYTES) throw new ImportFileError(`The file is larger than ${IMPORT_MAX_BYTES / 1024} KB`);
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    throw new ImportFileError(`The file is not valid CSV: ${(error as Error).message}`);
  }
  const [header, ...lines] = records;
  if (!header) throw new ImportFileError('The file is empty');
  const columns = header.map((h) => COLUMNS[key(h)]);
  const missing = ['sku', 'product_name', 'warranty_term'].filter((c) => !columns.includes(c as keyof ImportedProduct));
  if (!columns.includes('brand') && !defaultBrand) missing.unshift('brand');
  if (missing.length) {
    throw new ImportFileError(`The header row must name the columns Brand, SKU, Product Name and Warranty Term (missing: ${missing.join(', ')})`);
  }
  if (lines.length > IMPORT_MAX_ROWS) throw new ImportFileError(`At most ${IMPORT_MAX_ROWS} products per file (this one has ${lines.length})`);

  const seen = new Map<string, number>();
  return lines.map((cells, index) => {
    const line = index + 2;
    const raw: Record<string, string> = {};
    columns.forEach((column, i) => {
      if (column) raw[column] = cells[i] ?? '';
    });
    const input = {
      brand: raw.brand ?? defaultBrand ?? '',
      sku: raw.sku ?? '',
      product_name: raw.product_name ?? '',
      warranty_term: raw.warranty_term ?? '',
      sale_locations: (raw.sale_locations ?? '').split(';').map((s) => s.trim()).filter(Boolean),
    };
    const dto = plainToInstance(ProductInputDto, input);
    const errors: FieldError[] = validateSync(dto, { forbidUnknownValues: false }).flatMap((e) =>
      Object.values(e.constraints ?? {}).slice(0, 1).map((message) => ({ field: e.property, message })),
    );
    const product: ImportedProduct = {
      brand: dto.brand,
      sku: dto.sku,
      product_name: dto.product_name,
      warranty_term: dto.warranty_term,
      sale_locations: dto.sale_locations ?? [],
    };
    if (typeof product.sku === 'string' && product.sku) {
      const identity = `${product.brand}\u0000${product.sku}`;
      const first = seen.get(identity);
      if (first) errors.push({ field: 'sku', message: `Repeats the SKU of line ${first}` });
      else seen.set(identity, line);
    }
    return { line, product, errors };
  });
}
