import { LockMode } from '@mikro-orm/core';
import { type EntityManager, EntityRepository } from '@mikro-orm/postgresql';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import { containsPattern, queryPhoneDigits, SEARCH_EXPRESSIONS as X } from '../search/search-indexes.js';
import type { Customer } from './customer.entity.js';

/** A search counts its matches exactly up to this many; beyond, the total is this and marked as an estimate. */
export const CUSTOMER_COUNT_CAP = 1000;

/**
 * The customer list's match: name and e-mail (the trigram index over `name || ' ' || email`), the
 * phone's digits (the trigram index over them) when the query has 3 digits or more.
 */
function listMatch(q: string): { sql: string; params: unknown[] } {
  const digits = queryPhoneDigits(q);
  const parts = [{ sql: `${X.customerText} ilike ?`, param: containsPattern(q) }, ...(digits ? [{ sql: `${X.customerPhoneDigits} like ?`, param: containsPattern(digits) }] : [])];
  return { sql: `(${parts.map((p) => p.sql).join(' or ')})`, params: parts.map((p) => p.param) };
}

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

  /** Another customer than `exceptId` with this phone or this e-mail (lower case), oldest first. */
  otherWith(exceptId: string, field: 'phone' | 'email', value: string): Promise<Customer | null> {
    return this.findOne({ id: { $ne: exceptId }, [field]: value }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** Both customers (of the organization) locked for update, in id order; missing ones are absent. */
  lockBoth(a: string, b: string): Promise<Customer[]> {
    return this.find({ id: { $in: [a, b] } }, { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } });
  }

  /**
   * One page of the list, newest first (the (organization_id, created_at, id) index; a search
   * narrows through the trigram indexes), with the total: exact without a search, and with one up
   * to CUSTOMER_COUNT_CAP matches (then `estimated`).
   */
  async page(q: string | null, order: 'asc' | 'desc', offset: number, limit: number): Promise<{ customers: Customer[]; total: number; estimated: boolean }> {
    const em = this.getEntityManager() as EntityManager;
    const sql = tenantSql(em);
    const match = q ? listMatch(q) : { sql: 'true', params: [] };
    const rows = await sql.execute<Record<string, unknown>[]>(
      `select c.* from customers c where @tenant(c) and ${match.sql}
        order by c.created_at ${order}, c.id ${order} limit ${Math.trunc(limit)} offset ${Math.trunc(offset)}`,
      match.params,
    );
    const customers = rows.map((r) => em.map(this.entityName, r) as Customer);
    if (!q) {
      const [{ n }] = await sql.execute<{ n: string }[]>('select count(*) as n from customers c where @tenant(c)');
      return { customers, total: Number(n), estimated: false };
    }
    const [{ n }] = await sql.execute<{ n: string }[]>(
      `select count(*) as n from (select 1 from customers c where @tenant(c) and ${match.sql} limit ${CUSTOMER_COUNT_CAP + 1}) m`,
      match.params,
    );
    const counted = Number(n);
    return counted > CUSTOMER_COUNT_CAP
      ? { customers, total: Math.max(CUSTOMER_COUNT_CAP, offset + customers.length), estimated: true }
      : { customers, total: counted, estimated: false };
  }
}
