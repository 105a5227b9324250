import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { describeError } from '../logging/redact.js';
import { TenantRunner, type TenantContext } from '../tenancy/tenant-runner.js';
import { tenantSql } from '../tenancy/tenant-sql.js';
import type { TenantStatement } from '../tenancy/tenant-statement.js';
import type { BatchFailure, JobAttempt } from './job-decorators.js';
import type { TenantTask } from './job-registry.js';
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
 * (deleted) by the statement, less those handled before: the receipts of all are written in the same
 * statement, and the items whose receipt is new come back, the lead first. The jobs are read in the
 * queue's order through the claim's index (queue-indexes.ts), which stops after them.
 */
export function claimStatement(task: string, lead: Item, limit: number): TenantStatement {
  return {
    sql: `with claimed as (
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
       ), written as (
         insert into job_receipts (key, organization_id, task)
         select payload ->> '${RECEIPT_FIELD}', @tenant_id::uuid, ? from items
         on conflict (key) do nothing returning key
       )
       select i.payload, i.priority from items i join written w on w.key = i.payload ->> '${RECEIPT_FIELD}'
       order by i.lead desc`,
    params: [task, limit, JSON.stringify(lead.payload), lead.priority, task],
  };
}

/**
 * Runs a batch handler (`@OnDomainEvents`, `@JobBatchHandler`). Each item keeps its own job and
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

  /** claimStatement on em's transaction (prepared: every batch runs it): the items to handle, the lead first. */
  private async claimUnhandled(em: EntityManager, task: TenantTask, lead: Item, limit: number): Promise<Item[]> {
    if (typeof lead.payload[RECEIPT_FIELD] !== 'string') throw new Error(`A job of ${task.task} has no receipt key; it cannot run`);
    const { sql, params } = claimStatement(task.task, lead, limit);
    const rows = await tenantSql(em).executePrepared<{ payload: JobPayload | string; priority: number }>(sql, params);
    return rows.map((row) => ({ payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload, priority: row.priority }));
  }

  /**
   * The handler over all items on a savepoint; if it throws, each item on its own savepoint. A
   * batch of one needs none: what it throws fails its job, which the queue tries again (alone, from
   * its first backoff, as retryAlone would).
   */
  private async handle(task: TenantTask, items: Item[], ctx: TenantContext, attempt: JobAttempt): Promise<BatchFailure<Item>[]> {
    const attemptOn = async (some: Item[], savepoint: boolean): Promise<BatchFailure<Item>[]> => {
      const values = some.map((item) => (task.kind === 'event' ? item.payload.event : item.payload));
      const handle = (em: EntityManager) => task.handle(values, { organizationId: ctx.organizationId, em }, attempt);
      const failed = (await (savepoint ? ctx.em.transactional(handle) : handle(ctx.em))) as readonly BatchFailure<unknown>[] | undefined;
      return (failed ?? []).map(({ item, error }) => ({ item: some[values.indexOf(item)], error }));
    };
    if (items.length === 1) return attemptOn(items, false);
    try {
      return await attemptOn(items, true);
    } catch {
      const failures: BatchFailure<Item>[] = [];
      for (const item of items) {
        try {
          failures.push(...(await attemptOn([item], true)));
        } catch (itemError) {
          failures.push({ item, error: itemError });
        }
      }
      return failures;
    }
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
