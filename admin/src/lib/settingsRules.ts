/** Rules of the Settings page (spec part 2 section 5) that the server applies as well. */
import { RESPONSE_HOURS_MAX, RESPONSE_HOURS_MIN, warrantyTermError } from '@warranty-crm/contract';

export const TICKET_FIELD_OPTIONS = [
  { id: 'product_model', name: 'Product model' },
  { id: 'purchase_location', name: 'Purchase location' },
  { id: 'purchase_date', name: 'Purchase date' },
  { id: 'issue_description', name: 'Issue description' },
  { id: 'injury_reported', name: 'Injury reported' },
  { id: 'property_damage', name: 'Property damage' },
] as const;

export const BRAND_MESSAGES = {
  empty: 'Please enter a brand name',
  duplicate: 'This brand already exists',
} as const;

/** A new brand, trimmed, non-empty, not already listed (any letter case). */
export function addBrand(brands: string[], input: string): { brands: string[] } | { error: string } {
  const brand = input.trim();
  if (!brand) return { error: BRAND_MESSAGES.empty };
  if (brands.some(b => b.toLowerCase() === brand.toLowerCase())) return { error: BRAND_MESSAGES.duplicate };
  return { brands: [...brands, brand] };
}

/** Removing a brand clears the default ticket brand when it was that one. */
export function removeBrand(brands: string[], brand: string, ticketBrand: string | null): { brands: string[]; ticketBrand: string | null } {
  return { brands: brands.filter(b => b !== brand), ticketBrand: ticketBrand === brand ? null : ticketBrand };
}

export const SALE_LOCATION_ONLINE = 'online';
export const SALE_LOCATION_IN_STORE = 'in-store';

/** A named store is added only when non-blank after trimming, and once. */
export function addStore(locations: string[], input: string): string[] {
  const store = input.trim();
  if (!store || locations.some(l => l.toLowerCase() === store.toLowerCase())) return locations;
  return [...locations, store];
}

/** Sale locations for display: "Online", "In Store", then the stores as written. */
export function saleLocationLabel(location: string): string {
  if (location === SALE_LOCATION_ONLINE) return 'Online';
  if (location === SALE_LOCATION_IN_STORE) return 'In Store';
  return location;
}

export const BUSINESS_TYPES = [
  { id: 'sole_proprietorship', name: 'Sole Proprietorship' },
  { id: 'partnership', name: 'Partnership' },
  { id: 'llc', name: 'LLC' },
  { id: 'corporation', name: 'Corporation' },
  { id: 'non_profit', name: 'Non-Profit' },
  { id: 'government', name: 'Government' },
] as const;

export const STOCK_EXCHANGES = ['NYSE', 'NASDAQ', 'AMEX', 'OTC'] as const;

export const A2P_STATUS_LABELS = {
  approved: 'Approved',
  pending_registration: 'Pending Registration',
  not_started: 'Not Started',
  failed: 'Registration Failed',
} as const;

/** The A2P form's required fields and their messages (spec part 2 section 5). */
export const A2P_REQUIRED: Record<string, string> = {
  business_legal_name: 'Business legal name is required',
  business_type: 'Business type is required',
  ein_tax_id: 'EIN/Tax ID is required',
  business_street: 'Business street is required',
  business_city: 'Business city is required',
  business_state: 'Business state is required',
  business_zip: 'Business ZIP is required',
  business_industry: 'Business industry is required',
  business_description: 'Business description is required',
  contact_first_name: 'Contact first name is required',
  contact_last_name: 'Contact last name is required',
  contact_email: 'Must be a valid email',
  contact_phone: 'Contact phone is required',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Field errors of the A2P form; empty when it may be sent. */
export function a2pErrors(values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  const text = (field: string) => (typeof values[field] === 'string' ? (values[field] as string).trim() : '');
  for (const [field, message] of Object.entries(A2P_REQUIRED)) {
    if (!text(field)) errors[field] = message;
  }
  if (text('business_state') && text('business_state').length < 2) errors.business_state = A2P_REQUIRED.business_state;
  if (text('contact_email') && !EMAIL.test(text('contact_email'))) errors.contact_email = 'Must be a valid email';
  if (text('business_website') && !isUrl(text('business_website'))) errors.business_website = 'Must be a valid URL';
  return errors;
}

/** What a secret field says about the stored value (never the value). */
export function secretStatus(set: boolean): string {
  return set ? 'Set: leave blank to keep it' : 'Not set';
}

/** The promised response times of Settings → Tickets (issue 17): whole hours from 1 to 720. */
export const RESPONSE_HOURS_MESSAGE = `Enter a whole number of hours from ${RESPONSE_HOURS_MIN} to ${RESPONSE_HOURS_MAX}`;

export function responseHoursError(value: unknown): string | undefined {
  const hours = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof hours === 'number' && Number.isInteger(hours) && hours >= RESPONSE_HOURS_MIN && hours <= RESPONSE_HOURS_MAX
    ? undefined
    : RESPONSE_HOURS_MESSAGE;
}

/**
 * The product form's Warranty Term: required, and a term the warranty rule can read, with the
 * server's message (packages/contract) listing the accepted forms. undefined when it is fine.
 */
export function productWarrantyTermError(value: unknown): string | undefined {
  const term = typeof value === 'string' ? value.trim() : '';
  if (!term) return 'Warranty Term is required';
  return warrantyTermError(term) ?? undefined;
}

/** Products are managed for saved brands only: the server refuses a product of an unsaved brand. */
export function isSavedBrand(savedBrands: readonly string[], brand: string): boolean {
  return savedBrands.includes(brand);
}
