import { type EntityDictionary, LockMode } from '@mikro-orm/core';
import { type EntityManager, EntityRepository } from '@mikro-orm/postgresql';
import { type TenantSql, tenantSql } from '../../common/tenancy/tenant-sql.js';
import { containsPattern, probeable, queryPhoneDigits, RECENT_CUSTOMERS, SEARCH_EXPRESSIONS as X, SEARCH_PROBE_SETTINGS } from '../search/search-indexes.js';
import type { Customer } from './customer.entity.js';

/** A search counts its matches exactly up to this many; beyond, the planner's estimate, marked as one. */
export const CUSTOMER_COUNT_CAP = 1000;
/** The list without a search counts exactly up to this many customers; beyond, the planner's estimate. */
export const CUSTOMER_EXACT_TOTAL = 10_000;
/** Below this many matching customers a search reads its matches through the trigram indexes alone. */
export const CUSTOMER_PROBE_LIMIT = 5000;
/** Matches among the RECENT_CUSTOMERS newest that make a search dense: its page is found walking the newest. */
const DENSE_MATCHES = 100;

/**
 * The customer list's match: name and e-mail (the trigram index over `name || ' ' || email`), the
 * phone's digits (the trigram index over them) when the query has 3 digits or more.
 */
function listMatch(q: string): { sql: string; params: unknown[] } {
  const digits = queryPhoneDigits(q);
  const parts = [{ sql: `${X.customerText} ilike ?`, param: containsPattern(q) }, ...(digits ? [{ sql: `${X.customerPhoneDigits} like ?`, param: containsPattern(digits) }] : [])];
  return { sql: `(${parts.map((p) => p.sql).join(' or ')})`, params: parts.map((p) => p.param) };
}

/** A ticket's contact as customer rows keep it (e-mail in lower case, phone as stored), and the id a new customer gets. */
export interface TicketContactRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

/**
 * A ticket's customer, found, updated or made, as an SQL expression (its JSON row) with one parameter,
 * the TicketContactRow as JSON: the database's `customer_for_ticket` (migration
 * CustomerForTicket), which takes the locks of the contact's phone and e-mail and then applies the
 * rule, so a statement that runs it needs no lock or read before it. A create's statement and
 * `CustomerRepository.forTicket` (the Edit view) run it.
 */
export const CUSTOMER_FOR_TICKET = 'customer_for_ticket(@tenant_id::uuid, ?::json)';

/**
 * The customers' queries (the entity's MikroORM repository: `em.getRepository(Customer)`); a
 * ticket's customer is matched by the database's customer_for_ticket (CUSTOMER_FOR_TICKET). Scoped
 * to the organization by the tenant filter.
 */
export class CustomerRepository extends EntityRepository<Customer> {
  /** The organization's customer of this id (null for another organization's). */
  ofOrganization(organizationId: string, id: string): Promise<Customer | null> {
    return this.findOne({ id, organization: organizationId });
  }

  /** The organization's customer with this phone (E.164, as rows keep it). */
  byPhone(organizationId: string, e164: string): Promise<Customer | null> {
    return this.findOne({ organization: organizationId, phone: e164 });
  }

  /** The organization's customers with any of these contacts (a stored phone, a lower-case e-mail), newest first. */
  byContacts(organizationId: string, contacts: ({ phone: string } | { email: string })[]): Promise<Customer[]> {
    if (!contacts.length) return Promise.resolve([]);
    return this.find({ organization: organizationId, $or: contacts }, { orderBy: { createdAt: 'desc' } });
  }

  /**
   * The transaction's advisory locks of a contact's phone (as stored) and e-mail (lower case), in key
   * order: the database's lock_customer_contacts, which customer_for_ticket takes too, so an edit of
   * a contact and a ticket arriving for it queue instead of making two customers.
   */
  async lockContacts(phone: string | null, email: string | null): Promise<void> {
    if (!phone && !email) return;
    await tenantSql(this.getEntityManager() as EntityManager).executePrepared('select lock_customer_contacts(@tenant_id::uuid, ?, ?)', [phone, email]);
  }

  /** The ticket's customer by CUSTOMER_FOR_TICKET (found, updated or made), as its row now is. */
  async forTicket(contact: TicketContactRow): Promise<Customer> {
    const em = this.getEntityManager() as EntityManager;
    const [row] = await tenantSql(em).executePrepared<{ customer: EntityDictionary<Customer> }>(`select ${CUSTOMER_FOR_TICKET} as customer`, [JSON.stringify(contact)]);
    return em.map(this.entityName, row!.customer);
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
   * One page of the list, newest first (or oldest), with the total. Without a search the page walks
   * the (organization_id, created_at, id) index and the total is exact up to CUSTOMER_EXACT_TOTAL,
   * the planner's estimate beyond. A search is read the way global search reads customers: when the
   * newest customers hold many matches (a dense match, or a query too short for the trigram
   * indexes) the page walks the same index and stops early; otherwise the matches are probed
   * through the trigram indexes alone (at most CUSTOMER_PROBE_LIMIT, exact total) and paged from
   * those, since walking a million customers for a rare match reads all of them.
   */
  async page(q: string | null, order: 'asc' | 'desc', offset: number, limit: number): Promise<{ customers: Customer[]; total: number; estimated: boolean }> {
    const em = this.getEntityManager() as EntityManager;
    const sql = tenantSql(em);
    if (!q) {
      const customers = await this.walk(sql, { sql: 'true', params: [] }, order, offset, limit);
      return { customers, ...(await this.total(sql, { sql: 'true', params: [] }, CUSTOMER_EXACT_TOTAL)) };
    }
    const match = listMatch(q);
    const [{ n: recent }] = await sql.execute<{ n: string }[]>(
      `select count(*) as n from (select c.name, c.email, c.phone from customers c where @tenant(c)
                                    order by c.created_at desc, c.id desc limit ${RECENT_CUSTOMERS}) c where ${match.sql}`,
      match.params,
    );
    let overflowed = false;
    if (Number(recent) < DENSE_MATCHES && probeable(q)) {
      const found = await em.transactional(async (tx) => {
        await tx.execute(SEARCH_PROBE_SETTINGS);
        return tenantSql(tx).execute<{ id: string; created_at: Date | string }[]>(
          `select c.id, c.created_at from customers c where @tenant(c) and ${match.sql} limit ${CUSTOMER_PROBE_LIMIT + 1}`,
          match.params,
        );
      });
      if (found.length <= CUSTOMER_PROBE_LIMIT) {
        const sign = order === 'asc' ? 1 : -1;
        const ids = found
          .map((r) => ({ id: r.id, at: new Date(r.created_at).getTime() }))
          .sort((a, b) => sign * (a.at - b.at) || sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
          .slice(offset, offset + limit)
          .map((r) => r.id);
        const rows = ids.length ? await this.find({ id: { $in: ids } }) : [];
        const byId = new Map(rows.map((c) => [c.id, c]));
        return { customers: ids.map((id) => byId.get(id)!).filter(Boolean), total: found.length, estimated: false };
      }
      overflowed = true;
    }
    const customers = await this.walk(sql, match, order, offset, limit);
    // More than the probe's limit: counting them would walk as many customers again.
    const total = overflowed ? await this.estimate(sql, match, CUSTOMER_PROBE_LIMIT + 1) : await this.total(sql, match, CUSTOMER_COUNT_CAP);
    return { ...total, total: Math.max(total.total, offset + customers.length), customers };
  }

  /** A page walking the created index, the match checked on each customer. */
  private async walk(sql: TenantSql, match: { sql: string; params: unknown[] }, order: 'asc' | 'desc', offset: number, limit: number): Promise<Customer[]> {
    const em = this.getEntityManager() as EntityManager;
    const rows = await sql.execute<Record<string, unknown>[]>(
      `select c.* from customers c where @tenant(c) and ${match.sql}
        order by c.created_at ${order}, c.id ${order} limit ${Math.trunc(limit)} offset ${Math.trunc(offset)}`,
      match.params,
    );
    return rows.map((r) => em.map(this.entityName, r) as Customer);
  }

  /** The number of matches, exact up to `cap`; beyond, the planner's estimate (`estimated`). */
  private async total(sql: TenantSql, match: { sql: string; params: unknown[] }, cap: number): Promise<{ total: number; estimated: boolean }> {
    const [{ n }] = await sql.execute<{ n: string }[]>(
      `select count(*) as n from (select 1 from customers c where @tenant(c) and ${match.sql} limit ${cap + 1}) m`,
      match.params,
    );
    if (Number(n) <= cap) return { total: Number(n), estimated: false };
    return this.estimate(sql, match, cap + 1);
  }

  /** The planner's estimate of the matches, at least `atLeast`. */
  private async estimate(sql: TenantSql, match: { sql: string; params: unknown[] }, atLeast: number): Promise<{ total: number; estimated: true }> {
    const [plan] = await sql.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[]>(
      `explain (format json) select 1 from customers c where @tenant(c) and ${match.sql}`,
      match.params,
    );
    return { total: Math.max(atLeast, Math.round(plan['QUERY PLAN'][0].Plan['Plan Rows'])), estimated: true };
  }
}
