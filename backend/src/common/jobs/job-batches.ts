import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { handlerReceipt } from '../events/domain-event.js';
import { describeError } from '../logging/redact.js';
import { TenantRunner, type TenantContext } from '../tenancy/tenant-runner.js';
import { tenantSql } from '../tenancy/tenant-sql.js';
import type { TenantStatement } from '../tenancy/tenant-statement.js';
import type { BatchFailure, JobAttempt } from './job-decorators.js';
import type { EventJob, TenantTask } from './job-registry.js';
import { type JobPayload, Jobs, RECEIPT_FIELD } from './jobs.js';
import { ALONE_FIELD } from './queue-indexes.js';

/** When an item that failed in a batch is tried again on its own: the queue's first backoff, e^1 s. */
const RETRY_ALONE_MS = Math.round(Math.E * 1000);

export interface Item {
  payload: JobPayload;
  priority: number;
}

/** What the job the queue handed over says of itself. */
export interface LeadJob {
  payload: JobPayload;
  priority: number;
  attempt: JobAttempt;
}

/**
 * The lead and up to `limit` queued, never-attempted jobs of `task` and the organization, completed
 * (deleted) by the statement, as the CTE `items` (payload, priority, lead). The jobs are read in the
 * queue's order through the claim's index (queue-indexes.ts), which stops after them.
 */
function claimedItems(task: string, lead: Item, limit: number): { sql: string; params: unknown[] } {
  return {
    sql: `claimed as (
         select payload, priority from graphile_worker.complete_jobs(array(
           select j.id from graphile_worker._private_jobs j
           where j.task_id = (select t.id from graphile_worker._private_tasks t where t.identifier = ?)
             and j.is_available and j.attempts = 0 and j.run_at <= now()
             and j.payload ->> 'organizationId' = @tenant_id and j.payload ->> '${ALONE_FIELD}' is null
           order by j.priority, j.run_at, j.id
           limit ?
           for update of j skip locked))
       ), items as (
         select ?::json as payload, ?::int as priority, true as lead
         union all select payload, priority, false from claimed
       )`,
    params: [task, limit, JSON.stringify(lead.payload), lead.priority],
  };
}

/**
 * The lead and up to `limit` queued jobs of `task` (claimedItems), less those handled before: the
 * receipts of all are written in the same statement, and the items whose receipt is new come back,
 * the lead first.
 */
export function claimStatement(task: string, lead: Item, limit: number): TenantStatement {
  const items = claimedItems(task, lead, limit);
  return {
    sql: `with ${items.sql}, written as (
         insert into job_receipts (key, organization_id, task)
         select payload ->> '${RECEIPT_FIELD}', @tenant_id::uuid, ? from items
         on conflict (key) do nothing returning key
       )
       select i.payload, i.priority from items i join written w on w.key = i.payload ->> '${RECEIPT_FIELD}'
       order by i.lead desc`,
    params: [...items.params, task],
  };
}

/**
 * An event job's claim: the lead and up to `limit` queued jobs of the event (claimedItems), with the
 * receipt of each of its handlers written for each (handlerReceipt: `<eventId>:<task>`). Every item
 * comes back, the lead first, with the handlers whose receipt is new: those it has still to run.
 */
export function eventClaimStatement(job: EventJob, lead: Item, limit: number): TenantStatement {
  const items = claimedItems(job.task, lead, limit);
  const receipt = (task: string) => `(i.payload ->> 'eventId') || ':' || ${task}`;
  return {
    sql: `with ${items.sql}, written as (
         insert into job_receipts (key, organization_id, task)
         select ${receipt('h.task')}, @tenant_id::uuid, h.task from items i cross join unnest(?::text[]) as h(task)
         on conflict (key) do nothing returning key, task
       )
       select i.payload, i.priority, array(select w.task from written w where w.key = ${receipt('w.task')}) as tasks
       from items i order by i.lead desc`,
    params: [...items.params, job.handlers.map((handler) => handler.task)],
  };
}

/**
 * Runs a batch handler (`@OnDomainEvents`, `@JobBatchHandler`), and the job of an event with
 * several handlers (runEvent), which is a batch of events for each. Each item keeps its own job and
 * receipt; the job the queue hands over leads, and claims up to `batch - 1` more queued jobs of the
 * same task and organization in its transaction: their rows are completed (deleted) in it, so a
 * rollback gives every one back and a commit acts on each once, with its receipt.
 *
 * Failures stay with their item: when the handler throws for a whole batch, each item is tried on
 * its own savepoint; an item that fails (thrown, or answered as failed) has its receipt removed and
 * is queued again on its own (`_alone`, from the queue's first backoff, with the task's attempts left),
 * while the others commit. A job that runs alone (a retry, or a batch of one) fails as any job does.
 *
 * The claim reads graphile-worker's own jobs table (the public view has no payload), as the heartbeat
 * does; test/job-batches.spec.ts holds it to the queue's behaviour.
 */
@Injectable()
export class JobBatches {
  private readonly logger = new Logger('Jobs');

  constructor(
    private readonly tenants: TenantRunner,
    private readonly jobs: Jobs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(task: TenantTask, lead: LeadJob): Promise<void> {
    const { organizationId } = lead.payload;
    const earlier = Number(lead.payload[ALONE_FIELD] ?? 0);
    const alone = lead.attempt.attempt > 1 || earlier > 0;
    const attempt = { attempt: lead.attempt.attempt + earlier, maxAttempts: lead.attempt.maxAttempts + earlier };
    await this.tenants.run(organizationId, async (ctx) => {
      const items = await this.claimUnhandled(ctx.em, task, { payload: lead.payload, priority: lead.priority }, alone ? 0 : task.batch! - 1);
      if (!items.length) return; // handled before: a redelivery acts no more
      const failures = await this.handle(task, items, ctx, attempt);
      if (!failures.length) return;
      if (alone) throw failures[0].error;
      await this.retryAlone(ctx.em, task, failures, attempt);
      this.logger.warn(
        `${failures.length} of ${items.length} items of ${task.task} failed and are retried on their own: ${describeError(failures[0].error)}`,
      );
    });
  }

  /**
   * Runs an event's job (JobRegistry.EventJob): the job the queue hands over claims up to `batch - 1`
   * more queued jobs of the event and organization, as a batch handler's does, and each handler runs
   * over the events it has not handled (its receipts, written by the claim), on its own savepoint, in
   * the order they were declared. A handler's failed events have its receipts removed and are queued
   * again as that handler's own jobs (retryAlone): it is retried on its own, and the others' work
   * commits. The event's job itself fails only when the queue's work does (its claim, its commit):
   * then all is given back and it runs again alone, its handlers each on their first attempt.
   */
  async runEvent(job: EventJob, lead: LeadJob): Promise<void> {
    const alone = lead.attempt.attempt > 1;
    await this.tenants.run(lead.payload.organizationId, async (ctx) => {
      const events = await this.claimEvents(ctx.em, job, { payload: lead.payload, priority: lead.priority }, alone ? 0 : job.batch - 1);
      for (const handler of job.handlers) {
        const items = events
          .filter(({ tasks }) => tasks.includes(handler.task))
          .map(({ payload, priority }) => ({ payload: { ...payload, [RECEIPT_FIELD]: handlerReceipt(String(payload.eventId), handler.task) }, priority }));
        if (!items.length) continue; // handled before: a redelivery acts no more
        const attempt = { attempt: 1, maxAttempts: handler.maxAttempts ?? this.config.jobs.maxAttempts };
        const failures = await this.handle(handler, items, ctx, attempt, true);
        if (!failures.length) continue;
        await this.retryAlone(ctx.em, handler, failures, attempt);
        this.logger.warn(
          `${failures.length} of ${items.length} events of ${handler.task} failed and are retried on their own: ${describeError(failures[0].error)}`,
        );
      }
    });
  }

  /** eventClaimStatement on em's transaction (prepared): every event, the lead first, with the handlers it has still to run. */
  private async claimEvents(em: EntityManager, job: EventJob, lead: Item, limit: number): Promise<Array<Item & { tasks: string[] }>> {
    if (typeof lead.payload.eventId !== 'string') throw new Error(`A job of ${job.task} has no event id; it cannot run`);
    const { sql, params } = eventClaimStatement(job, lead, limit);
    const rows = await tenantSql(em).executePrepared<{ payload: JobPayload | string; priority: number; tasks: string[] }>(sql, params);
    return rows.map((row) => ({ payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload, priority: row.priority, tasks: row.tasks }));
  }

  /** claimStatement on em's transaction (prepared: every batch runs it): the items to handle, the lead first. */
  private async claimUnhandled(em: EntityManager, task: TenantTask, lead: Item, limit: number): Promise<Item[]> {
    if (typeof lead.payload[RECEIPT_FIELD] !== 'string') throw new Error(`A job of ${task.task} has no receipt key; it cannot run`);
    const { sql, params } = claimStatement(task.task, lead, limit);
    const rows = await tenantSql(em).executePrepared<{ payload: JobPayload | string; priority: number }>(sql, params);
    return rows.map((row) => ({ payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload, priority: row.priority }));
  }

  /**
   * The handler over the items: a batch handler over all of them on a savepoint and, if it throws,
   * over each on its own savepoint; a one-at-a-time handler (only in an event's job) over each on its
   * own. Outside an event's job a batch of one needs no savepoint: what it throws fails its job,
   * which the queue tries again (alone, from its first backoff, as retryAlone would). In an event's
   * job (`shared`) every handler has its savepoint, so one's failure leaves the others' work.
   */
  private async handle(task: TenantTask, items: Item[], ctx: TenantContext, attempt: JobAttempt, shared = false): Promise<BatchFailure<Item>[]> {
    const attemptOn = async (some: Item[], savepoint: boolean): Promise<BatchFailure<Item>[]> => {
      const values = some.map((item) => (task.kind === 'event' ? item.payload.event : item.payload));
      const handle = async (em: EntityManager) => {
        const tenant = { organizationId: ctx.organizationId, em };
        if (!task.batch) return void (await task.handle(values[0], tenant, attempt));
        return (await task.handle(values, tenant, attempt)) as readonly BatchFailure<unknown>[] | undefined;
      };
      const failed = await (savepoint ? ctx.em.transactional(handle) : handle(ctx.em));
      return (failed ?? []).map(({ item, error }) => ({ item: some[values.indexOf(item)], error }));
    };
    const alone = async (item: Item): Promise<BatchFailure<Item>[]> => {
      try {
        return await attemptOn([item], true);
      } catch (error) {
        return [{ item, error }];
      }
    };
    if (items.length === 1) return shared ? alone(items[0]) : attemptOn(items, false);
    if (task.batch) {
      try {
        return await attemptOn(items, true);
      } catch {
        // each on its own, below
      }
    }
    const failures: BatchFailure<Item>[] = [];
    for (const item of items) failures.push(...(await alone(item)));
    return failures;
  }

  /** Failed items: their receipts removed and each queued again on its own, on this transaction. */
  private async retryAlone(em: EntityManager, task: TenantTask, failures: BatchFailure<Item>[], made: JobAttempt): Promise<void> {
    await em.execute('delete from job_receipts where key in (select json_array_elements_text(?::json))', [JSON.stringify(failures.map((f) => f.item.payload[RECEIPT_FIELD]))]);
    const runAt = new Date(Date.now() + RETRY_ALONE_MS);
    await this.jobs.addMany(
      em,
      failures.map(({ item }) => ({
        task: task.task,
        payload: { ...item.payload, [ALONE_FIELD]: made.attempt },
        // the attempts left of the task's, so that the batch's counts as the first
        options: { maxAttempts: Math.max(1, made.maxAttempts - made.attempt), priority: item.priority, runAt },
      })),
    );
  }
}
