import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobRegistry } from './job-registry.js';

/** What every queued job carries: its organization, and the key that makes it act at most once. */
export interface JobPayload {
  organizationId: string;
  [key: string]: unknown;
}

export interface EnqueueOptions {
  /** Idempotency key: a second job with the same task and key never acts again. */
  key?: string;
  maxAttempts?: number;
  runAt?: Date;
  /** Lower runs first (default 0); e.g. a fan-out's many deliveries wait behind the next events' handlers. */
  priority?: number;
}

/** A job row's options as graphile-worker takes them. */
interface AddOptions {
  maxAttempts?: number;
  runAt?: Date;
  jobKey?: string;
  priority?: number;
}

/** One job row for addMany. */
export interface JobRow {
  task: string;
  payload: JobPayload;
  options: AddOptions;
}

/** Name of the payload field holding a job's receipt key (see JobWorker). */
export const RECEIPT_FIELD = '_receipt';

/**
 * The durable queue's producer side. A job is a row of graphile-worker's queue written on the
 * caller's connection: inside `em.transactional()` it commits or rolls back with the change.
 */
@Injectable()
export class Jobs {
  constructor(
    private readonly registry: JobRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async enqueue(em: EntityManager, task: string, payload: JobPayload, options: EnqueueOptions = {}): Promise<void> {
    const handler = this.registry.tenantTasks.get(task);
    if (!handler || handler.kind !== 'job') throw new Error(`No job handler is declared for ${task}`);
    const receipt = `${task}:${options.key ?? randomUUID()}`;
    await this.add(em, task, { ...payload, [RECEIPT_FIELD]: receipt }, {
      maxAttempts: options.maxAttempts ?? handler.maxAttempts,
      runAt: options.runAt,
      jobKey: options.key ? receipt : undefined,
      priority: options.priority,
    });
  }

  /**
   * Enqueues many jobs in one statement on em's transaction (a fan-out's deliveries): the same
   * receipts and keys as `enqueue`, one round trip instead of one per job.
   */
  async enqueueMany(em: EntityManager, jobs: Array<{ task: string; payload: JobPayload; options?: EnqueueOptions }>): Promise<void> {
    await this.addMany(
      em,
      jobs.map(({ task, payload, options = {} }) => {
        const handler = this.registry.tenantTasks.get(task);
        if (!handler || handler.kind !== 'job') throw new Error(`No job handler is declared for ${task}`);
        const receipt = `${task}:${options.key ?? randomUUID()}`;
        return {
          task,
          payload: { ...payload, [RECEIPT_FIELD]: receipt },
          options: { maxAttempts: options.maxAttempts ?? handler.maxAttempts, runAt: options.runAt, jobKey: options.key ? receipt : undefined, priority: options.priority },
        };
      }),
    );
  }

  /**
   * Inserts job rows in one statement on em's connection (and transaction): one round trip for
   * any number. A job key must be new (a receipt with a fresh id): graphile-worker's add_jobs
   * replaces a queued job with the same key where add_job's 'unsafe_dedupe' keeps it.
   */
  async addMany(em: EntityManager, jobs: JobRow[]): Promise<void> {
    if (!jobs.length) return;
    const { sql, params } = this.addManyExpression(jobs);
    await em.execute(`select ${sql}`, params);
  }

  /**
   * addMany's insert as an SQL expression with its `?` values, for a caller that writes the jobs
   * within a statement of its own (a create's one insert: the outbox commits with the rows). The
   * expression is volatile: a CTE holding it runs only when the statement reads it.
   */
  addManyExpression(jobs: JobRow[]): { sql: string; params: unknown[] } {
    const specs = jobs.map(({ task, payload, options }) => ({
      identifier: task,
      payload,
      run_at: options.runAt?.toISOString() ?? null,
      max_attempts: options.maxAttempts ?? this.config.jobs.maxAttempts,
      job_key: options.jobKey ?? null,
      priority: options.priority ?? 0,
    }));
    return {
      sql: 'graphile_worker.add_jobs(array(select json_populate_record(null::graphile_worker.job_spec, spec) from json_array_elements(?::json) as spec))',
      params: [JSON.stringify(specs)],
    };
  }

  /** Inserts one job row on `em`'s connection (and transaction, when it has one). */
  async add(em: EntityManager, task: string, payload: JobPayload, options: AddOptions): Promise<void> {
    await em.execute(
      `select graphile_worker.add_job(identifier => ?, payload => ?::json, run_at => ?, max_attempts => ?, job_key => ?, job_key_mode => 'unsafe_dedupe', priority => ?)`,
      [task, JSON.stringify(payload), options.runAt ?? null, options.maxAttempts ?? this.config.jobs.maxAttempts, options.jobKey ?? null, options.priority ?? 0],
    );
  }
}
