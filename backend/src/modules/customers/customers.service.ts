import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { SEARCH_EXPRESSIONS } from '../search/search-indexes.js';
import { Customer } from './customer.entity.js';

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

/** Digits only: "(555) 123-4567" → "5551234567" (the form the search and caller matching compare). */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

@Injectable()
export class CustomersService {
  /**
   * The organization's customer whose phone is the caller's, compared as digits (so "+1 (555)
   * 123-4567" on file matches a caller "+15551234567"; a number on file without the country code 1
   * matches too). Ambiguous numbers (two customers) pick the most recent customer. Null when unknown
   * or when the caller's number is too short to be a phone (anonymous callers).
   */
  async findByPhone(em: EntityManager, organizationId: string, phone: string): Promise<Customer | null> {
    const digits = phoneDigits(phone);
    if (digits.length < 7) return null;
    const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
    const rows = await em.execute<{ id: string }[]>(
      `select id from customers
        where organization_id = ? and ${SEARCH_EXPRESSIONS.customerPhoneDigits} in (?, ?, ?)
        order by created_at desc, id limit 1`,
      [organizationId, digits, national, `1${national}`],
    );
    return rows[0] ? em.findOne(Customer, { id: rows[0].id, organization: organizationId }) : null;
  }

  /**
   * The organization's customer for an incoming ticket: found by phone when one is given, else by
   * e-mail (a customer found by e-mail with a different phone on file is another person), else
   * created. Name and e-mail follow the latest ticket; a phone fills an empty one.
   *
   * Runs inside the ticket's transaction after the organization's ticket counter was taken, whose
   * row lock serialises concurrent creates of one organization, so two tickets of a new customer
   * arriving together resolve to one customer.
   */
  async resolveForTicket(em: EntityManager, organizationId: string, contact: CustomerContact): Promise<Customer> {
    const email = contact.email ? normalizeEmail(contact.email) : null;
    const phone = contact.phone?.trim() || null;

    let customer: Customer | null = null;
    if (phone) customer = await em.findOne(Customer, { organization: organizationId, phone });
    if (!customer && email) {
      const byEmail = await em.findOne(Customer, { organization: organizationId, email }, { orderBy: { createdAt: 'desc' } });
      if (byEmail && (!phone || !byEmail.phone)) customer = byEmail;
    }

    if (!customer) {
      return em.create(Customer, { organization: organizationId, name: contact.name, email, phone });
    }
    customer.name = contact.name;
    if (email) customer.email = email;
    if (phone && !customer.phone) customer.phone = phone;
    return customer;
  }
}
