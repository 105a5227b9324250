import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { Announcement } from '../live/live-hub.js';
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

/**
 * The announcement (LiveHub.announce) that wakes the queue's workers for jobs written quietly
 * (Jobs.outboxStatement): graphile-worker's own channel and payload, as add_jobs sends them; the
 * items are the counts of jobs, summed.
 */
export function queueWake(jobs: number): Announcement {
  return {
    channel: 'jobs:insert',
    item: String(jobs),
    payload: (items) => JSON.stringify({ count: items.reduce((sum, item) => sum + Number(item), 0) }),
  };
}

/** Name of the payload field holding a job's receipt key (see JobWorker). */
export const RECEIPT_FIELD = '_receipt';

/**
 * The durable queue's producer side. A job is a row of graphile-worker's queue written on the
 * caller's connection: inside `em.transactional()` it commits or rolls back with the change.
 */
@Injectable()
export class Jobs implements OnApplicationBootstrap {
  constructor(
    private readonly em: EntityManager,
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
    const { sql, params } = this.outboxStatement(jobs, false);
    await em.execute(sql, params);
  }

  /**
   * addMany's insert as a statement with its `?` values, for a caller that writes the jobs within
   * a statement of its own as a CTE (a create's one insert: the outbox commits with the rows);
   * `count(*)` of the CTE is the number of jobs written.
   *
   * `quiet` (answered: whether it was done): the rows go into graphile-worker's table without
   * add_jobs, whose NOTIFY would take PostgreSQL's one notification-queue lock at the commit and
   * hold it through the commit's flush, queueing every create's commit behind the one before. The
   * caller then announces the jobs after its commit (queueWake): the workers are woken as add_jobs
   * would wake them, and poll (jobs.pollIntervalMs) should that announcement be lost. Only for rows
   * add_jobs would insert as they are (no job key, queue or flags), of tasks every instance
   * registers at start (onApplicationBootstrap).
   */
  outboxStatement(jobs: JobRow[], quiet: boolean): { sql: string; params: unknown[]; quiet: boolean } {
    const specs = jobs.map(({ task, payload, options }) => ({
      identifier: task,
      payload,
      run_at: options.runAt?.toISOString() ?? null,
      max_attempts: options.maxAttempts ?? this.config.jobs.maxAttempts,
      job_key: options.jobKey ?? null,
      priority: options.priority ?? 0,
    }));
    if (quiet && specs.every((spec) => spec.job_key === null)) {
      return {
        // A task not registered gives a null task_id, which the table refuses: the statement fails, nothing is lost.
        sql: `insert into graphile_worker._private_jobs (task_id, payload, run_at, max_attempts, priority)
  select (select t.id from graphile_worker._private_tasks t where t.identifier = s.identifier), s.payload, coalesce(s.run_at, now()), s.max_attempts, s.priority
    from json_to_recordset(?::json) as s(identifier text, payload json, run_at timestamptz, max_attempts smallint, priority smallint)
  returning id`,
        params: [JSON.stringify(specs)],
        quiet: true,
      };
    }
    return {
      sql: 'select graphile_worker.add_jobs(array(select json_populate_record(null::graphile_worker.job_spec, spec) from json_array_elements(?::json) as spec))',
      params: [JSON.stringify(specs)],
      quiet: false,
    };
  }

  /**
   * Registers every task this instance declares in graphile-worker's tasks table, as its worker
   * does when it starts: a quiet outbox insert (outboxStatement) finds its task's id there, even
   * before any worker has started on a new database.
   */
  async onApplicationBootstrap(): Promise<void> {
    const tasks = [...this.registry.tenantTasks.keys()];
    if (!tasks.length) return;
    await this.em.getConnection().execute(
      'insert into graphile_worker._private_tasks (identifier) select json_array_elements_text(?::json) on conflict (identifier) do nothing',
      [JSON.stringify(tasks)],
    );
  }

  /** Inserts one job row on `em`'s connection (and transaction, when it has one). */
  async add(em: EntityManager, task: string, payload: JobPayload, options: AddOptions): Promise<void> {
    await em.execute(
      `select graphile_worker.add_job(identifier => ?, payload => ?::json, run_at => ?, max_attempts => ?, job_key => ?, job_key_mode => 'unsafe_dedupe', priority => ?)`,
      [task, JSON.stringify(payload), options.runAt ?? null, options.maxAttempts ?? this.config.jobs.maxAttempts, options.jobKey ?? null, options.priority ?? 0],
    );
  }
}
