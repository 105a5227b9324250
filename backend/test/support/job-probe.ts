import { Injectable, Module } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { DomainEvent, DomainEvents } from '../../src/common/events/domain-event.js';
import { type BatchOutcome, type JobAttempt, OnDomainEvent, OnDomainEvents, ScheduledTask } from '../../src/common/jobs/job-decorators.js';
import { type TenantContext, TenantRunner } from '../../src/common/tenancy/tenant-runner.js';

/** A test-only event: `mode` says how its handler behaves. */
export class ProbeEvent extends DomainEvent {
  static readonly eventName = 'probe.happened';

  constructor(
    readonly organizationId: string,
    readonly key: string,
    readonly mode: 'ok' | 'flaky' | 'broken' | 'slow' | 'stuck',
  ) {
    super();
  }
}

/** A test-only event whose handler takes many at once: `mode` says how it treats this one. */
export class BatchProbeEvent extends DomainEvent {
  static readonly eventName = 'probe.batched';

  constructor(
    readonly organizationId: string,
    readonly key: string,
    /** refused: answered as failed on its first attempt; broken: throws whenever it is handled. */
    readonly mode: 'ok' | 'refused' | 'broken',
  ) {
    super();
  }
}

/** The keys of each call of the batch handler, in order, across every app instance of the test process. */
export const BATCH_CALLS: string[][] = [];
/** The attempt ("1/2") each call of the batch handler was told, per key. */
export const BATCH_ATTEMPTS = new Map<string, string[]>();

/** How long a 'slow' probe's handler works before it writes its effect. */
export const SLOW_PROBE_MS = 5000;

let releaseStuckJobs: () => void = () => undefined;
const stuckJobsReleased = new Promise<void>((resolve) => (releaseStuckJobs = resolve));
/** Lets the 'stuck' probes' handlers return. */
export function releaseStuck(): void {
  releaseStuckJobs();
}

/** Attempts per event key, across every app instance of the test process. */
export const ATTEMPTS = new Map<string, number>();

/**
 * Handlers that observe the queue: each handling writes a row to probe_effects (created by the
 * test) in the handler's transaction, and every attempt is counted in memory.
 */
@Injectable()
export class JobProbe {
  readonly instance = randomUUID();
  readonly ticks: Date[] = [];

  constructor(
    private readonly tenants: TenantRunner,
    private readonly events: DomainEvents,
  ) {}

  /** Publishes one probe event in a transaction that commits, or that throws after publishing. */
  publish(organizationId: string, key: string, mode: ProbeEvent['mode'], rollback = false): Promise<void> {
    return this.tenants.run(organizationId, async ({ em }) => {
      await this.events.publish(em, new ProbeEvent(organizationId, key, mode));
      if (rollback) throw new Error('rolled back on purpose');
    });
  }

  @OnDomainEvent(ProbeEvent, { maxAttempts: 3 })
  async handle(event: ProbeEvent, { em }: TenantContext): Promise<void> {
    const attempt = (ATTEMPTS.get(event.key) ?? 0) + 1;
    ATTEMPTS.set(event.key, attempt);
    if (event.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, SLOW_PROBE_MS));
    // does not return until the test says (a send whose transport was closed under it): holds its transaction open
    if (event.mode === 'stuck') await stuckJobsReleased;
    await em.execute('insert into probe_effects (key, instance) values (?, ?)', [event.key, this.instance]);
    if (event.mode === 'broken') throw new Error(`probe ${event.key} is broken`);
    if (event.mode === 'flaky' && attempt < 3) throw new Error(`probe ${event.key} failed attempt ${attempt}`);
  }

  /** Publishes batch probe events, one transaction each. */
  async publishBatched(organizationId: string, events: Array<{ key: string; mode: BatchProbeEvent['mode'] }>): Promise<void> {
    for (const { key, mode } of events) {
      await this.tenants.run(organizationId, ({ em }) => this.events.publish(em, new BatchProbeEvent(organizationId, key, mode)));
    }
  }

  @OnDomainEvents(BatchProbeEvent, { batch: 10, maxAttempts: 2 })
  async handleBatch(events: BatchProbeEvent[], { em }: TenantContext, { attempt, maxAttempts }: JobAttempt): BatchOutcome<BatchProbeEvent> {
    BATCH_CALLS.push(events.map((e) => e.key));
    for (const event of events) BATCH_ATTEMPTS.set(event.key, [...(BATCH_ATTEMPTS.get(event.key) ?? []), `${attempt}/${maxAttempts}`]);
    const refused = events.filter((e) => e.mode === 'refused' && (ATTEMPTS.get(e.key) ?? 0) === 0);
    for (const event of events) ATTEMPTS.set(event.key, (ATTEMPTS.get(event.key) ?? 0) + 1);
    for (const event of events.filter((e) => !refused.includes(e))) {
      await em.execute('insert into probe_effects (key, instance) values (?, ?)', [event.key, this.instance]);
    }
    if (events.some((e) => e.mode === 'broken')) throw new Error('a broken probe in the batch');
    return refused.map((event) => ({ item: event, error: new Error(`probe ${event.key} refused`) }));
  }

  @ScheduledTask('probe.tick', '* * * * *')
  async tick(): Promise<void> {
    this.ticks.push(new Date());
  }
}

@Module({ providers: [JobProbe] })
export class JobProbeModule {}

/**
 * Waits until the queue has nothing to do now: no job taken (a handler running, whose commit may add
 * jobs) and none due that will still be tried. Whatever a handler could do twice has been done by
 * then, so an absence checked afterwards stays absent: this instead of waiting a fixed time for
 * "nothing more". `except`: tasks left out (a schedule of every minute). A retry waiting out its
 * backoff, or a job due later, does not count.
 */
export async function queueIdle(db: pg.ClientBase, { except = [] as string[], timeoutMs = 30_000 } = {}): Promise<void> {
  await eventually(
    'the queue has nothing to do',
    async () => {
      const { rows } = await db.query(
        `select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
          where t.identifier <> all($1::text[]) and j.attempts < j.max_attempts and (j.locked_at is not null or j.run_at <= now())`,
        [except],
      );
      return rows[0].n === 0;
    },
    timeoutMs,
  );
}

/** Polls `check` until it returns true; fails after `timeoutMs` with `what`. */
export async function eventually(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
