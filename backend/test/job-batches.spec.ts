import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registerOwner, type SignedIn } from './factories/users.js';
import { ATTEMPTS, BATCH_ATTEMPTS, BATCH_CALLS, eventually, JobProbe, JobProbeModule, PAIRED_ATTEMPTS, PAIRED_BATCH_CALLS } from './support/job-probe.js';
import { claimStatement, eventClaimStatement } from '../src/common/jobs/job-batches.js';
import type { EventJob } from '../src/common/jobs/job-registry.js';
import { planNodes, planOf } from './support/plans.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Batch handlers (@OnDomainEvents): each event keeps its own job and receipt, and the job the
 * queue hands over claims the organization's other queued jobs of the handler, up to the batch
 * size, into one transaction. Events are published by an instance without a worker, then an
 * instance with one takes the queue.
 */
const QUEUE_ENV = { JOBS_POLL_INTERVAL_MS: '200' };
/** One job at a time, so the batches a backlog makes are known. */
const WORKER_ENV = { ...QUEUE_ENV, JOBS_CONCURRENCY: '1' };
const TASK = 'event:probe.batched:JobProbe.handleBatch';

let publisher: TestApp;
let worker: TestApp | undefined;
let owner: SignedIn;
let probe: JobProbe;

beforeAll(async () => {
  publisher = await startTestApp({ ...QUEUE_ENV, JOBS_WORKER: 'false' }, { imports: [JobProbeModule] });
  await publisher.db.query('create table probe_effects (key text not null, instance text not null)');
  probe = publisher.created.app.get(JobProbe);
  owner = await registerOwner(publisher);
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await publisher?.close();
});

async function effects(prefix: string): Promise<Map<string, number>> {
  const { rows } = await publisher.db.query('select key, count(*)::int as n from probe_effects where key like $1 group by key', [`${prefix}%`]);
  return new Map(rows.map((r) => [r.key as string, r.n as number]));
}

async function queued(prefix: string): Promise<Array<{ attempts: number; last_error: string | null; alone: boolean }>> {
  const { rows } = await publisher.db.query(
    `select attempts, last_error, payload ->> '_alone' is not null as alone from graphile_worker._private_jobs where payload -> 'event' ->> 'key' like $1`,
    [`${prefix}%`],
  );
  return rows;
}

const keys = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(2, '0')}`);

describe('a batch handler', () => {
  it('handles a backlog in batches of at most its size, each event once, and leaves no job behind', async () => {
    const all = keys('burst-', 35);
    await probe.publishBatched(owner.user.organization_id, all.map((key) => ({ key, mode: 'ok' as const })));
    expect(await queued('burst-')).toHaveLength(35);

    worker = await startTestApp(WORKER_ENV, { imports: [JobProbeModule], databaseUrl: publisher.databaseUrl });
    await eventually('every event was handled', async () => (await effects('burst-')).size === 35, 30_000);
    await eventually('no job is left', async () => (await queued('burst-')).length === 0);
    expect([...(await effects('burst-')).values()].every((n) => n === 1)).toBe(true);
    const calls = BATCH_CALLS.filter((call) => call.some((key) => key.startsWith('burst-')));
    expect(calls.flat().sort()).toEqual(all);
    expect(calls.map((call) => call.length)).toEqual([10, 10, 10, 5]);
    // Each event's receipt, written once.
    const receipts = await publisher.db.query('select count(*)::int as n from job_receipts where task = $1', [TASK]);
    expect(receipts.rows[0].n).toBe(35);
  }, 60_000);

  it('lets the others of a batch through when one throws, and retries that one on its own until its attempts run out', async () => {
    await worker!.close();
    worker = undefined;
    const ok = keys('mixed-', 6);
    await probe.publishBatched(owner.user.organization_id, [...ok.slice(0, 3).map((key) => ({ key, mode: 'ok' as const })), { key: 'mixed-broken', mode: 'broken' }, ...ok.slice(3).map((key) => ({ key, mode: 'ok' as const }))]);
    worker = await startTestApp(WORKER_ENV, { imports: [JobProbeModule], databaseUrl: publisher.databaseUrl });

    await eventually('the others were handled', async () => (await effects('mixed-')).size === 6, 30_000);
    // The broken one is retried alone (a job of its own), and kept as failed after its 2 attempts (1 in the batch).
    await eventually('the broken one is kept as failed', async () => {
      const rows = await queued('mixed-broken');
      return rows.length === 1 && rows[0].attempts === 1 && rows[0].alone && (rows[0].last_error ?? '').includes('a broken probe in the batch');
    }, 30_000);
    const found = await effects('mixed-');
    expect([...found.keys()].sort()).toEqual(ok);
    expect([...found.values()].every((n) => n === 1)).toBe(true);
    // The batch that held it, then the broken one alone.
    const calls = BATCH_CALLS.filter((call) => call.includes('mixed-broken'));
    expect(calls.map((call) => call.length)).toEqual([7, 1, 1]);
    // The batch, its own savepoint in that same attempt, then its retry: told it is the second and last.
    expect(BATCH_ATTEMPTS.get('mixed-broken')).toEqual(['1/2', '1/2', '2/2']);
  }, 60_000);

  it('retries an item the handler answered as failed on its own, and commits the rest of its batch', async () => {
    await worker!.close();
    worker = undefined;
    const ok = keys('refusal-', 4);
    await probe.publishBatched(owner.user.organization_id, [{ key: 'refusal-no', mode: 'refused' }, ...ok.map((key) => ({ key, mode: 'ok' as const }))]);
    worker = await startTestApp(WORKER_ENV, { imports: [JobProbeModule], databaseUrl: publisher.databaseUrl });

    await eventually('all five were handled', async () => (await effects('refusal-')).size === 5, 30_000);
    await eventually('no job is left', async () => (await queued('refusal-')).length === 0);
    expect([...(await effects('refusal-')).values()].every((n) => n === 1)).toBe(true);
    expect(ATTEMPTS.get('refusal-no')).toBe(2);
    expect(BATCH_CALLS.filter((call) => call.includes('refusal-no')).map((call) => call.length)).toEqual([5, 1]);
    // Its retry knows it is one (an SMS retry looks for its text at Twilio before sending again).
    expect(BATCH_ATTEMPTS.get('refusal-no')).toEqual(['1/2', '2/2']);
  }, 60_000);
});

const PAIRED_EVENT = 'event:probe.paired';
const PAIRED_BATCH = 'event:probe.paired:JobProbe.handlePairedBatch';
const PAIRED_ONE = 'event:probe.paired:JobProbe.handlePairedOne';

/** The queued or failed jobs of the paired events whose key starts with `prefix`, by task. */
async function pairedJobs(prefix: string): Promise<Array<{ task: string; attempts: number; max_attempts: number; last_error: string | null; alone: boolean }>> {
  const { rows } = await publisher.db.query(
    `select t.identifier as task, j.attempts, j.max_attempts, j.last_error, j.payload ->> '_alone' is not null as alone
       from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier like 'event:probe.paired%' and j.payload -> 'event' ->> 'key' like $1`,
    [`${prefix}%`],
  );
  return rows;
}

describe('an event with several handlers', () => {
  it('is published as one job, in which each handler handles it once, a batch handler in batches of its size', async () => {
    await worker?.close();
    worker = undefined;
    const organizationId = owner.user.organization_id;
    const all = keys('pair-', 12);
    await probe.publishPaired(organizationId, all.map((key) => ({ key, mode: 'ok' as const })));
    expect((await pairedJobs('pair-')).map((job) => job.task)).toEqual(all.map(() => PAIRED_EVENT));

    worker = await startTestApp(WORKER_ENV, { imports: [JobProbeModule], databaseUrl: publisher.databaseUrl });
    await eventually('both handlers handled every event', async () => (await effects('batch:pair-')).size === 12 && (await effects('one:pair-')).size === 12, 30_000);
    await eventually('no job is left', async () => (await pairedJobs('pair-')).length === 0);
    for (const side of ['batch', 'one']) {
      const found = await effects(`${side}:pair-`);
      expect([...found.keys()].sort()).toEqual(all.map((key) => `${side}:${key}`));
      expect([...found.values()].every((n) => n === 1)).toBe(true);
    }
    // The event's jobs claimed in batches of the batch handler's size; the other handler took each on its own in them.
    expect(PAIRED_BATCH_CALLS.filter((call) => call.some((key) => key.startsWith('pair-'))).map((call) => call.length)).toEqual([5, 5, 2]);
    expect(all.every((key) => PAIRED_ATTEMPTS.get(`one:${key}`)?.join() === '1/2')).toBe(true);
    // A receipt per event and handler.
    const receipts = await publisher.db.query('select task, count(*)::int as n from job_receipts where task like $1 group by task order by task', ['event:probe.paired%']);
    expect(receipts.rows).toEqual([{ task: PAIRED_BATCH, n: 12 }, { task: PAIRED_ONE, n: 12 }]);

    // The same event's job delivered again (a crash between its commit and the queue's completion): no handler acts again.
    const [{ key }] = (await publisher.db.query('select key from job_receipts where task = $1 limit 1', [PAIRED_ONE])).rows;
    const eventId = (key as string).slice(0, (key as string).indexOf(':'));
    const seen = (await publisher.db.query('select count(*)::int as n from probe_effects')).rows[0].n as number;
    await publisher.db.query('select graphile_worker.add_job($1, $2::json)', [
      PAIRED_EVENT,
      JSON.stringify({ organizationId, eventId, event: { organizationId, key: 'pair-again', mode: 'ok' } }),
    ]);
    await eventually('the redelivered job was taken', async () => (await pairedJobs('pair-again')).length === 0);
    expect((await publisher.db.query('select count(*)::int as n from probe_effects')).rows[0].n).toBe(seen);
  }, 60_000);

  it("retries a handler that failed on its own, as that handler's job, and keeps the other handler's work", async () => {
    await worker!.close();
    worker = undefined;
    await probe.publishPaired(owner.user.organization_id, [
      { key: 'mix-00', mode: 'ok' },
      { key: 'mix-flaky', mode: 'one-flaky' },
      { key: 'mix-broken', mode: 'batch-broken' },
      { key: 'mix-01', mode: 'ok' },
    ]);
    worker = await startTestApp(WORKER_ENV, { imports: [JobProbeModule], databaseUrl: publisher.databaseUrl });

    await eventually('the one-at-a-time handler handled all four, the flaky one on its retry', async () => (await effects('one:mix-')).size === 4, 30_000);
    // The batch handler's broken event is retried alone, as the handler's own job, and kept as failed after its 2 attempts (1 in the event's job).
    await eventually('the broken one is kept as failed', async () => {
      const jobs = await pairedJobs('mix-');
      return jobs.length === 1 && jobs[0].task === PAIRED_BATCH && jobs[0].alone && jobs[0].attempts === 1 && jobs[0].max_attempts === 1
        && (jobs[0].last_error ?? '').includes('a broken paired probe in the batch');
    }, 30_000);
    expect(Object.fromEntries(await effects('batch:mix-'))).toEqual({ 'batch:mix-00': 1, 'batch:mix-flaky': 1, 'batch:mix-01': 1 });
    expect(Object.fromEntries(await effects('one:mix-'))).toEqual({ 'one:mix-00': 1, 'one:mix-flaky': 1, 'one:mix-broken': 1, 'one:mix-01': 1 });
    // The batch, each on its own savepoint in the same job, then the broken one's retry.
    expect(PAIRED_BATCH_CALLS.filter((call) => call.includes('mix-broken')).map((call) => call.length)).toEqual([4, 1, 1]);
    expect(PAIRED_ATTEMPTS.get('batch:mix-broken')).toEqual(['1/2', '1/2', '2/2']);
    // The flaky one's first attempt in the event's job, its retry as the handler's own job, told it is the second.
    expect(PAIRED_ATTEMPTS.get('one:mix-flaky')).toEqual(['1/2', '2/2']);
    expect(PAIRED_ATTEMPTS.get('one:mix-broken')).toEqual(['1/2']);
  }, 60_000);
});

describe("a batch's claim (issue 33)", () => {
  it("reads its task's queued jobs in the queue's order through its index and stops after the batch, however long the backlog", async () => {
    const organizationId = owner.user.organization_id;
    const tasks = ['probe.claim.a', 'probe.claim.b', 'probe.claim.c'];
    await publisher.db.query('begin');
    try {
      // 9,000 queued jobs of three tasks (the bench's backlog is 7,000-8,000), seen by this transaction alone.
      for (const [i, task] of tasks.entries()) {
        await publisher.db.query(
          `select count(*) from graphile_worker.add_jobs(array(
             select row($1, json_build_object('organizationId', $2::text, '_receipt', $1 || g, 'eventId', $1 || g), null, now() - interval '1 second' * g, 25, null, $3::int, null)::graphile_worker.job_spec
             from generate_series(1, 3000) g))`,
          [task, organizationId, i],
        );
      }
      await publisher.db.query('analyze graphile_worker._private_jobs');
      const lead = { payload: { organizationId, _receipt: 'probe.claim.b:lead', eventId: 'lead' }, priority: 1 };
      // an event's job (several handlers) claims as a batch handler's job does
      const eventJob = { task: 'probe.claim.b', handlers: [{ task: 'probe.claim.b:one' }, { task: 'probe.claim.b:two' }] } as unknown as EventJob;
      const statements = [claimStatement('probe.claim.b', lead, 19), eventClaimStatement(eventJob, lead, 19)];
      // as planned for its values, and as the prepared statement the worker runs once PostgreSQL settles on a generic plan
      for (const [statement, generic] of statements.flatMap((one) => [[one, false], [one, true]] as const)) {
        await publisher.db.query('savepoint plan');
        const nodes = planNodes(await planOf(publisher.db, organizationId, statement, { analyze: true, generic }));
        await publisher.db.query('rollback to savepoint plan');
        const jobs = nodes.filter((node) => node['Relation Name'] === '_private_jobs');
        expect(jobs.map((node) => [node['Node Type'], node['Index Name'], node['Actual Rows']])).toEqual([['Index Scan', 'job_batches_claim_index', 19]]);
        expect(nodes.some((node) => node['Node Type'] === 'Sort' && (node['Sort Key'] as string[]).some((key) => key.includes('run_at')))).toBe(false);
      }
    } finally {
      await publisher.db.query('rollback');
    }
  });
});
