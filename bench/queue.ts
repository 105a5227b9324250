/**
 * The durable queue under load: events per second through the transactional outbox to a no-op
 * handler, and the latency from commit to handler start (p50/p99), with 1 and with 2 worker
 * instances on one database. Needs the built backend (`npm run build -w backend`).
 *
 *   npm run bench:queue [-- --events 2000 --concurrency 10 --paced 200 --rate 50 --instances 1,2 --timeout 300]
 *
 * Database: DATABASE_URL when set (an organization is created for the run and removed after it),
 * otherwise a throw-away embedded PostgreSQL on a free loopback port in a temp dir. Workers are
 * separate processes (bench/queue-worker.ts, the app with JOBS_WORKER=true); this process is the
 * publisher (the app with JOBS_WORKER=false): it publishes each event in its own transaction through
 * `TenantRunner.run` + `DomainEvents.publish` and notes the commit time when that resolves; the
 * handler notes its start time and sends it here over IPC. Both clocks are the machine's monotonic
 * clock. Per instance count:
 *   - warm-up: `--warmup` events, not counted;
 *   - burst: `--events` events published `--concurrency` at a time as fast as they commit;
 *     throughput = events / (first publish start → last handler start); latency includes the
 *     backlog the burst builds up;
 *   - paced: `--paced` events at `--rate` per second, below capacity: the queue's own latency.
 * Writes bench/results/queue-<timestamp>.json (git-ignored). JOBS_CONCURRENCY and
 * JOBS_POLL_INTERVAL_MS pass through to the workers (the app's defaults otherwise).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DomainEvents } from '../backend/dist/common/events/domain-event.js';
import { TenantRunner } from '../backend/dist/common/tenancy/tenant-runner.js';
import { startEmbeddedPostgres } from '../backend/dist/database/embedded-postgres.js';
import { migrateDatabase } from '../backend/dist/database/migrate.js';
import { BenchEvent, bootApp, type HandledMessage, now } from './queue-app.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '100' },
    paced: { type: 'string', default: '200' },
    rate: { type: 'string', default: '50' },
    instances: { type: 'string', default: '1,2' },
    timeout: { type: 'string', default: '300' },
  },
});

function positive(name: string, raw: string | undefined, allowZero = false): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1)) throw new Error(`--${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer`);
  return value;
}

const EVENTS = positive('events', values.events);
const CONCURRENCY = positive('concurrency', values.concurrency);
const WARMUP = positive('warmup', values.warmup, true);
const PACED = positive('paced', values.paced, true);
const RATE = positive('rate', values.rate);
const INSTANCES = values.instances!.split(',').map((n) => positive('instances', n));
const DEADLINE = Date.now() + positive('timeout', values.timeout) * 1000;
const HERE = dirname(fileURLToPath(import.meta.url));

class TimedOut extends Error {}

function checkDeadline(what: string): void {
  if (Date.now() > DEADLINE) throw new TimedOut(`Timed out (--timeout ${values.timeout} s) while ${what}`);
}

async function until(what: string, done: () => boolean): Promise<void> {
  while (!done()) {
    checkDeadline(what);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

const round = (value: number, digits = 1) => +value.toFixed(digits);

// ---- workers ---------------------------------------------------------------------------------

interface Sample {
  publishedAt: number;
  committedAt?: number;
  startedAt?: number;
  pid?: number;
  handled: number;
}

const samples = new Map<string, Sample>();
let strayHandled = 0;
const children = new Set<ChildProcess>();
const stopRequested = new WeakSet<ChildProcess>();

function onHandled(message: HandledMessage): void {
  for (const [key, startedAt] of message.starts) {
    const sample = samples.get(key);
    if (!sample) {
      strayHandled++;
      continue;
    }
    sample.handled++;
    if (sample.handled === 1) {
      sample.startedAt = startedAt;
      sample.pid = message.pid;
    }
  }
}

async function startWorkers(count: number, databaseUrl: string, dataDir: string): Promise<ChildProcess[]> {
  const ready = new Set<number>();
  const started: ChildProcess[] = [];
  for (let i = 0; i < count; i++) {
    const child = fork(join(HERE, 'queue-worker.ts'), [], {
      env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, BENCH_DATA_DIR: dataDir },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.add(child);
    started.push(child);
    child.on('message', (message: { type: string; pid: number }) => {
      if (message.type === 'ready') ready.add(message.pid);
      else if (message.type === 'handled') onHandled(message as HandledMessage);
    });
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (!stopRequested.has(child)) console.error(`worker ${child.pid} exited early (code ${code}, signal ${signal})`);
    });
  }
  await until(`${count} worker(s) boot`, () => {
    const dead = started.find((child) => child.exitCode !== null || child.signalCode !== null);
    if (dead) throw new Error(`worker ${dead.pid} exited while booting`);
    return ready.size === count;
  });
  return started;
}

/** Asks each worker to stop (running jobs finish) and waits; kills the ones that do not exit in 15 s. */
async function stopWorkers(workers: ChildProcess[]): Promise<void> {
  await Promise.all(
    workers.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          stopRequested.add(child);
          const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
          child.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          if (child.connected) child.send({ type: 'stop' });
          else child.kill('SIGTERM');
        }),
    ),
  );
}

// ---- publishing ------------------------------------------------------------------------------

interface Publisher {
  organizationId: string;
  tenants: TenantRunner;
  events: DomainEvents;
}

async function publishOne(p: Publisher, key: string): Promise<void> {
  const sample: Sample = { publishedAt: now(), handled: 0 };
  samples.set(key, sample);
  await p.tenants.run(p.organizationId, ({ em }) => p.events.publish(em, new BenchEvent(p.organizationId, key)));
  sample.committedAt = now();
}

/** `count` events, `concurrency` transactions at a time, as fast as they commit. */
async function publishBurst(p: Publisher, prefix: string, count: number, concurrency: number): Promise<string[]> {
  const keys = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < keys.length) {
        checkDeadline(`publishing ${prefix}`);
        await publishOne(p, keys[next++]);
      }
    }),
  );
  return keys;
}

/** `count` events, one every 1/rate s (each in its own transaction, not waiting for the previous one). */
async function publishPaced(p: Publisher, prefix: string, count: number, rate: number): Promise<string[]> {
  const keys = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  const interval = 1000 / rate;
  const start = now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const wait = start + i * interval - now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    checkDeadline(`publishing ${prefix}`);
    inFlight.push(publishOne(p, keys[i]));
  }
  await Promise.all(inFlight);
  return keys;
}

async function allHandled(what: string, keys: string[]): Promise<void> {
  await until(`waiting for the handlers of ${what}`, () => keys.every((key) => samples.get(key)!.handled > 0));
}

function summarize(keys: string[], workers: ChildProcess[]) {
  const rows = keys.map((key) => samples.get(key)!);
  const latencies = rows.map((s) => s.startedAt! - s.committedAt!).sort((a, b) => a - b);
  const firstPublish = Math.min(...rows.map((s) => s.publishedAt));
  const lastCommit = Math.max(...rows.map((s) => s.committedAt!));
  const lastStart = Math.max(...rows.map((s) => s.startedAt!));
  const byWorker = Object.fromEntries(workers.map((child) => [String(child.pid), rows.filter((s) => s.pid === child.pid).length]));
  return {
    events: rows.length,
    publish_seconds: round((lastCommit - firstPublish) / 1000, 3),
    commits_per_second: round((rows.length * 1000) / (lastCommit - firstPublish)),
    drain_seconds: round((lastStart - firstPublish) / 1000, 3),
    events_per_second: round((rows.length * 1000) / (lastStart - firstPublish)),
    latency_ms: {
      p50: round(percentile(latencies, 0.5)),
      p90: round(percentile(latencies, 0.9)),
      p99: round(percentile(latencies, 0.99)),
      min: round(latencies[0]),
      max: round(latencies.at(-1)!),
    },
    handled_by_worker: byWorker,
  };
}

// ---- main ------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const load_before = loadavg().map((n) => round(n, 2));
  const dataDir = mkdtempSync(join(tmpdir(), 'wcrm-queue-bench-'));
  chmodSync(dataDir, 0o755); // run as root, the embedded server drops to the postgres user, which must reach its folder
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let publisherApp: Awaited<ReturnType<typeof bootApp>> | undefined;
  let admin: pg.Client | undefined;
  let organizationId: string | undefined;
  const cleanup = async () => {
    await stopWorkers([...children]);
    await publisherApp?.created.close().catch((error: Error) => console.error(`publisher close: ${error.message}`));
    if (admin && organizationId && process.env.DATABASE_URL) {
      await admin.query('delete from job_receipts where organization_id = $1', [organizationId]).catch(() => undefined);
      await admin.query('delete from organizations where id = $1', [organizationId]).catch(() => undefined);
    }
    await admin?.end().catch(() => undefined);
    await embedded?.stop().catch((error: Error) => console.error(`embedded PostgreSQL stop: ${error.message}`));
    rmSync(dataDir, { recursive: true, force: true });
  };
  let interrupted = false;
  const onSignal = () => {
    if (interrupted) return;
    interrupted = true;
    console.error('interrupted: stopping workers and the database');
    void cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    let databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) {
      const port = await freePort();
      console.log(`Starting a throw-away embedded PostgreSQL on 127.0.0.1:${port} (${dataDir})`);
      embedded = await startEmbeddedPostgres({ dataDir: join(dataDir, 'db'), port, database: 'queue_bench' });
      databaseUrl = embedded.url;
    }
    await migrateDatabase(databaseUrl);
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    organizationId = (await admin.query("insert into organizations (name) values ('Queue benchmark') returning id")).rows[0].id as string;

    publisherApp = await bootApp(databaseUrl, dataDir, false);
    const publisher: Publisher = {
      organizationId,
      tenants: publisherApp.created.app.get(TenantRunner),
      events: publisherApp.created.app.get(DomainEvents),
    };
    const jobs = publisherApp.config.jobs;

    const runs = [];
    for (const instances of INSTANCES) {
      console.log(`\n${instances} worker instance(s): starting`);
      const started = await startWorkers(instances, databaseUrl, dataDir);
      const tag = `w${instances}`;
      if (WARMUP) await allHandled('the warm-up', await publishBurst(publisher, `${tag}-warmup`, WARMUP, CONCURRENCY));
      console.log(`  burst: ${EVENTS} events, ${CONCURRENCY} transactions at a time`);
      const burstKeys = await publishBurst(publisher, `${tag}-burst`, EVENTS, CONCURRENCY);
      await allHandled('the burst', burstKeys);
      let paced: ReturnType<typeof summarize> | undefined;
      let pacedKeys: string[] = [];
      if (PACED) {
        console.log(`  paced: ${PACED} events at ${RATE}/s`);
        pacedKeys = await publishPaced(publisher, `${tag}-paced`, PACED, RATE);
        await allHandled('the paced events', pacedKeys);
      }
      await stopWorkers(started); // their last messages arrive before they exit
      const duplicates = [...burstKeys, ...pacedKeys].filter((key) => samples.get(key)!.handled > 1).length;
      const burst = summarize(burstKeys, started);
      if (PACED) paced = summarize(pacedKeys, started);
      runs.push({ instances, burst, paced, duplicate_handlings: duplicates });
    }

    const results = {
      measured_at: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu_model: cpus()[0]?.model, memory_gib: round(totalmem() / 2 ** 30, 1), load_average_before: load_before, load_average_after: loadavg().map((n) => round(n, 2)) },
      node: process.version,
      database: embedded ? 'embedded PostgreSQL (throw-away)' : 'DATABASE_URL',
      settings: {
        events: EVENTS,
        publish_concurrency: CONCURRENCY,
        warmup: WARMUP,
        paced_events: PACED,
        paced_rate_per_second: RATE,
        worker_concurrency: jobs.concurrency,
        poll_interval_ms: jobs.pollIntervalMs,
      },
      runs,
      stray_handlings: strayHandled,
    };

    const dir = join(HERE, 'results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `queue-${results.measured_at.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);

    console.log(`\nQueue benchmark: ${EVENTS} events (burst, ${CONCURRENCY} publishing at a time) and ${PACED} at ${RATE}/s (paced);`);
    console.log(`worker concurrency ${jobs.concurrency} per instance; load average before ${load_before.join(' ')}\n`);
    const table = runs.flatMap((run) =>
      [['burst', run.burst] as const, ['paced', run.paced] as const]
        .filter(([, s]) => s)
        .map(([phase, s]) => ({
          instances: run.instances,
          phase,
          'commits/s': s!.commits_per_second,
          'events/s': s!.events_per_second,
          'p50 ms': s!.latency_ms.p50,
          'p99 ms': s!.latency_ms.p99,
          'max ms': s!.latency_ms.max,
          'by worker': Object.values(s!.handled_by_worker).join(' / '),
          duplicates: run.duplicate_handlings,
        })),
    );
    console.table(table);
    console.log(`written to ${file}`);
  } finally {
    if (!interrupted) await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error instanceof TimedOut ? error.message : error.stack);
    process.exit(1);
  },
);
