import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
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

@Injectable()
export class CustomersService {
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
