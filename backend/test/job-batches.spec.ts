import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registerOwner, type SignedIn } from './factories/users.js';
import { ATTEMPTS, BATCH_ATTEMPTS, BATCH_CALLS, eventually, JobProbe, JobProbeModule } from './support/job-probe.js';
import { claimStatement } from '../src/common/jobs/job-batches.js';
import { JobRegistry } from '../src/common/jobs/job-registry.js';
import { type JobRow, Jobs } from '../src/common/jobs/jobs.js';
import { FAILED_JOBS_COUNT } from '../src/common/jobs/jobs-status.service.js';
import { migrateDatabase } from '../src/database/migrate.js';
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

/** `count` jobs of `task` for the owner's organization in one statement, queued a second apart, due now. */
async function queueJobs(task: string, count: number, priority = 0): Promise<void> {
  await publisher.db.query(
    `select count(*) from graphile_worker.add_jobs(array(
       select row($1, json_build_object('organizationId', $2::text, '_receipt', $1 || g), null, now() - interval '1 second' * g, 25, null, $4::int, null)::graphile_worker.job_spec
       from generate_series(1, $3::int) g))`,
    [task, owner.user.organization_id, count, priority],
  );
}

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

describe("a batch's claim (issue 33)", () => {
  it("reads its task's queued jobs in the queue's order through its index and stops after the batch, however long the backlog", async () => {
    const organizationId = owner.user.organization_id;
    const tasks = ['probe.claim.a', 'probe.claim.b', 'probe.claim.c'];
    await publisher.db.query('begin');
    try {
      // 9,000 queued jobs of three tasks (the bench's backlog is 7,000-8,000), seen by this transaction alone.
      for (const [i, task] of tasks.entries()) await queueJobs(task, 3000, i);
      await publisher.db.query('analyze graphile_worker._private_jobs');
      const lead = { payload: { organizationId, _receipt: 'probe.claim.b:lead' }, priority: 1 };
      // as planned for its values, and as the prepared statement the worker runs once PostgreSQL settles on a generic plan
      for (const generic of [false, true]) {
        await publisher.db.query('savepoint plan');
        const nodes = planNodes(await planOf(publisher.db, organizationId, claimStatement('probe.claim.b', lead, 19), { analyze: true, generic }));
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

describe("the health check's count of failed jobs", () => {
  it('reads the failed jobs alone through their index, however many jobs the queue holds or held', async () => {
    await publisher.db.query('begin');
    try {
      // 6,000 jobs, deleted as the queue deletes the jobs it has done, then 3,000 queued and 2 failed
      await queueJobs('probe.failed', 6000);
      await publisher.db.query(`delete from graphile_worker._private_jobs where payload ->> '_receipt' like 'probe.failed%'`);
      await queueJobs('probe.failed', 3000);
      await publisher.db.query(
        `update graphile_worker._private_jobs set attempts = max_attempts, last_error = 'probe'
          where id in (select id from graphile_worker._private_jobs where payload ->> '_receipt' like 'probe.failed%' order by id limit 2)`,
      );
      await publisher.db.query('analyze graphile_worker._private_jobs');
      expect((await publisher.db.query(FAILED_JOBS_COUNT)).rows[0].failed).toBeGreaterThanOrEqual(2);
      const { rows } = await publisher.db.query(`explain (analyze, format json) ${FAILED_JOBS_COUNT}`);
      const nodes = planNodes(rows[0]['QUERY PLAN'][0].Plan);
      const jobs = nodes.filter((node) => node['Relation Name'] === '_private_jobs');
      expect(jobs.map((node) => node['Index Name'])).toEqual(['job_failed_index']);
    } finally {
      await publisher.db.query('rollback');
    }
  });
});

describe("the queue's insert", () => {
  const settings = async () =>
    (await publisher.db.query(`select proconfig from pg_proc where oid = 'graphile_worker.add_jobs(graphile_worker.job_spec[], boolean)'::regprocedure`)).rows[0].proconfig;

  it('runs its statements on generic plans (planned once per connection), and gets that setting back after a queue upgrade replaces the function', async () => {
    expect(await settings()).toEqual(['plan_cache_mode=force_generic_plan']);
    // what a queue upgrade's `create or replace function` leaves: the function without our setting
    await publisher.db.query('alter function graphile_worker.add_jobs(graphile_worker.job_spec[], boolean) reset all');
    expect(await settings()).toBeNull();
    await migrateDatabase(publisher.databaseUrl);
    expect(await settings()).toEqual(['plan_cache_mode=force_generic_plan']);
    // and the outbox still writes through it, to the worker
    await probe.publishBatched(owner.user.organization_id, [{ key: 'generic-plan', mode: 'ok' }]);
    await eventually('the event was handled', async () => (await effects('generic-plan')).get('generic-plan') === 1);
  });
});

describe("the outbox's quiet insert (a create's jobs, written without add_jobs' NOTIFY)", () => {
  it('writes the row add_jobs writes, and refuses a task no instance registered', async () => {
    const jobs = publisher.created.app.get(Jobs);
    const runAt = new Date(Date.now() + 3_600_000); // not due: no worker takes them
    const row = (probeKey: string): JobRow => ({
      task: [...publisher.created.app.get(JobRegistry).tenantTasks.keys()][0],
      payload: { organizationId: owner.user.organization_id, probeKey, _receipt: `quiet-probe:${probeKey}` },
      options: { maxAttempts: 7, priority: 3, runAt },
    });
    const [loud, quiet] = [jobs.outboxStatement([row('loud')], false), jobs.outboxStatement([row('quiet')], true)];
    expect([loud.quiet, quiet.quiet]).toEqual([false, true]);
    for (const { sql, params } of [loud, quiet]) await publisher.em.fork().getConnection().execute(`with outbox as (${sql}) select count(*) from outbox`, params);
    const { rows } = await publisher.db.query(
      `select payload ->> 'probeKey' as probe, task_id, payload::jsonb - 'probeKey' - '_receipt' as payload, run_at, max_attempts, priority, attempts,
              key, job_queue_id, flags, locked_at, locked_by, last_error, revision, is_available
         from graphile_worker._private_jobs where payload ->> 'probeKey' in ('loud', 'quiet') order by 1`,
    );
    expect(rows.map((r) => r.probe)).toEqual(['loud', 'quiet']);
    const { probe: _loud, ...asAddJobs } = rows[0];
    const { probe: _quiet, ...asQuiet } = rows[1];
    expect(asQuiet).toEqual(asAddJobs);
    await publisher.db.query(`delete from graphile_worker._private_jobs where payload ->> 'probeKey' in ('loud', 'quiet')`);

    // A task unknown to the queue's table: the insert fails rather than dropping the job.
    const unknown = jobs.outboxStatement([{ ...row('unknown'), task: 'no-such-task' }], true);
    await expect(publisher.em.fork().getConnection().execute(`with outbox as (${unknown.sql}) select count(*) from outbox`, unknown.params)).rejects.toThrow(/task_id/);
  });
});
