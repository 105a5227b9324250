import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { registerOwner, type SignedIn } from './factories/users.js';
import { eventually } from './support/job-probe.js';
import { freePort, requireBuild, startProcess, stopProcess } from './support/app-process.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 30: an export of 100,000 tickets streams; the memory of the app process that runs it is
 * measured (its resident set before, and its peak from the kernel, VmHWM) and stays bounded.
 */

let app: TestApp;
let owner: SignedIn;
let worker: ChildProcess;

/** The worker's V8 old-space cap: the app idles at well under half of it. */
const HEAP_CAP_MB = 160;
/** Peak resident memory above the warmed-up worker's while the export runs. */
const RSS_GROWTH_BOUND_MB = 150;

/** A field of /proc/<pid>/status, in MB. */
function procMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}

beforeAll(async () => {
  requireBuild();
  // The in-process app only answers the API; the export runs in the worker process measured below.
  app = await startTestApp({ JOBS_WORKER: 'false' });
  owner = await registerOwner(app);
  // Its heap is capped: an export that held every row at once would run out of memory and fail.
  worker = await startProcess(app.databaseUrl, await freePort(), true, { JOBS_POLL_INTERVAL_MS: '100', NODE_OPTIONS: `--max-old-space-size=${HEAP_CAP_MB}` });
}, 60_000);
afterAll(async () => {
  if (worker) await stopProcess(worker, 'SIGTERM');
  await app.close();
});

it('exports 100,000 tickets with a bounded peak memory, the progress moving along the way', async () => {
  const org = owner.user.organization_id;
  await app.db.query(
    `insert into customers (organization_id, name, email) select $1, 'Bulk Customer ' || g, 'bulk' || g || '@example.com' from generate_series(1, 2000) g`,
    [org],
  );
  await app.db.query(
    `insert into tickets (organization_id, customer_id, ticket_number, product_brand, product_model, issue_description, status, priority, created_at, updated_at)
     select $1, c.id, 'BULK-' || g, 'IronJack', '3-Ton Floor Jack', repeat('Oil leaks from the ram seal. ', 8) || g, 'Open', 'Medium',
            now() - make_interval(secs => g), now() - make_interval(secs => g)
     from generate_series(1, 100000) g
     join (select id, row_number() over (order by id) as rn from customers where organization_id = $1) c on c.rn = 1 + g % 2000`,
    [org],
  );
  // Warm the worker up with a small export first, so its baseline includes the code paths.
  const warm = await owner.agent.post('/api/exports').send({ kind: 'customers', filter: { q: 'Bulk Customer 1' } }).expect(202);
  await eventually('the warm-up export', async () => (await owner.agent.get(`/api/exports/${warm.body.id}`)).body.status === 'ready', 60_000);
  const before = procMb(worker.pid!, 'VmRSS');

  const started = await owner.agent.post('/api/exports').send({ kind: 'tickets', filter: { brand: 'IronJack' } }).expect(202);
  const progress: number[] = [];
  let body!: { status: string; rows_done: number; progress: number; error: string | null };
  await eventually('the 100,000-row export is ready (or the worker died)', async () => {
    if (worker.exitCode !== null || worker.signalCode !== null) return true;
    body = (await owner.agent.get(`/api/exports/${started.body.id}`).expect(200)).body;
    progress.push(body.progress);
    return body.status === 'ready' || body.status === 'failed';
  }, 150_000);
  const peak = worker.exitCode === null ? procMb(worker.pid!, 'VmHWM') : NaN;
  console.log(`export of 100,000 tickets: worker RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB, heap capped at ${HEAP_CAP_MB} MB`);
  expect({ exitCode: worker.exitCode, signal: worker.signalCode }).toEqual({ exitCode: null, signal: null });
  expect(body).toMatchObject({ status: 'ready', rows_done: 100_000, error: null });
  expect(peak - before).toBeLessThan(RSS_GROWTH_BOUND_MB);
  expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
}, 240_000);
