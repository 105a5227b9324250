import type { AnyEntity, EntityData, QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { executePrepared } from '../../database/prepared-statements.js';
import { TENANT_FILTER, type TenantFilterArgs } from './tenant-filter.js';
import { bindTenant, TenantMissingError, type TenantStatement } from './tenant-statement.js';

export { bindTenant, TenantMissingError, type TenantStatement } from './tenant-statement.js';

/** The organization an EntityManager is scoped to, or TenantMissingError (fail closed). */
export function tenantOf(em: EntityManager): string {
  const args = em.getFilterParams<TenantFilterArgs>(TENANT_FILTER);
  if (!args?.organizationId) throw new TenantMissingError();
  return args.organizationId;
}

/** What a raw statement answers (as EntityManager.execute types it). */
type Rows = QueryResult | EntityData<AnyEntity> | EntityData<AnyEntity>[];

/** Raw SQL on one EntityManager, scoped to its organization (the @tenant tokens of tenant-statement.ts). */
export class TenantSql {
  readonly organizationId: string;

  constructor(private readonly em: EntityManager) {
    this.organizationId = tenantOf(em);
  }

  bind(sql: string, params: readonly unknown[] = []): TenantStatement {
    return bindTenant(this.organizationId, { sql, params: [...params] });
  }

  /** Runs on the EntityManager (inside its transaction when it is in one). */
  execute<T extends Rows = EntityData<AnyEntity>[]>(sql: string, params: readonly unknown[] = [], method: 'all' | 'get' | 'run' = 'all'): Promise<T> {
    const bound = this.bind(sql, params);
    return this.em.execute<T>(bound.sql, bound.params, method);
  }

  /** A statement (from a query object) run as execute runs it. */
  run<T extends Rows = EntityData<AnyEntity>[]>(statement: TenantStatement): Promise<T> {
    return this.execute<T>(statement.sql, statement.params);
  }

  /**
   * A statement that runs on every screen or every create, as execute runs it but prepared
   * (database/prepared-statements.ts): one named prepared statement per text and connection, on the
   * EntityManager's transaction when it is in one. Its rows.
   */
  executePrepared<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    const bound = this.bind(sql, params);
    return executePrepared<T>(this.em, bound.sql, bound.params);
  }
}

/** The helper for `em`: throws TenantMissingError when `em` has no organization. */
export function tenantSql(em: EntityManager): TenantSql {
  return new TenantSql(em);
}
