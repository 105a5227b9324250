import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { PreparingClient } from './prepared-statements.js';

/** Where `migration:create` writes new files: the source folder, also when run from dist/. */
export const MIGRATIONS_SOURCE_DIR = join(
  dirname(fileURLToPath(import.meta.url)).replace(/[\\/]dist[\\/]database$/, '/src/database'),
  'migrations',
);

/** Tables that live in the database but are not entities (express-session's store, job receipts, VAPID keys, the tickets' rollups kept by triggers). */
export const NON_ENTITY_TABLES = ['session', 'job_receipts', 'job_worker_heartbeats', 'vapid_keys', 'ticket_rollups', 'ticket_totals', 'ticket_status_flow', 'ticket_assignee_totals', 'rma_counters', 'warranty_rollups', 'warranty_resolution_hours', 'warranty_resolution_hours_monthly', 'warranty_rollups_monthly'];

/**
 * A URL's `host` parameter names a Unix socket's directory (`postgres://u:p@localhost:5432/db?host=/run/postgresql`),
 * as libpq and node-postgres read it. MikroORM takes its host from the URL's host name only, so it is passed on.
 */
export function socketDirectory(url: string): string | undefined {
  const host = new URL(url).searchParams.get('host');
  return host?.startsWith('/') ? host : undefined;
}

export function buildOrmOptions(clientUrl: string, overrides: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl,
    host: socketDirectory(clientUrl),
    driver: PostgreSqlDriver,
    entities: ENTITIES,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    discovery: { warnWhenNoEntities: true },
    forceUtcTimezone: true,
    pool: { min: 0, max: 10 },
    // the pool's connections send executePrepared's texts as named prepared statements, in transactions too
    driverOptions: { Client: PreparingClient },
    // Functions are the migrations' (frozen SQL, like the triggers' functions): the schema generator neither drops nor alters them.
    schemaGenerator: { skipTables: NON_ENTITY_TABLES, ignoreRoutines: true },
    migrations: {
      tableName: 'mikro_orm_migrations',
      path: MIGRATIONS_SOURCE_DIR,
      migrationsList: MIGRATIONS,
      transactional: true,
      allOrNothing: true,
      emit: 'ts',
      snapshot: false,
    },
    debug: false,
    ...overrides,
  });
}
