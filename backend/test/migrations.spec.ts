import { afterAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { runMigrations } from '../src/database/migrate.js';
import { MIGRATIONS } from '../src/database/migrations/index.js';
import { buildOrmOptions } from '../src/database/mikro-orm.config.js';
import { createTestDatabase } from './support/test-app.js';

const orms: MikroORM[] = [];
afterAll(async () => {
  for (const orm of orms) await orm.close(true);
});

async function orm(url: string): Promise<MikroORM> {
  const created = await MikroORM.init(buildOrmOptions(url, { allowGlobalContext: true, logger: () => undefined }));
  orms.push(created);
  return created;
}

describe('migrations', () => {
  it('two instances starting together apply each migration exactly once', async () => {
    const url = await createTestDatabase({ empty: true });
    const [a, b] = await Promise.all([orm(url), orm(url)]);
    const results = await Promise.all([runMigrations(a, url), runMigrations(b, url)]);
    expect(results.flat()).toEqual(MIGRATIONS.map((m) => m.name));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const rows = await client.query('select name from mikro_orm_migrations');
    await client.end();
    expect(rows.rows.map((r) => r.name)).toEqual(MIGRATIONS.map((m) => m.name));
  });

  it('leave the schema exactly as the entities describe it', async () => {
    const url = await createTestDatabase();
    const migrated = await orm(url);
    // Our schema; the job queue's own schema (graphile_worker) is the library's.
    const diff = await migrated.schema.getUpdateSchemaSQL({ wrap: false, schema: 'public' });
    expect(diff.trim()).toBe('');
  });
});
