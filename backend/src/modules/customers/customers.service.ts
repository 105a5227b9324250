import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Organization } from '../organizations/organization.entity.js';
import { Customer } from './customer.entity.js';
import type { TicketContactRow } from './customer.repository.js';
import { DEFAULT_PHONE_COUNTRY, normalizePhone } from './phone.js';

export interface CustomerContact {
  name: string;
  /** The API's create form requires one; a caller on the phone may not give one. */
  email?: string | null;
  phone?: string | null;
}

/** E-mail addresses are compared and stored in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A ticket's contact as customer rows keep it (`contact.phone` is already as stored: `storedPhone`
 * in the organization's country), with the id a new customer would get.
 */
export function ticketContactRow(contact: CustomerContact): TicketContactRow {
  return {
    id: randomUUID(),
    name: contact.name,
    email: contact.email?.trim() ? normalizeEmail(contact.email) : null,
    phone: contact.phone?.trim() || null,
  };
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
   * is as customer rows keep it (`storedPhone` in the organization's country). One statement, which
   * takes the locks of the phone and the e-mail first (so two tickets of a new customer arriving
   * together resolve to one customer): CUSTOMER_FOR_TICKET, which a create's statement runs too.
   */
  async resolveForTicket(em: EntityManager, contact: CustomerContact): Promise<Customer> {
    return em.getRepository(Customer).forTicket(ticketContactRow(contact));
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
