import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registerOwner, type SignedIn } from './factories/users.js';
import { ATTEMPTS, eventually, JobProbe, JobProbeModule, SLOW_PROBE_MS } from './support/job-probe.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const DEAD_WORKER_SECONDS = 2;

let publisher: TestApp; // enqueues only, like an instance with JOBS_WORKER=false
let worker: TestApp | undefined;
let owner: SignedIn;

beforeAll(async () => {
  publisher = await startTestApp({ JOBS_WORKER: 'false' }, { imports: [JobProbeModule] });
  await publisher.db.query('create table probe_effects (key text not null, instance text not null)');
  owner = await registerOwner(publisher);
});
afterAll(async () => {
  await worker?.close();
  await publisher?.close();
});

const effects = async (key: string) =>
  (await publisher.db.query('select count(*)::int as n from probe_effects where key = $1', [key])).rows[0].n as number;

describe('a worker that died with a job locked', () => {
  it('has the job released to a live worker once its heartbeat is older than JOBS_DEAD_WORKER_SECONDS', async () => {
    const key = `orphan-${Date.now()}`;
    await publisher.created.app.get(JobProbe).publish(owner.user.organization_id, key, 'ok');
    // What kill -9 leaves behind: the job taken (attempt 1) and locked by a worker that no longer beats.
    const locked = await publisher.db.query(
      `update graphile_worker._private_jobs set locked_by = 'worker-killed', locked_at = now() - interval '10 minutes', attempts = 1
       where task_id = (select id from graphile_worker._private_tasks where identifier like '%probe%')
       returning id`,
    );
    expect(locked.rowCount).toBe(1);

    worker = await startTestApp(
      { JOBS_POLL_INTERVAL_MS: '200', JOBS_DEAD_WORKER_SECONDS: String(DEAD_WORKER_SECONDS) },
      { imports: [JobProbeModule], databaseUrl: publisher.databaseUrl },
    );
    await eventually('the orphaned job ran', async () => (await effects(key)) === 1, 20_000);
    expect(ATTEMPTS.get(key)).toBe(1);
    const left = await publisher.db.query(`select count(*)::int as n from graphile_worker._private_jobs where locked_by = 'worker-killed'`);
    expect(left.rows[0].n).toBe(0);
  }, 60_000);

  it('leaves alone a job that runs longer than that on a worker that is alive', async () => {
    expect(SLOW_PROBE_MS).toBeGreaterThan(DEAD_WORKER_SECONDS * 2000);
    const key = `slow-${Date.now()}`;
    await publisher.created.app.get(JobProbe).publish(owner.user.organization_id, key, 'slow');
    // While it runs, well past the dead-worker limit, the job stays locked by its first taker (one
    // attempt) and that lock belongs to a worker that beats.
    const job = async () => (await publisher.db.query(
      `select j.attempts, j.locked_by, exists (select 1 from job_worker_heartbeats h where h.worker_id = j.locked_by
                                               and h.heartbeat_at > now() - make_interval(secs => $1)) as beating
       from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
       where t.identifier like '%probe%'`, [DEAD_WORKER_SECONDS])).rows[0] as { attempts: number; locked_by: string | null; beating: boolean } | undefined;
    await eventually('the slow job was taken', async () => (await job())?.locked_by != null, 10_000);
    const takenAt = Date.now();
    while (Date.now() - takenAt < SLOW_PROBE_MS - 1000) {
      const running = await job();
      expect(running).toMatchObject({ attempts: 1, beating: true });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await eventually('the slow job ran', async () => (await effects(key)) === 1, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(ATTEMPTS.get(key)).toBe(1);
    expect(await effects(key)).toBe(1);
  }, 60_000);
});
