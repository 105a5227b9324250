import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { executePrepared } from '../../database/prepared-statements.js';
import { Organization } from '../organizations/organization.entity.js';
import { Customer } from './customer.entity.js';
import { DEFAULT_PHONE_COUNTRY, normalizePhone } from './phone.js';

export interface CustomerContact {
  name: string;
  /** The API's create form requires one; a caller on the phone may not give one. */
  email?: string | null;
  phone?: string | null;
}

/** A customer not yet written: its contact as the row keeps it (e-mail in lower case, phone as stored). */
export interface NewCustomer {
  name: string;
  email: string | null;
  phone: string | null;
}

/** E-mail addresses are compared and stored in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Transaction-scoped advisory locks on the organization's customer phone (as stored: E.164) and
 * e-mail, in key order: every intake and the customer edit take them, so two writes of one
 * contact queue instead of making two customers.
 */
export async function lockCustomerContacts(em: EntityManager, organizationId: string, phone?: string | null, email?: string | null): Promise<void> {
  const keys = [phone ? `phone:${phone}` : null, email?.trim() ? `email:${normalizeEmail(email)}` : null]
    .filter((k): k is string => k !== null)
    .map((k) => `${organizationId}:${k}`)
    .sort();
  if (!keys.length) return;
  // prepared (every create takes it): pg writes the array as the parameter
  await executePrepared(
    em,
    'select count(pg_advisory_xact_lock(hashtextextended(k, 0))) from (select k from unnest(?::text[]) k order by k) s',
    [keys],
  );
}

/**
 * Customers of one organization, matched the same way at every intake (ticket form and API,
 * voicemail, voice agent): the phone as E.164 in the organization's country (`normalizePhone`),
 * the e-mail in lower case.
 */
@Injectable()
export class CustomersService {
  /** The country a number without a country code is read in: the organization's business country. */
  async phoneCountry(em: EntityManager, organizationId: string): Promise<string> {
    const organization = await em.getRepository(Organization).countryOf(organizationId);
    return organization?.businessCountry || DEFAULT_PHONE_COUNTRY;
  }

  /**
   * The organization's customer whose phone is the caller's, in any format ("(555) 123-4567" on a
   * form and a caller "+15551234567" are one customer). Null when unknown, or when the caller's
   * number is not a phone number (anonymous callers).
   */
  async findByPhone(em: EntityManager, organizationId: string, phone: string): Promise<Customer | null> {
    const e164 = normalizePhone(phone, await this.phoneCountry(em, organizationId));
    if (!e164) return null;
    return em.getRepository(Customer).byPhone(organizationId, e164);
  }

  /**
   * The organization's customer for an incoming ticket: found by phone when one is given, else by
   * e-mail (a customer found by e-mail with a different phone on file is another person), else
   * created. Name and e-mail follow the latest ticket; a phone fills an empty one. `contact.phone`
   * is as customer rows keep it (`storedPhone` in the organization's country).
   *
   * Runs inside the ticket's transaction after the caller took the locks of the phone and the
   * e-mail, so two tickets of a new customer arriving together resolve to one customer.
   */
  async resolveForTicket(em: EntityManager, organizationId: string, contact: CustomerContact): Promise<Customer> {
    const match = await this.matchForTicket(em, organizationId, contact);
    return match instanceof Customer ? match : em.create(Customer, { organization: organizationId, ...match });
  }

  /**
   * resolveForTicket without the create: the customer found (its name, e-mail and phone updated
   * on the entity), or the contact of a new customer as its row would hold it, for a caller that
   * writes the row in a statement of its own.
   */
  async matchForTicket(em: EntityManager, organizationId: string, contact: CustomerContact): Promise<Customer | NewCustomer> {
    const email = contact.email?.trim() ? normalizeEmail(contact.email) : null;
    const phone = contact.phone?.trim() || null;

    // The candidates by phone and by e-mail in one query, newest first.
    const contacts = [...(phone ? [{ phone }] : []), ...(email ? [{ email }] : [])];
    const candidates = await em.getRepository(Customer).byContacts(organizationId, contacts);
    let customer = (phone && candidates.find((c) => c.phone === phone)) || null;
    if (!customer && email) {
      const byEmail = candidates.find((c) => c.email === email);
      if (byEmail && (!phone || !byEmail.phone)) customer = byEmail;
    }

    if (!customer) return { name: contact.name, email, phone };
    customer.name = contact.name;
    if (email) customer.email = email;
    if (phone && !customer.phone) customer.phone = phone;
    return customer;
  }

  /**
   * Records (STOP) or clears (START) the SMS opt-out of the organization's customer with this phone
   * (E.164). A STOP from a number no customer has makes one, named by the number, so the opt-out is
   * kept for the tickets that may come from it. Null: a START from an unknown number (nothing to clear).
   */
  async setSmsOptOut(em: EntityManager, organizationId: string, e164: string, optedOut: boolean): Promise<Customer | null> {
    const customer = await em.getRepository(Customer).byPhone(organizationId, e164);
    if (!customer) {
      if (!optedOut) return null;
      return em.create(Customer, { organization: organizationId, name: e164, phone: e164, smsOptedOutAt: new Date() });
    }
    customer.smsOptedOutAt = optedOut ? (customer.smsOptedOutAt ?? new Date()) : null;
    return customer;
  }
}
