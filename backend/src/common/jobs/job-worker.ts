import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { Logger as WorkerLogger, parseCronItems, run, type Runner, type Task, type TaskList, type WorkerEvents } from 'graphile-worker';
import pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { DATABASE_URL } from '../../database/database-url.js';
import { describeError, redactText } from '../logging/redact.js';
import { TenantRunner } from '../tenancy/tenant-runner.js';
import { JobBatches } from './job-batches.js';
import { JobRegistry, type TenantTask } from './job-registry.js';
import { type JobPayload, RECEIPT_FIELD } from './jobs.js';


/** How long a stop waits for the running jobs (the app's own shutdown bound is longer). */
export const QUEUE_STOP_MS = 10_000;
/**
 * The consumer side of the durable queue: a graphile-worker pool on the app's PostgreSQL, started
 * with the app (unless JOBS_WORKER=false) and stopped with it: running jobs finish first, and the
 * ones not started stay queued for the next instance. Every job runs through the tenant runner and
 * writes its receipt in the same transaction as its effects, so a redelivered job acts once.
 *
 * A process that dies mid-job (kill -9, out of memory) leaves its jobs locked, and graphile-worker
 * would release them only after four hours. So every instance writes its worker pool's heartbeat every
 * quarter of JOBS_DEAD_WORKER_SECONDS and, in the same beat, releases the jobs of workers whose
 * heartbeat is older than that (20 s by default: a dead instance's jobs run again within 25 s): they run again on a live worker (the receipt still makes an
 * attempt that had committed act once).
 */
@Injectable()
export class JobWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private pool?: pg.Pool;
  private runner?: Runner;
  private readonly workerIds = new Set<string>();
  private heartbeat?: NodeJS.Timeout;
  /**
   * What the queue reports as it works (graphile-worker's events: a job's start and end, each
   * minute's schedule written, …), for whoever wants to watch it; the heartbeat below is one.
   */
  readonly events = new EventEmitter() as WorkerEvents;

  constructor(
    private readonly registry: JobRegistry,
    private readonly tenants: TenantRunner,
    private readonly batches: JobBatches,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.jobs.worker) return;
    this.pool = new pg.Pool({ connectionString: this.databaseUrl, max: this.config.jobs.concurrency + 2 });
    // A connection dropped by the server (restart, failover) must not crash the process.
    const lost = (error: Error) => this.logger.warn(`Queue connection lost: ${error.message}`);
    this.pool.on('error', lost);
    this.pool.on('connect', (client) => client.on('error', lost));
    const taskList: TaskList = {};
    for (const task of this.registry.tenantTasks.values()) taskList[task.task] = this.tenantTask(task);
    for (const cron of this.registry.cronTasks.values()) taskList[cron.task] = () => cron.handle();
    const cronItems = parseCronItems(
      [...this.registry.cronTasks.values()].map((cron) => ({
        task: cron.task,
        match: cron.cron,
        identifier: cron.task,
        options: { backfillPeriod: 0, maxAttempts: 3 },
      })),
    );
    const { events } = this;
    // graphile-worker locks a job under its pool's id (`locked_by`), not under the id of the
    // worker inside the pool that runs it: the heartbeat is the pool's.
    events.on('pool:create', ({ workerPool }) => {
      this.workerIds.add(workerPool.id);
      void this.beat();
    });
    this.runner = await run({
      pgPool: this.pool,
      events,
      taskList,
      parsedCronItems: cronItems,
      concurrency: this.config.jobs.concurrency,
      pollInterval: this.config.jobs.pollIntervalMs,
      noHandleSignals: true,
      preset: {
        worker: {
          // Finished jobs are completed together, a moment later: under load the queue's own
          // statement is paid per handful of jobs. A job whose completion a crash lost runs again,
          // and its receipt makes that a no-op. (No local queue: the jobs it would lock ahead could
          // not be claimed into a batch handler's transaction, see JobBatches.)
          completeJobBatchDelay: 20,
          failJobBatchDelay: 20,
        },
      },
      logger: new WorkerLogger(() => (level, message, meta) => {
        if (level === 'error' || level === 'warning') this.logger.warn(jobLogLine(message, meta));
      }),
    });
    const everyMs = Math.max(500, (this.config.jobs.deadWorkerSeconds * 1000) / 4);
    this.heartbeat = setInterval(() => void this.beat(), everyMs);
    this.heartbeat.unref();
  }

  /** Writes this instance's heartbeats, then releases the jobs of workers whose heartbeat stopped. */
  private async beat(): Promise<void> {
    if (!this.pool) return;
    try {
      await this.pool.query(
        `insert into job_worker_heartbeats (worker_id) select unnest($1::text[])
         on conflict (worker_id) do update set heartbeat_at = now()`,
        [[...this.workerIds]],
      );
      // Locked longer than the limit (a worker's heartbeat can lag its first lock by a moment) by
      // another instance's worker without a recent heartbeat. Never this instance's own: it is alive,
      // since it beats, even when its heartbeat reads late (a starved process or database can take
      // longer than the limit between the write above and this read).
      const { rows } = await this.pool.query<{ ids: string[] | null }>(
        `select array_agg(distinct j.locked_by) as ids from graphile_worker._private_jobs j
         where j.locked_by is not null and j.locked_at < now() - make_interval(secs => $1)
           and j.locked_by <> all($2::text[])
           and not exists (select 1 from job_worker_heartbeats h
                           where h.worker_id = j.locked_by and h.heartbeat_at > now() - make_interval(secs => $1))`,
        [this.config.jobs.deadWorkerSeconds, [...this.workerIds]],
      );
      const dead = rows[0]?.ids ?? [];
      if (dead.length) {
        await this.pool.query('select graphile_worker.force_unlock_workers($1::text[])', [dead]);
        this.logger.warn(`Released the jobs of stopped workers: ${dead.join(', ')}`);
      }
      await this.pool.query(`delete from job_worker_heartbeats where heartbeat_at < now() - interval '1 day'`);
    } catch (error) {
      this.logger.warn(`Queue heartbeat: ${(error as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /**
   * Stops the queue: called by the app's close before Nest's shutdown hooks (createApp), so the
   * running jobs finish while the mail transports, the live hub and the ORM are still open (the
   * mailer closes its pools in its own destroy hook: a send in flight then never returned, and the
   * stop waited for it forever). Idempotent.
   */
  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    // The running jobs finish first, for at most QUEUE_STOP_MS: a job still running then (a send
    // that never returns) is left locked, and another instance runs it again once this worker's
    // heartbeat is gone (its receipt was not committed), so a stop never waits forever.
    const stopped = this.runner?.stop().then(
      () => true,
      (error: Error) => {
        this.logger.warn(`Queue stop: ${error.message}`);
        return true;
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const bounded = stopped
      ? await Promise.race([stopped, new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), QUEUE_STOP_MS)))])
      : true;
    clearTimeout(timer);
    this.runner = undefined;
    if (!bounded) {
      this.logger.warn(`Queue stop: jobs still running after ${QUEUE_STOP_MS / 1000} s are left to the other instances`);
      return; // their connections are still in use: the process ends without waiting for them
    }
    if (this.workerIds.size) {
      await this.pool?.query('delete from job_worker_heartbeats where worker_id = any($1::text[])', [[...this.workerIds]]).catch(() => undefined);
      this.workerIds.clear();
    }
    await this.pool?.end().catch(() => undefined);
    this.pool = undefined;
  }

  private tenantTask(task: TenantTask): Task {
    return async (raw, helpers) => {
      const payload = raw as JobPayload;
      const receipt = payload[RECEIPT_FIELD];
      if (typeof payload?.organizationId !== 'string' || typeof receipt !== 'string') {
        throw new Error(`Job ${task.task} has no organization or receipt key; it cannot run`);
      }
      if (task.batch) {
        const attempt = { attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts };
        return this.batches.run(task, { payload, priority: helpers.job.priority, attempt });
      }
      await this.tenants.run(payload.organizationId, async (ctx) => {
        const first = await ctx.em.execute<{ key: string }[]>(
          'insert into job_receipts (key, organization_id, task) values (?, ?, ?) on conflict (key) do nothing returning key',
          [receipt, payload.organizationId, task.task],
        );
        if (!first.length) return; // handled before: a redelivery acts no more
        const attempt = { attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts };
        await task.handle(task.kind === 'event' ? payload.event : payload, ctx, attempt);
      });
    };
  }
}

/**
 * What a job's log line says: its id, kind, attempt and the error's class, code and (redacted)
 * message. graphile-worker's own line quotes the whole error and its stack, where a provider's
 * answer (a refused recipient's address, a number Twilio rejected) would show.
 */
export function jobLogLine(message: string, meta?: Record<string, unknown>): string {
  const job = meta?.job as { id: string; task_identifier: string; attempts: number; max_attempts: number } | undefined;
  if (!meta?.failure || !job) return redactText(message);
  return `Job ${job.id} (${job.task_identifier}) failed, attempt ${job.attempts} of ${job.max_attempts}: ${describeError(meta.error)}`;
}
