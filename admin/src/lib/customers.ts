import { CUSTOMER_LIMITS, CUSTOMER_MESSAGES, tooLongMessage } from '@warranty-crm/contract';
import { isValidEmail } from './validators';

/** What the customer edit form holds (the API's PUT /api/customers/{id} payload). */
export interface CustomerFormValues {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  street?: string | null;
  city?: string | null;
  state?: string | null;
  zip_code?: string | null;
}

const LABELS: Record<keyof typeof CUSTOMER_LIMITS, string> = {
  name: 'Full name',
  email: 'Email',
  phone: 'Phone number',
  street: 'Street',
  city: 'City',
  state: 'State',
  zip_code: 'ZIP code',
};

/**
 * The edit form's rules, the create form's for the same fields (the contract's messages): a name,
 * a valid e-mail (blank only for a customer who has none on file), each field within its length.
 */
export function validateCustomer(values: CustomerFormValues, hadEmail: boolean): Partial<Record<keyof CustomerFormValues, string>> {
  const errors: Partial<Record<keyof CustomerFormValues, string>> = {};
  const text = (v: string | null | undefined) => (v ?? '').trim();
  if (!text(values.name)) errors.name = CUSTOMER_MESSAGES.name;
  const email = text(values.email);
  if (email ? !isValidEmail(email) : hadEmail) errors.email = CUSTOMER_MESSAGES.email;
  for (const field of Object.keys(CUSTOMER_LIMITS) as (keyof typeof CUSTOMER_LIMITS)[]) {
    if (!errors[field] && text(values[field]).length > CUSTOMER_LIMITS[field]) errors[field] = tooLongMessage(LABELS[field], CUSTOMER_LIMITS[field]);
  }
  return errors;
}

/** The payload PUT takes: the editable fields only, blanks as null. */
export function customerPayload(values: CustomerFormValues): Record<string, string | null> {
  const text = (v: string | null | undefined) => (v ?? '').trim() || null;
  return {
    name: (values.name ?? '').trim(),
    email: text(values.email),
    phone: text(values.phone),
    street: text(values.street),
    city: text(values.city),
    state: text(values.state),
    zip_code: text(values.zip_code),
  };
}

/** "3 tickets and 2 calls will move to Ann Smith; Bob Jones will be deleted." */
export function mergeSummary(from: { name: string; tickets_count: number; calls_count?: number | null }, keepName: string): string {
  const tickets = `${from.tickets_count} ticket${from.tickets_count === 1 ? '' : 's'}`;
  const calls = from.calls_count == null ? '' : ` and ${from.calls_count} call${from.calls_count === 1 ? '' : 's'}`;
  return `${tickets}${calls} of ${from.name} (with their messages) will move to ${keepName}, empty contact fields of ${keepName} will be filled from ${from.name}, and ${from.name} will be deleted.`;
}

/** "Merged into #WC-000041": the link a merged ticket shows. */
export function mergedIntoLabel(ticketNumber: string): string {
  return `Merged into #${ticketNumber}`;
}

/** "Merge into #WC-000041": the action on the duplicate notice. */
export function mergeIntoLabel(ticketNumber: string): string {
  return `Merge into #${ticketNumber}`;
}

/** The address as two lines (street; city, state zip), or null without a street or city. */
export function addressLines(c: Pick<CustomerFormValues, 'street' | 'city' | 'state' | 'zip_code'>): string[] | null {
  const street = c.street?.trim();
  const cityLine = [c.city, [c.state, c.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const lines = [street, cityLine].filter((l): l is string => !!l);
  return lines.length ? lines : null;
}

/** "3 customers", "1 customer", "about 1,000,000 customers" (an estimated total). */
export function customerCountText(total: number, estimated: boolean): string {
  const n = `${estimated ? 'about ' : ''}${total.toLocaleString('en-US')}`;
  return `${n} customer${total === 1 && !estimated ? '' : 's'}`;
}

/**
 * The react-admin query meta of every list of customers (the Customers screen, the merge dialog's search).
 * A list row (GET /api/customers) has the list's columns, not the customer's tickets, calls or address,
 * and useGetList seeds ['customers', 'getOne', {id, meta}] with each row: under their own meta the rows
 * stay out of the cache the customer screen and its Edit form read, which wait for the whole record.
 */
export const CUSTOMER_ROW_META = { view: 'row' } as const;
