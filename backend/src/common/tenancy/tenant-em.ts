import type { EntityManager } from '@mikro-orm/postgresql';
import { TENANT_FILTER } from './tenant-filter.js';

/**
 * For code outside a request (listeners, jobs, webhooks): a fresh EntityManager scoped to one
 * organization, the same scoping the request guard applies.
 */
export function forkForTenant(em: EntityManager, organizationId: string): EntityManager {
  const fork = em.fork({ clear: true, useContext: false });
  fork.setFilterParams(TENANT_FILTER, { organizationId });
  return fork;
}
