import { MikroORM } from '@mikro-orm/postgresql';
import { Logger as QueueLogger, runMigrations as runQueueMigrations } from 'graphile-worker';
import pg from 'pg';
import { QUEUE_SCHEMA_SQL } from '../common/jobs/queue-indexes.js';
import { buildOrmOptions } from './mikro-orm.config.js';

/** Any constant shared by every instance: pg_advisory_lock serialises concurrent starts. */
const MIGRATION_LOCK_KEY = 727_411_902;

const QUIET = new QueueLogger(() => () => undefined);

/**
 * Applies pending migrations, ours and then the job queue's schema (graphile-worker) with our additions
 * to it (queue-indexes.ts), while holding a session-level advisory lock on a dedicated connection, so
 * instances starting together run them once, one after the other.
 */
export async function runMigrations(orm: MikroORM, databaseUrl: string): Promise<string[]> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await orm.migrator.up();
    await runQueueMigrations({ connectionString: databaseUrl, logger: QUIET });
    for (const sql of QUEUE_SCHEMA_SQL) await lock.query(sql);
    return applied.map((migration) => migration.name);
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.end();
  }
}

/**
 * Migrates the database before the app boots (the queue's worker starts with the app and needs its
 * schema). Quietly: the caller reports what was applied in one line, not two per migration.
 */
export async function migrateDatabase(databaseUrl: string): Promise<string[]> {
  const options = buildOrmOptions(databaseUrl, { allowGlobalContext: true });
  const orm = await MikroORM.init({ ...options, migrations: { ...options.migrations, silent: true } });
  try {
    return await runMigrations(orm, databaseUrl);
  } finally {
    await orm.close(true);
  }
}
