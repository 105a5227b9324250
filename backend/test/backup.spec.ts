import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import request from 'supertest';
import { EMBEDDED_DATABASE, startEmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { ticketPayload } from './factories/tickets.js';
import { wavBytes } from './factories/uploads.js';
import { freePort, requireBuild, startProcess, stopProcess } from './support/app-process.js';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'database', 'backup', 'cli.js');
const run = promisify(execFile);

let root: string;
let dataDir: string;
let pgPort: number;

beforeAll(async () => {
  requireBuild();
  root = mkdtempSync(join(tmpdir(), 'wcrm-backup-'));
  chmodSync(root, 0o755); // PostgreSQL runs as its own user (as root: postgres), which must reach its folder
  dataDir = join(root, 'data');
  pgPort = await freePort();
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** The app on the embedded PostgreSQL of `dataDir`, as `npm start` runs it. */
function startEmbeddedApp(port: number, worker: boolean) {
  return startProcess('', port, worker, { DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) }, 120_000);
}

function cli(...args: string[]) {
  return run(process.execPath, [CLI, ...args], {
    env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'test', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), INIT_CWD: root, DATABASE_URL: '' },
  });
}

/** Every table of the app and of its job queue with its row count. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const tables = await db.query<{ name: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(relname) as name from pg_stat_user_tables order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) counts[name] = (await db.query(`select count(*)::int as n from ${name}`)).rows[0].n;
    return counts;
  } finally {
    await db.end();
  }
}

/** Every file under DATA_DIR/objects (the uploads) with its SHA-256. */
function objectChecksums(): Record<string, string> {
  const sums: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else sums[relative(dataDir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(join(dataDir, 'objects'));
  return sums;
}

async function withEmbedded<T>(work: (url: string) => Promise<T>): Promise<T> {
  const server = await startEmbeddedPostgres({ dataDir, port: pgPort, database: EMBEDDED_DATABASE });
  try {
    return await work(server.url);
  } finally {
    await server.stop();
  }
}

describe('npm run backup and npm run restore', () => {
  it('back up a running instance, and restore into an empty data directory every row of every table and every file', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // No queue worker: nothing writes on its own (schedules, heartbeats) while the counts are taken.
    const app = await startEmbeddedApp(port, false);
    const owner = request.agent(base);
    const archive = join(root, 'archives', 'nightly.tar.gz');
    let before: Record<string, number>;
    let files: Record<string, string>;
    let upload: { uploadURL: string; objectPath: string };
    try {
      await owner.post('/api/register').set('origin', base).send({ username: 'backupowner', password: 'secret123' }).expect(201);
      await owner.put('/api/settings').set('origin', base).send({ smtp_host: 'smtp.example.com', smtp_password: 'smtp-secret-1' }).expect(200);
      for (let i = 0; i < 5; i += 1) await owner.post('/api/tickets').set('origin', base).send(ticketPayload()).expect(201);
      const bytes = wavBytes(2048);
      upload = (await owner.post('/api/objects/upload').set('origin', base).send({ filename: 'greeting.wav', type: 'audio/wav', size: bytes.length }).expect(200)).body;
      const put = await fetch(new URL(upload.uploadURL, base), { method: 'PUT', headers: { 'content-type': 'audio/wav' }, body: bytes });
      expect(put.status).toBe(200);

      const credentials = JSON.parse(readFileSync(join(dataDir, 'postgres-credentials.json'), 'utf8'));
      const url = `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${pgPort}/${EMBEDDED_DATABASE}`;
      before = await rowCounts(url);
      files = objectChecksums();
      expect(before['public.tickets']).toBe(5);
      expect(Object.keys(files)).toHaveLength(1);

      const { stdout } = await cli('backup', '--out', 'archives/nightly.tar.gz');
      expect(stdout).toContain(`Backup written: ${archive}`);
      expect(stdout).toContain('online');
      expect(statSync(archive).size).toBeGreaterThan(1000);
      expect(await rowCounts(url)).toEqual(before); // nothing moved meanwhile: the comparison below is exact
    } finally {
      await stopProcess(app, 'SIGTERM');
    }

    // The machine is lost; a new, empty data directory gets the archive.
    rmSync(dataDir, { recursive: true, force: true });
    const { stdout } = await cli('restore', 'archives/nightly.tar.gz');
    expect(stdout).toContain(`into ${dataDir}`);
    expect(await withEmbedded(rowCounts)).toEqual(before);
    expect(objectChecksums()).toEqual(files);

    // The restored instance serves: the owner signs in, the upload reads back, the secret opens.
    const again = await startEmbeddedApp(port, true);
    try {
      const agent = request.agent(base);
      await agent.post('/api/login').set('origin', base).send({ username: 'backupowner', password: 'secret123' }).expect(200);
      expect((await agent.get('/api/tickets').expect(200)).body).toHaveLength(5);
      const file = await agent.get(upload.objectPath).expect(200);
      expect(Buffer.compare(file.body as Buffer, wavBytes(2048))).toBe(0);
      expect((await agent.get('/api/settings').expect(200)).body).toMatchObject({ smtp_host: 'smtp.example.com' });
    } finally {
      await stopProcess(again, 'SIGTERM');
    }
  }, 300_000);

  it('restores nothing from an archive that does not match its manifest, nor over a data directory in use', async () => {
    const archive = join(root, 'archives', 'nightly.tar.gz');
    await expect(cli('restore', 'archives/nightly.tar.gz')).rejects.toMatchObject({ stderr: expect.stringContaining('is not empty') });

    const damaged = join(root, 'archives', 'damaged.tar.gz');
    const bytes = readFileSync(archive);
    writeFileSync(damaged, bytes.subarray(0, bytes.length - 200));
    const elsewhere = join(root, 'elsewhere');
    const failed = await run(process.execPath, [CLI, 'restore', damaged], {
      env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'test', DATA_DIR: elsewhere, DATABASE_URL: '' },
    }).then(() => null, (error: { stderr: string }) => error.stderr);
    expect(failed).toBeTruthy();
    expect(() => readdirSync(elsewhere)).toThrow(); // nothing was put in place
  });
});
