import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { describeError } from '../logging/redact.js';
import { TenantRunner, type TenantContext } from '../tenancy/tenant-runner.js';
import { tenantSql } from '../tenancy/tenant-sql.js';
import type { BatchFailure, JobAttempt } from './job-decorators.js';
import type { TenantTask } from './job-registry.js';
import { type JobPayload, Jobs, RECEIPT_FIELD } from './jobs.js';

/**
 * Marks a job that runs on its own: a retry of an item that failed in a batch. Its value is the
 * attempts already made in the batch, so the handler sees the attempt it is on (an SMS retry looks
 * for its text at Twilio before sending; a confirmation's last attempt marks it failed).
 */
export const ALONE_FIELD = '_alone';
/** When an item that failed in a batch is tried again on its own: the queue's first backoff, e^1 s. */
const RETRY_ALONE_MS = Math.round(Math.E * 1000);

interface Item {
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
      const claimed = alone ? [] : await this.claim(ctx.em, task, task.batch! - 1);
      const items = await this.unhandled(ctx.em, task, organizationId, [{ payload: lead.payload, priority: lead.priority }, ...claimed]);
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

  /** Up to `limit` queued, never-attempted jobs of the task and em's organization, completed in this transaction. */
  private async claim(em: EntityManager, task: TenantTask, limit: number): Promise<Item[]> {
    if (limit < 1) return [];
    const rows = await tenantSql(em).execute<Array<{ payload: JobPayload; priority: number }>>(
      `select payload, priority from graphile_worker.complete_jobs(array(
         select j.id from graphile_worker._private_jobs j
         where j.task_id = (select t.id from graphile_worker._private_tasks t where t.identifier = ?)
           and j.is_available and j.attempts = 0 and j.run_at <= now()
           and j.payload ->> 'organizationId' = @tenant_id and j.payload ->> '${ALONE_FIELD}' is null
         order by j.priority, j.run_at, j.id
         limit ?
         for update of j skip locked))`,
      [task.task, limit],
    );
    return rows.map((row) => ({ payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload, priority: row.priority }));
  }

  /** The items without a receipt, whose receipts are written now (one statement for all). */
  private async unhandled(em: EntityManager, task: TenantTask, organizationId: string, items: Item[]): Promise<Item[]> {
    const receipts = items.map((item) => item.payload[RECEIPT_FIELD]);
    if (receipts.some((key) => typeof key !== 'string')) throw new Error(`A job of ${task.task} has no receipt key; it cannot run`);
    const written = await em.execute<Array<{ key: string }>>(
      'insert into job_receipts (key, organization_id, task) select key, ?, ? from json_array_elements_text(?::json) as key on conflict (key) do nothing returning key',
      [organizationId, task.task, JSON.stringify(receipts)],
    );
    const fresh = new Set(written.map((row) => row.key));
    return items.filter((item) => fresh.delete(item.payload[RECEIPT_FIELD] as string));
  }

  /** The handler over all items on a savepoint; if it throws, each item on its own savepoint. */
  private async handle(task: TenantTask, items: Item[], ctx: TenantContext, attempt: JobAttempt): Promise<BatchFailure<Item>[]> {
    const attemptOn = async (some: Item[]): Promise<BatchFailure<Item>[]> => {
      const values = some.map((item) => (task.kind === 'event' ? item.payload.event : item.payload));
      const failed = (await ctx.em.transactional((em) => task.handle(values, { organizationId: ctx.organizationId, em }, attempt))) as
        | readonly BatchFailure<unknown>[]
        | undefined;
      return (failed ?? []).map(({ item, error }) => ({ item: some[values.indexOf(item)], error }));
    };
    try {
      return await attemptOn(items);
    } catch (error) {
      if (items.length === 1) return [{ item: items[0], error }];
      const failures: BatchFailure<Item>[] = [];
      for (const item of items) {
        try {
          failures.push(...(await attemptOn([item])));
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
