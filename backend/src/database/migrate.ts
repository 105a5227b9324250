import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';

/** Any constant shared by every instance: pg_advisory_lock serialises concurrent starts. */
const MIGRATION_LOCK_KEY = 727_411_902;

/**
 * Applies pending migrations while holding a session-level advisory lock on a dedicated
 * connection, so instances starting together run them once, one after the other.
 */
export async function runMigrations(orm: MikroORM, databaseUrl: string): Promise<string[]> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await orm.migrator.up();
    return applied.map((migration) => migration.name);
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.end();
  }
}
