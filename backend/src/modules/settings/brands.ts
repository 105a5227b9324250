import type { FieldError } from '../../common/errors/app-exception.js';

export const MAX_BRAND_LENGTH = 50;
export const MAX_BRANDS = 100;

/**
 * Checks a brand list (spec part 2 section 5: trimmed, non-empty, no duplicates); duplicates are
 * compared without regard to letter case. Returns the trimmed list or the first problem.
 */
export function normalizeBrands(input: unknown): { brands: string[] } | { error: FieldError } {
  const fail = (message: string) => ({ error: { field: 'brands', message } });
  if (!Array.isArray(input)) return fail('brands must be a list of brand names');
  if (input.length > MAX_BRANDS) return fail(`At most ${MAX_BRANDS} brands are allowed`);
  const brands: string[] = [];
  const seen = new Set<string>();
  for (const raw of input) {
    if (typeof raw !== 'string') return fail('brands must be a list of brand names');
    const brand = raw.trim();
    if (!brand) return fail('Brand names cannot be empty');
    if (brand.length > MAX_BRAND_LENGTH) return fail(`Brand names must be at most ${MAX_BRAND_LENGTH} characters`);
    const key = brand.toLowerCase();
    if (seen.has(key)) return fail(`Brand "${brand}" is listed more than once`);
    seen.add(key);
    brands.push(brand);
  }
  return { brands };
}

/**
 * The default brand after an update: an explicit value must be one of the brands (null clears it);
 * without one, the current default survives only while its brand does.
 */
export function resolveTicketBrand(
  brands: string[],
  current: string | null | undefined,
  requested: string | null | undefined,
): { ticketBrand: string | null } | { error: FieldError } {
  if (requested === undefined) {
    return { ticketBrand: current && brands.includes(current) ? current : null };
  }
  if (requested === null || requested.trim() === '') return { ticketBrand: null };
  const match = brands.find((b) => b === requested.trim());
  if (!match) return { error: { field: 'ticket_brand', message: 'The default brand must be one of the brands' } };
  return { ticketBrand: match };
}
