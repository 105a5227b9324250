import { EntityRepository } from '@mikro-orm/postgresql';
import type { Customer } from './customer.entity.js';

/**
 * The customers' queries (the entity's MikroORM repository: `em.getRepository(Customer)`);
 * CustomersService keeps the matching rules. Scoped to the organization by the tenant filter.
 */
export class CustomerRepository extends EntityRepository<Customer> {
  /** The organization's customer with this phone (E.164, as rows keep it). */
  byPhone(organizationId: string, e164: string): Promise<Customer | null> {
    return this.findOne({ organization: organizationId, phone: e164 });
  }

  /** The organization's customers with any of these contacts (a stored phone, a lower-case e-mail), newest first. */
  byContacts(organizationId: string, contacts: ({ phone: string } | { email: string })[]): Promise<Customer[]> {
    if (!contacts.length) return Promise.resolve([]);
    return this.find({ organization: organizationId, $or: contacts }, { orderBy: { createdAt: 'desc' } });
  }
}
