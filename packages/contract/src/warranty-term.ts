/**
 * A product's warranty term is free text (spec part 2 section 3: "1 year", "6 months", "90 days",
 * "Lifetime"). This reads it as a number of days where it can: a year counts 365 days, a month 30,
 * a week 7. Combined terms add up ("1 year 6 months"). Anything else is not understood.
 */
export type ParsedWarrantyTerm = { kind: 'days'; days: number } | { kind: 'lifetime' };

const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };

const UNIT_ALIASES: Record<string, keyof typeof UNIT_DAYS> = {
  d: 'day', day: 'day', days: 'day',
  w: 'week', wk: 'week', wks: 'week', week: 'week', weeks: 'week',
  m: 'month', mo: 'month', mos: 'month', mth: 'month', mths: 'month', month: 'month', months: 'month',
  y: 'year', yr: 'year', yrs: 'year', year: 'year', years: 'year',
};

const WORD_NUMBERS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, eighteen: 18, twenty: 20, thirty: 30, sixty: 60, ninety: 90,
};

/** Words that may surround the duration without changing it ("2-year limited warranty"). */
const FILLER = new Set(['limited', 'warranty', 'guarantee', 'full', 'manufacturer', "manufacturer's", 'parts', 'and', 'labor', 'of', 'coverage', 'from', 'purchase', 'plus', '+']);

const MAX_DAYS = 365 * 100;

export function parseWarrantyTerm(text: string | null | undefined): ParsedWarrantyTerm | null {
  if (!text) return null;
  const normalized = text.toLowerCase().replace(/[,;()]/g, ' ').replace(/(\d)-(?=[a-z])/g, '$1 ').replace(/\s+/g, ' ').trim();
  if (!normalized) return null;
  if (/\blife\s?time\b/.test(normalized)) return { kind: 'lifetime' };
  if (/^(none|no warranty|no coverage|not covered)$/.test(normalized)) return { kind: 'days', days: 0 };

  // Split digits glued to their unit ("90days", "1yr").
  const tokens = normalized.replace(/(\d)([a-z])/g, '$1 $2').split(' ');
  let days = 0;
  let found = false;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    const amount = /^\d+(\.\d+)?$/.test(token) ? Number(token) : WORD_NUMBERS[token];
    const unit = UNIT_ALIASES[(tokens[i + 1] ?? '').replace(/-$/, '')];
    if (amount !== undefined && unit) {
      days += amount * UNIT_DAYS[unit]!;
      found = true;
      i += 1;
      continue;
    }
    if (FILLER.has(token)) continue;
    return null;
  }
  if (!found || !Number.isFinite(days) || days > MAX_DAYS) return null;
  return { kind: 'days', days: Math.round(days) };
}

/** The term as the warranty rule takes it: days, null for lifetime, undefined when not understood. */
export function warrantyTermDays(text: string | null | undefined): number | null | undefined {
  const parsed = parseWarrantyTerm(text);
  if (!parsed) return undefined;
  return parsed.kind === 'lifetime' ? null : parsed.days;
}

/**
 * What the product form and POST/PUT /api/products say when a term cannot be read (issue 26: a
 * term like "banana" was accepted and then silently fell back to the 90-day window).
 */
export const WARRANTY_TERM_UNREADABLE =
  'Warranty Term must be a length of time such as "90 days", "6 months", "1 year" or "1 year 6 months" ' +
  '(days, weeks, months or years), "Lifetime" or "None"';

/** The form's and the API's check of a non-blank term: null when it reads, else the message. */
export function warrantyTermError(text: string): string | null {
  return parseWarrantyTerm(text) ? null : WARRANTY_TERM_UNREADABLE;
}

/** What the warranty rule reads of a product (the API's products, camelCased). */
export interface WarrantyProduct {
  brand: string;
  sku: string;
  productName: string;
  warrantyTerm?: string | null;
}

/** What identifies a ticket's product: the SKU and model it was filed with, and its brand. */
export interface TicketProductKey {
  productSku?: string | null;
  productModel?: string | null;
  productBrand?: string | null;
}

const matchKey = (text: string | null | undefined) => text?.trim().toLowerCase() || null;

/**
 * The product whose warranty term applies to a ticket: the ticket's SKU or model equals a product's
 * SKU / Model Number, or its model equals a product's name (letter case and surrounding spaces
 * aside). A ticket with a brand matches only that brand's products. The first match in that order
 * wins; `products` oldest first.
 */
export function matchProduct<P extends Pick<WarrantyProduct, 'brand' | 'sku' | 'productName'>>(ticket: TicketProductKey, products: readonly P[]): P | undefined {
  const candidates = ticket.productBrand ? products.filter((p) => p.brand === ticket.productBrand) : products;
  const sku = matchKey(ticket.productSku);
  const model = matchKey(ticket.productModel);
  return (
    (sku ? candidates.find((p) => matchKey(p.sku) === sku) : undefined) ??
    (model ? candidates.find((p) => matchKey(p.sku) === model) : undefined) ??
    (model ? candidates.find((p) => matchKey(p.productName) === model) : undefined)
  );
}

/**
 * The warranty term of a ticket's product, as the warranty rule takes it: days, null for a lifetime
 * term, undefined when no product matches or its term is not understood (the rule's default applies).
 */
export function productTermDays(ticket: TicketProductKey, products: readonly WarrantyProduct[]): number | null | undefined {
  const product = matchProduct(ticket, products);
  return product ? warrantyTermDays(product.warrantyTerm) : undefined;
}
