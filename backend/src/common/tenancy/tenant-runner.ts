import type { EntityClass, FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { TENANT_FILTER } from './tenant-filter.js';

/** What code outside a request works with: one organization and an EntityManager scoped to it. */
export interface TenantContext {
  organizationId: string;
  /** A fresh EntityManager with the tenant filter set, inside a transaction that commits when the work resolves. */
  em: EntityManager;
}

/**
 * The one way code outside a signed-in request (job and event handlers, provider webhooks,
 * scheduled tasks) touches tenant rows: it forks its own EntityManager, scopes it to the
 * organization with the same filter the request guard sets, and runs the work in a transaction.
 * Without it, a query of a tenant-scoped entity throws (the filter has no organization).
 */
@Injectable()
export class TenantRunner {
  constructor(private readonly em: EntityManager) {}

  run<T>(organizationId: string, work: (ctx: TenantContext) => Promise<T>): Promise<T> {
    const fork = this.em.fork({ clear: true, useContext: false });
    fork.setFilterParams(TENANT_FILTER, { organizationId });
    return fork.transactional((em) => work({ organizationId, em }));
  }

  /**
   * Read-only work for one organization outside a transaction (a provider callback checking whether
   * it brings anything new): a fresh EntityManager with the tenant filter set, and no begin or commit.
   */
  read<T>(organizationId: string, work: (ctx: TenantContext) => Promise<T>): Promise<T> {
    const fork = this.em.fork({ clear: true, useContext: false });
    fork.setFilterParams(TENANT_FILTER, { organizationId });
    return work({ organizationId, em: fork });
  }

  /**
   * The one cross-tenant read: which organization owns the row matching `where` (a number's `To`,
   * a webhook id), for a provider callback that arrives without a session. It returns the
   * organization's id only; everything else is then read and written through `run`.
   */
  async organizationOf<T extends { organization: unknown }>(entity: EntityClass<T>, where: FilterQuery<T>): Promise<string | null> {
    const fork = this.em.fork({ clear: true, useContext: false });
    const row = await fork.findOne(entity, where, { filters: false, fields: ['organization'] as never });
    if (!row) return null;
    const organization = row.organization as { id: string } | string;
    return typeof organization === 'string' ? organization : organization.id;
  }
}
