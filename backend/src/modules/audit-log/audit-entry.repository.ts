import type { FilterQuery } from '@mikro-orm/core';
import { EntityRepository } from '@mikro-orm/postgresql';
import type { AuditEntry } from './audit-entry.entity.js';

/** The audit log's queries (`em.getRepository(AuditEntry)`). */
export class AuditEntryRepository extends EntityRepository<AuditEntry> {
  /** How many of the organization's entries match (without the tenant filter: a sign-in runs before the request has a tenant). */
  countInOrganization(where: FilterQuery<AuditEntry> & { organization: string }): Promise<number> {
    return this.count(where, { filters: false });
  }

  /** A page of the entries matching `where`, in `order` by creation then id, and their total. */
  page(where: FilterQuery<AuditEntry>, order: 'asc' | 'desc', offset: number, limit: number): Promise<[AuditEntry[], number]> {
    return this.findAndCount(where, { orderBy: [{ createdAt: order }, { id: order }], offset, limit });
  }
}
