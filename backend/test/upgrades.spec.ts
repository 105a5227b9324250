import { afterAll, describe, expect, it } from '@jest/globals';
import { Migration } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { runMigrations } from '../src/database/migrate.js';
import { MIGRATIONS } from '../src/database/migrations/index.js';
import { buildOrmOptions } from '../src/database/mikro-orm.config.js';
import { freePort, requireBuild, startProcess, stopProcess } from './support/app-process.js';
import { eventually } from './support/job-probe.js';
import { createTestDatabase } from './support/test-app.js';

/** The advisory lock key of `runMigrations` (database/migrate.ts). */
const MIGRATION_LOCK_KEY = 727_411_902;

const orms: MikroORM[] = [];
const clients: pg.Client[] = [];
afterAll(async () => {
  for (const client of clients) await client.end();
  for (const orm of orms) await orm.close(true);
});

async function client(url: string): Promise<pg.Client> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  clients.push(db);
  return db;
}

/** A release whose last migration fails half-way, after statements that changed the schema. */
class Migration29990101000000Broken extends Migration {
  override name = 'Migration29990101000000Broken';
  override up(): void {
    this.addSql('create table upgrade_probe (id int primary key);');
    this.addSql('alter table tickets add column upgrade_probe text;');
    this.addSql('select 1 / 0;');
  }
}

describe('upgrading a database', () => {
  it('leaves the database exactly as it was when a migration of the new version fails', async () => {
    const url = await createTestDatabase({ empty: true });
    const last = MIGRATIONS[MIGRATIONS.length - 1];
    const old = await MikroORM.init(buildOrmOptions(url, { allowGlobalContext: true, logger: () => undefined }));
    orms.push(old);
    await old.migrator.up({ to: MIGRATIONS[MIGRATIONS.length - 2].name });
    const db = await client(url);
    const before = (await db.query('select name from mikro_orm_migrations order by id')).rows.map((r) => r.name);

    const upgraded = await MikroORM.init(buildOrmOptions(url, {
      allowGlobalContext: true,
      logger: () => undefined,
      migrations: { migrationsList: [...MIGRATIONS, { name: 'Migration29990101000000Broken', class: Migration29990101000000Broken }] },
    }));
    orms.push(upgraded);
    await expect(runMigrations(upgraded, url)).rejects.toThrow(/division by zero/);

    // Neither the new version's good migration nor the broken one's first statements stayed.
    expect((await db.query('select name from mikro_orm_migrations order by id')).rows.map((r) => r.name)).toEqual(before);
    expect(before).not.toContain(last.name);
    expect((await db.query(`select to_regclass('public.upgrade_probe') as t`)).rows[0].t).toBeNull();
    expect((await db.query(`select count(*)::int as n from information_schema.columns where table_name = 'tickets' and column_name = 'upgrade_probe'`)).rows[0].n).toBe(0);
    // The lock was given back: the fixed release migrates.
    expect(await runMigrations(old, url)).toEqual([last.name]);
  });

  it('answers no request until the migrations are done', async () => {
    requireBuild();
    const url = await createTestDatabase({ empty: true });
    const holder = await client(url);
    // Another instance is migrating: it holds the migration lock.
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const port = await freePort();
    const starting = startProcess(url, port, false, {}, 60_000);
    const answered = () => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status, () => 0);
    // Waits until the new process is blocked on the lock, then checks it serves nothing meanwhile.
    await eventually('the new instance waits for the migration lock', async () => {
      const { rows } = await holder.query(`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`);
      return rows[0].n === 1;
    }, 30_000);
    expect(await answered()).toBe(0);
    expect((await holder.query(`select to_regclass('public.tickets') as t`)).rows[0].t).toBeNull();

    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    const child = await starting;
    try {
      expect(await answered()).toBe(200);
      const applied = await holder.query('select count(*)::int as n from mikro_orm_migrations');
      expect(applied.rows[0].n).toBe(MIGRATIONS.length);
    } finally {
      await stopProcess(child, 'SIGTERM');
    }
  }, 90_000);
});
