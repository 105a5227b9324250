import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ticketPayload } from './factories/tickets.js';
import { callApp, freePort, requireBuild, startProcess, stopProcess } from './support/app-process.js';
import { eventually } from './support/job-probe.js';
import { createTestDatabase } from './support/test-app.js';

/** The fields of /proc/<pid>/stat after "pid (comm) " (comm may hold spaces, so read after the last ")"): state, ppid, … */
function statFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Live child processes of a process (Linux /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const [state, ppid] = statFields(entry);
        return Number(ppid) === pid && state !== 'Z';
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A process's resident memory in kB (VmRSS of /proc/<pid>/status). */
function rssOf(pid: number): number {
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
}

/** A process's niceness: field 19 of /proc/<pid>/stat. */
const niceOf = (pid: number): number => Number(statFields(pid)[16]);

/**
 * Gives every thread of a process the normal priority again (root may lower a niceness). The job process
 * runs at 19 so that HTTP comes first; in a test run that keeps both cores busy it would get almost no CPU,
 * and could still be starting, or not yet have run a job, when a wait of the test ran out. Its niceness is
 * checked before this; what follows checks what it does, not how the kernel shares a full machine.
 */
function renormalize(pid: number): void {
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      setPriority(Number(thread), 0);
    } catch {
      // not permitted (not root), or the thread ended: the waits below are long enough on a quiet machine
    }
  }
}

const answers = async (port: number) => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.status === 200;

let databaseUrl: string;
let app: ChildProcess | undefined;

beforeAll(async () => {
  requireBuild();
  databaseUrl = await createTestDatabase();
});

afterAll(async () => {
  if (app) await stopProcess(app, 'SIGKILL');
});

describe('shutdown on SIGTERM', () => {
  it('closes the app before the embedded PostgreSQL, which it then stops, and exits with 0', async () => {
    const port = await freePort();
    const pgPort = await freePort();
    // the cluster's directory is run by the postgres user: readable beyond root, unlike mkdtemp's
    const dataDir = mkdtempSync(join(tmpdir(), 'wcrm-embedded-'));
    chmodSync(dataDir, 0o755);
    // initdb of a new cluster first: slower than joining the test's database
    app = await startProcess('', port, true, { DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) }, 100_000);
    const pgUp = async () => {
      const client = new pg.Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 2000 });
      return client.connect().then(() => client.end().then(() => true), (error: Error) => !/ECONNREFUSED/.test(error.message));
    };
    expect(await pgUp()).toBe(true);
    await stopProcess(app, 'SIGTERM');
    expect({ code: app.exitCode, signal: app.signalCode }).toEqual({ code: 0, signal: null });
    expect(await pgUp()).toBe(false);
    app = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  }, 150_000);
});

describe('WEB_CONCURRENCY', () => {
  it('serves one port from that many worker processes, replaces one that dies, and stops them all on SIGTERM', async () => {
    const port = await freePort();
    app = await startProcess(databaseUrl, port, true, { WEB_CONCURRENCY: '2' });
    const main = app.pid!;
    await eventually('two HTTP workers', async () => childrenOf(main).length === 2, 30_000);
    const [first, second] = childrenOf(main);

    // every request is answered while both serve, whichever worker takes it
    const statuses = await Promise.all(Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status)));
    expect(statuses.every((s) => s === 200)).toBe(true);
    // The main process starts the database and forks: it does not load the app's modules, which hold about a
    // third of a worker's memory (here the main process about 140 MB against 205; as much as a worker when it loaded them).
    expect(rssOf(main)).toBeLessThan(0.85 * Math.min(rssOf(first), rssOf(second)));

    process.kill(first, 'SIGKILL');
    await eventually('the other worker answers', () => answers(port), 10_000);
    await eventually('a replacement worker', async () => {
      const now = childrenOf(main);
      return now.length === 2 && !now.includes(first) && now.includes(second);
    }, 30_000);

    const workers = childrenOf(main);
    await stopProcess(app, 'SIGTERM');
    expect({ code: app.exitCode, signal: app.signalCode }).toEqual({ code: 0, signal: null });
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    expect(await answers(port)).toBe(false);
    app = undefined;
  }, 90_000);
});

describe('JOBS_SEPARATE_PROCESS', () => {
  it('works the queue in one more process at the lowest CPU priority, never in the HTTP server, replaced when it dies', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    app = await startProcess(databaseUrl, port, true, { JOBS_SEPARATE_PROCESS: 'true' });
    const main = app.pid!;
    await eventually('the job process', async () => childrenOf(main).length === 1, 30_000);
    const [jobs] = childrenOf(main);
    // The primary lowers a worker's priority just after forking it: from outside, the new process can be seen
    // in that instant at the normal priority.
    await eventually('the job process at the lowest priority', async () => niceOf(jobs) === 19, 10_000);
    expect({ main: niceOf(main), jobs: niceOf(jobs) }).toEqual({ main: 0, jobs: 19 });
    renormalize(jobs);

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const owner = await callApp(base, '', 'POST', '/api/register', { username: `jobsapart${Date.now()}`, password: 'secret123' });
      expect(owner.status).toBe(201);
      const org = (await db.query('select organization_id from users where id = $1', [owner.body.id])).rows[0].organization_id as string;
      const queued = async () =>
        (await db.query(`select count(*)::int as n from graphile_worker._private_jobs where payload ->> 'organizationId' = $1 and attempts = 0`, [org])).rows[0].n as number;
      const create = async () => {
        const created = await callApp(base, owner.cookie, 'POST', '/api/tickets', ticketPayload());
        expect(created.status).toBe(201);
      };

      // The job process stopped: the HTTP server answers and enqueues, and runs none of the jobs itself.
      process.kill(jobs, 'SIGSTOP');
      await create();
      const waiting = await queued();
      expect(waiting).toBeGreaterThan(0);
      // ten of the queue's poll intervals (JOBS_POLL_INTERVAL_MS 200 in these processes)
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(await queued()).toBe(waiting);
      process.kill(jobs, 'SIGCONT');
      await eventually('the job process ran them', async () => (await queued()) === 0, 30_000);

      // Killed, it is replaced by another at the same priority, which works the queue.
      process.kill(jobs, 'SIGKILL');
      await eventually('a replacement job process', async () => {
        const now = childrenOf(main);
        return now.length === 1 && now[0] !== jobs;
      }, 30_000);
      const [replacement] = childrenOf(main);
      await eventually('the replacement at the lowest priority', async () => niceOf(replacement) === 19, 10_000);
      renormalize(replacement);
      await create();
      await eventually('the replacement ran the new jobs', async () => (await queued()) === 0, 30_000);

      await stopProcess(app, 'SIGTERM');
      expect({ code: app.exitCode, signal: app.signalCode }).toEqual({ code: 0, signal: null });
      expect(() => process.kill(replacement, 0)).toThrow();
      app = undefined;
    } finally {
      await db.end();
    }
  }, 120_000);
});
