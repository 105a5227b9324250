import type { AnyEntity, EntityData, QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedRead } from '../../database/prepared-read.js';
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

  /** As preparedRead: one named prepared statement per text. */
  preparedRead<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    const bound = this.bind(sql, params);
    return preparedRead<T>(this.em, bound.sql, bound.params);
  }

  /**
   * A write that runs often (a ticket's create), prepared as preparedRead prepares: on the
   * EntityManager's transaction when it is in one. Its rows, as a read's.
   */
  preparedWrite<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.preparedRead<T>(sql, params);
  }
}

/** The helper for `em`: throws TenantMissingError when `em` has no organization. */
export function tenantSql(em: EntityManager): TenantSql {
  return new TenantSql(em);
}
