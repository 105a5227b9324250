import 'reflect-metadata';
import cluster, { type Worker } from 'node:cluster';
import { setPriority } from 'node:os';
import { Logger } from '@nestjs/common';
import type { CreatedApp } from './bootstrap.js';
import { StartupLogger } from './common/logging/startup-logger.js';
import { type AppConfig, ConfigError, httpProcessConfig, jobProcessConfig, jobsInOwnProcess, loadConfig } from './config/config.js';
import { EMBEDDED_DATABASE, type EmbeddedDatabase, startEmbeddedPostgres } from './database/embedded-postgres.js';
import { migrateDatabase } from './database/migrate.js';
import type { DemoCredentials } from './dev/seed-demo.js';

// Nest's start-up lines (a module, a controller, a route each) stay out of the log: it ends with
// where to sign in (issue 34).
Logger.overrideLogger(new StartupLogger());
/** What a worker process of this instance does: serve HTTP, or work the queue (JOBS_SEPARATE_PROCESS). */
type Role = 'http' | 'jobs';
const WORKER_ROLE = 'WCRM_WORKER_ROLE';
const role: Role = process.env[WORKER_ROLE] === 'jobs' ? 'jobs' : 'http';
const logger = new Logger(cluster.isWorker ? (role === 'jobs' ? 'Jobs' : `Worker ${cluster.worker?.id}`) : 'Main');

/** How long a shutdown may take at most (the queue's own stop gives up after 10 s). */
const SHUTDOWN_LIMIT_MS = 30_000;

/** How long the main process waits for its HTTP workers to finish their requests on shutdown. */
const WORKER_STOP_MS = 15_000;

/**
 * The main process starts the embedded PostgreSQL (unless DATABASE_URL is set) and migrates, then
 * serves HTTP itself, or with WEB_CONCURRENCY > 1 forks that many workers that share the port
 * (node:cluster), restarts one that dies, and stops them before the database on SIGTERM. Every
 * worker is a full instance (API, job worker, schedules), as separate machines would be: the queue,
 * the sessions and the live events already work across instances through PostgreSQL. With
 * JOBS_SEPARATE_PROCESS (production's default) the queue is worked by one more worker of its own at
 * the lowest CPU priority instead, and the HTTP servers only enqueue.
 */
async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  // The lines written before the app exists (embedded PostgreSQL, migrations) are redacted too.
  Logger.overrideLogger(new StartupLogger(config.logLevel));
  if (cluster.isWorker) return serveWorker(config);

  let embedded: EmbeddedDatabase | undefined;
  let created: CreatedApp | undefined;
  let stopping = false;
  // The app and its connections (HTTP, the queue's worker and LISTEN clients, the pools) close
  // before the embedded PostgreSQL stops, which runs in its own process group: Ctrl-C reaches this
  // process only, and nothing is cut off under the app (issue 34).
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received, shutting down`);
    // A stop never hangs: whatever still holds on after SHUTDOWN_LIMIT_MS, the process ends.
    setTimeout(() => {
      logger.error(`Shutdown took longer than ${SHUTDOWN_LIMIT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    await stopWorkers();
    await created?.close().catch((error: Error) => logger.error(error.message));
    await embedded?.stop().catch((error: Error) => logger.error(error.message));
    logger.log('Stopped');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));

  if (!config.databaseUrl) {
    logger.log(`Starting embedded PostgreSQL (data in ${config.dataDir})`);
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPostgresPort,
      database: EMBEDDED_DATABASE,
      orderedShutdown: true,
    });
  }
  const databaseUrl = config.databaseUrl ?? embedded!.url;

  const applied = await migrateDatabase(databaseUrl);
  if (applied.length) logger.log(`Database migrated: ${applied.length} migration${applied.length === 1 ? '' : 's'} applied, the last ${applied.at(-1)}`);

  const workers = forkWorkers(config, databaseUrl, () => stopping);
  if (config.webConcurrency > 1) {
    // The first worker seeds the demo data (once, like a single process would) and says where to sign in.
    for (let i = 0; i < config.webConcurrency; i++) workers.fork('http', i === 0 && config.seedDemo);
    if (jobsInOwnProcess(config)) workers.fork('jobs', false);
    return;
  }
  if (jobsInOwnProcess(config)) workers.fork('jobs', false);
  created = await createApp(httpProcessConfig(config), databaseUrl);
  await seedAndListen(config, created, config.seedDemo);
}

/**
 * The app's modules are loaded by the processes that run the app, not by a main process that only
 * starts the database and forks workers (WEB_CONCURRENCY > 1, the queue apart): there they would
 * cost it about a second of CPU at every start and some 100 MB for as long as it runs.
 */
async function createApp(config: AppConfig, databaseUrl: string): Promise<CreatedApp> {
  const bootstrap = await import('./bootstrap.js');
  return bootstrap.createApp(config, databaseUrl);
}

async function seedDemo(created: CreatedApp): Promise<DemoCredentials | undefined> {
  const [{ seedDemoIfEmpty }, { TenantRunner }] = await Promise.all([import('./dev/seed-demo.js'), import('./common/tenancy/tenant-runner.js')]);
  return seedDemoIfEmpty(created.orm.em, created.app.get(TenantRunner));
}

async function seedAndListen(config: AppConfig, created: CreatedApp, seed: boolean): Promise<void> {
  const demo = seed ? await seedDemo(created) : undefined;
  await created.app.listen(config.port, config.host);
  // With several HTTP workers, the first one says it for all of them.
  if (cluster.isWorker && cluster.worker?.id !== 1) return;
  logger.log(`Warranty CRM is serving (API docs at ${config.publicBaseUrl}/api/docs)`);
  console.log(signInLines(config.publicBaseUrl, demo).join('\n'));
}

/** The log's last lines: where to sign in, and as whom when the demo organization was just created. */
function signInLines(publicBaseUrl: string, demo: DemoCredentials | undefined): string[] {
  if (!demo) return ['', `  Sign in at ${publicBaseUrl}`];
  return [
    '',
    '  Demo organization created; its password is shown only this once.',
    `  Sign in at ${publicBaseUrl}`,
    `    username: ${demo.username}`,
    `    password: ${demo.password}`,
  ];
}

/** Environment a worker adds to the main process's own: the database the main process prepared. */
const WORKER_DATABASE_URL = 'WCRM_WORKER_DATABASE_URL';
const WORKER_SEEDS = 'WCRM_WORKER_SEEDS';

/** Forks the worker processes asked for, each with its role, and replaces one that dies with another of its role. */
function forkWorkers(config: AppConfig, databaseUrl: string, stopping: () => boolean): { fork(role: Role, seeds: boolean): Worker } {
  const roles = new Map<number, Role>();
  const fork = (role: Role, seeds: boolean): Worker => {
    const worker = cluster.fork({ [WORKER_DATABASE_URL]: databaseUrl, [WORKER_SEEDS]: seeds ? '1' : '0', [WORKER_ROLE]: role });
    roles.set(worker.id, role);
    if (role === 'jobs') lowerPriority(worker, config.jobs.nice);
    return worker;
  };
  cluster.on('exit', (worker, code, signal) => {
    const was = roles.get(worker.id) ?? 'http';
    roles.delete(worker.id);
    if (stopping()) return;
    logger.error(`${was === 'jobs' ? 'The job worker' : `HTTP worker ${worker.id}`} exited (${signal ?? code}); starting another`);
    setTimeout(() => fork(was, false), 1000).unref();
  });
  return { fork };
}

/** The job process yields the CPU to the HTTP servers and PostgreSQL: it gets what they leave. */
function lowerPriority(worker: Worker, nice: number): void {
  try {
    if (worker.process.pid) setPriority(worker.process.pid, nice);
  } catch (error) {
    logger.warn(`The job worker keeps the normal CPU priority: ${(error as Error).message}`);
  }
}

async function stopWorkers(): Promise<void> {
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
  if (!workers.length) return;
  const exited = workers.map((w) => new Promise<void>((resolve) => (w.isDead() ? resolve() : w.once('exit', () => resolve()))));
  for (const w of workers) w.process.kill('SIGTERM');
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, WORKER_STOP_MS).unref());
  await Promise.race([Promise.all(exited), timeout]);
  for (const w of workers) if (!w.isDead()) w.process.kill('SIGKILL');
}

async function serveWorker(config: AppConfig): Promise<void> {
  let created: CreatedApp | undefined;
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await created?.close().catch((error: Error) => logger.error(error.message));
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  // Ctrl+C (and a closed terminal's SIGHUP) reach the whole process group: the main process stops
  // the workers in order.
  process.on('SIGINT', () => undefined);
  process.on('SIGHUP', () => undefined);
  const databaseUrl = process.env[WORKER_DATABASE_URL]!;
  if (role === 'jobs') {
    // no port: the app's modules, its job worker and schedules
    created = await createApp(jobProcessConfig(config), databaseUrl);
    await created.app.init();
    logger.log(`Working the queue (${config.jobs.concurrency} at once, nice ${config.jobs.nice})`);
    return;
  }
  created = await createApp(httpProcessConfig(config), databaseUrl);
  await seedAndListen(config, created, process.env[WORKER_SEEDS] === '1');
}

main().catch((error: Error) => {
  logger.error(error.message, error.stack);
  process.exit(1);
});
