import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { chmod, chown, copyFile, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import pg from 'pg';
import * as tar from 'tar';

/**
 * One archive of everything an instance on the embedded PostgreSQL keeps: the database cluster,
 * the uploaded files and the generated secrets (DATA_DIR), with a manifest of every file's size
 * and SHA-256.
 *
 * While the server runs, the cluster is copied the way pg_basebackup does it, through
 * PostgreSQL's own backup API: `pg_backup_start` (a checkpoint), a copy of the data files while
 * the server goes on writing, `pg_backup_stop`, then the write-ahead log written meanwhile and the
 * backup label. A server started on the restored copy replays that log to a consistent state
 * (the state at the end of the copy, every committed transaction whole). A stopped cluster is
 * copied as it is.
 */

export const BACKUP_FORMAT = 'wcrm-backup/1';
export const MANIFEST = 'manifest.json';
/** The folder of the archive that holds DATA_DIR's contents. */
export const DATA_ROOT = 'data';

export interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  created_at: string;
  /** `online`: copied from the running server through its backup API; `offline`: a stopped cluster. */
  mode: 'online' | 'offline';
  postgres_version: string;
  /** The app's migrations applied in the backed-up database (the version it can be restored under). */
  migrations: string[];
  files: ManifestFile[];
}

export interface BackupOptions {
  dataDir: string;
  /** Where the embedded server listens (EMBEDDED_PG_PORT). */
  port: number;
  /** The app's database on that server. */
  database: string;
  /** The archive to write (`.tar.gz`). */
  out: string;
}

const CLUSTER = 'pg';
/** What pg_basebackup leaves out of a running cluster: runtime state the server rebuilds. */
const CLUSTER_RUNTIME = new Set(['postmaster.pid', 'postmaster.opts', 'pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);

interface Credentials {
  user: string;
  password: string;
}

/** Writes the archive; answers its manifest. */
export async function createBackup(options: BackupOptions): Promise<Manifest> {
  const dataDir = resolve(options.dataDir);
  const clusterDir = join(dataDir, CLUSTER);
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) throw new Error(`No embedded PostgreSQL cluster in ${clusterDir}`);
  await mkdir(dirname(resolve(options.out)), { recursive: true });
  const staging = await mkdtemp(join(dirname(resolve(options.out)), '.wcrm-backup-'));
  const stagedData = join(staging, DATA_ROOT);
  try {
    // The cluster is copied on its own below; the archives' folder, if it is inside DATA_DIR, not at all.
    const archives = dirname(resolve(options.out));
    await copyTree(dataDir, stagedData, (rel) => rel !== CLUSTER && !isInside(resolve(dataDir, rel), archives));

    const credentials = JSON.parse(await readFile(join(dataDir, 'postgres-credentials.json'), 'utf8')) as Credentials;
    const server = await connect(credentials, options.port, 'postgres');
    let mode: Manifest['mode'];
    let migrations: string[] = [];
    if (server) {
      mode = 'online';
      try {
        migrations = await appliedMigrations(credentials, options.port, options.database);
        await copyRunningCluster(server, clusterDir, join(stagedData, CLUSTER));
      } finally {
        await server.end().catch(() => undefined);
      }
    } else {
      if (existsSync(join(clusterDir, 'postmaster.pid'))) {
        throw new Error(`PostgreSQL holds ${clusterDir} (postmaster.pid) but does not answer on port ${options.port}: set EMBEDDED_PG_PORT to its port`);
      }
      mode = 'offline';
      await copyTree(clusterDir, join(stagedData, CLUSTER), () => true);
    }

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      created_at: new Date().toISOString(),
      mode,
      postgres_version: (await readFile(join(clusterDir, 'PG_VERSION'), 'utf8')).trim(),
      migrations,
      files: await checksums(staging, DATA_ROOT),
    };
    await writeFile(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // Owners are kept: the cluster's files belong to the user PostgreSQL runs as.
    await tar.c({ gzip: true, cwd: staging, file: options.out, portable: false }, [MANIFEST, DATA_ROOT]);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function connect(credentials: Credentials, port: number, database: string): Promise<pg.Client | null> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: credentials.user, password: credentials.password, database });
  try {
    await client.connect();
    return client;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ECONNREFUSED') return null; // no server: a stopped cluster
    throw error;
  }
}

async function appliedMigrations(credentials: Credentials, port: number, database: string): Promise<string[]> {
  const client = await connect(credentials, port, database);
  if (!client) return [];
  try {
    const exists = await client.query(`select to_regclass('public.mikro_orm_migrations') as t`);
    if (!exists.rows[0].t) return [];
    return (await client.query<{ name: string }>('select name from mikro_orm_migrations order by id')).rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

/** pg_backup_start, the data files, pg_backup_stop, then the WAL written meanwhile and the label. */
async function copyRunningCluster(server: pg.Client, clusterDir: string, target: string): Promise<void> {
  await server.query(`select pg_backup_start($1, fast => true)`, [`wcrm backup ${new Date().toISOString()}`]);
  let label: { labelfile: string; spcmapfile: string | null };
  try {
    await copyTree(clusterDir, target, (rel) => {
      const top = rel.split('/')[0];
      // The runtime folders are kept, empty; pg_wal's contents are taken after the stop.
      if (CLUSTER_RUNTIME.has(top)) return rel === top && top !== 'postmaster.pid' && top !== 'postmaster.opts' ? 'empty' : false;
      return !/(^|\/)pgsql_tmp/.test(rel);
    });
  } finally {
    const stopped = await server.query(`select labelfile, spcmapfile from pg_backup_stop(wait_for_archive => false)`);
    label = stopped.rows[0];
  }
  // The log from the backup's checkpoint to now: the server replays it when it starts on the copy.
  await copyTree(join(clusterDir, 'pg_wal'), join(target, 'pg_wal'), () => true);
  await writeFile(join(target, 'backup_label'), label.labelfile, { mode: 0o600 });
  if (label.spcmapfile) await writeFile(join(target, 'tablespace_map'), label.spcmapfile, { mode: 0o600 });
  await copyOwner(clusterDir, join(target, 'backup_label'));
  const startWal = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(label.labelfile)?.[1];
  if (!startWal || !existsSync(join(target, 'pg_wal', startWal))) {
    throw new Error(`The write-ahead log ${startWal ?? '(unknown)'} the backup starts from was recycled during the copy; run the backup again`);
  }
}

type Include = boolean | 'empty';

/** Copies a folder's files, with their modes and owners; `include` sees paths relative to `from`. */
async function copyTree(from: string, to: string, include: (rel: string) => Include, base = from): Promise<void> {
  await mkdir(to, { recursive: true });
  await copyOwner(from, to);
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const rel = relative(base, source).split('\\').join('/');
    const verdict = include(rel);
    if (!verdict) continue;
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      if (verdict === 'empty') {
        await mkdir(target, { recursive: true, mode: (await stat(source)).mode & 0o777 });
        await copyOwner(source, target);
      } else {
        await copyTree(source, target, include, base);
      }
    } else if (entry.isFile()) {
      try {
        await copyFile(source, target);
      } catch (error) {
        // A file removed while the server runs (a dropped relation, a recycled segment): the
        // log replay re-creates whatever the consistent state needs.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      await copyOwner(source, target);
    }
  }
}

async function copyOwner(source: string, target: string): Promise<void> {
  const s = await lstat(source).catch(() => null);
  if (!s) return;
  await chown(target, s.uid, s.gid).catch(() => undefined); // only root may give files away
  await chmod(target, s.mode & 0o7777).catch(() => undefined);
}

function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith('/'));
}

/** Every regular file under `root/prefix` with its size and SHA-256, paths relative to root. */
export async function checksums(root: string, prefix: string): Promise<ManifestFile[]> {
  const files: ManifestFile[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) {
        files.push({ path: relative(root, path).split('\\').join('/'), size: (await stat(path)).size, sha256: await sha256(path) });
      }
    }
  };
  await walk(join(root, prefix));
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

export function sha256(path: string): Promise<string> {
  return new Promise((resolveHash, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolveHash(hash.digest('hex')));
  });
}
