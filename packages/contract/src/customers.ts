import { TICKET_MESSAGES } from './ticket-options.js';

/**
 * Customers as a resource (issue 30): the edit form's rules are the create form's for the same
 * fields (spec part 1 section 5), and the API's messages for uniqueness and merges. The admin's
 * validators and the server's DTO use the same words.
 */
export const CUSTOMER_LIMITS = { name: 255, email: 255, phone: 50, street: 255, city: 255, state: 50, zip_code: 20 } as const;

export const CUSTOMER_MESSAGES = {
  name: TICKET_MESSAGES.customerName,
  email: TICKET_MESSAGES.customerEmail,
  country: 'Country must be a two-letter code such as US',
  phoneTaken: (name: string) => `Another customer, ${name}, already has this phone number: merge the two customers instead`,
  emailTaken: (name: string) => `Another customer, ${name}, already has this e-mail address: merge the two customers instead`,
  mergeSelf: 'A customer cannot be merged into itself',
  notFound: 'Customer not found',
} as const;

export const TICKET_MERGE_MESSAGES = {
  self: 'A ticket cannot be merged into itself',
  alreadyMerged: (number: string, into: string) => `${number} is already merged into ${into}`,
  intoMerged: (number: string, into: string) => `${number} cannot take a merge: it was merged into ${into}`,
} as const;

/** "Max N characters" for a customer field. */
export function tooLongMessage(label: string, max: number): string {
  return `${label} must be at most ${max} characters`;
}

/** Erasing a customer (issue 35): the name typed to confirm must be theirs, spaces around it aside. */
export const ERASE_CONFIRM_MISMATCH = "Type the customer's name exactly to confirm the erasure";
export const ERASED_CUSTOMER_NAME = 'Erased customer';
export function erasureConfirmed(customerName: string, typed: string | null | undefined): boolean {
  return (typed ?? '').trim() === customerName.trim();
}
