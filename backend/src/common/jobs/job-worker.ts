import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Logger as WorkerLogger, parseCronItems, run, type Runner, type Task, type TaskList } from 'graphile-worker';
import pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { DATABASE_URL } from '../../database/database-url.js';
import { TenantRunner } from '../tenancy/tenant-runner.js';
import { JobRegistry, type TenantTask } from './job-registry.js';
import { type JobPayload, RECEIPT_FIELD } from './jobs.js';

/**
 * The consumer side of the durable queue: a graphile-worker pool on the app's PostgreSQL, started
 * with the app (unless JOBS_WORKER=false) and stopped with it: running jobs finish first, and the
 * ones not started stay queued for the next instance. Every job runs through the tenant runner and
 * writes its receipt in the same transaction as its effects, so a redelivered job acts once.
 */
@Injectable()
export class JobWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private pool?: pg.Pool;
  private runner?: Runner;

  constructor(
    private readonly registry: JobRegistry,
    private readonly tenants: TenantRunner,
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
    this.runner = await run({
      pgPool: this.pool,
      taskList,
      parsedCronItems: cronItems,
      concurrency: this.config.jobs.concurrency,
      pollInterval: this.config.jobs.pollIntervalMs,
      noHandleSignals: true,
      logger: new WorkerLogger(() => (level, message) => {
        if (level === 'error' || level === 'warning') this.logger.warn(message);
      }),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runner?.stop().catch((error: Error) => this.logger.warn(`Queue stop: ${error.message}`));
    this.runner = undefined;
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
