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
       where payload -> 'event' ->> 'key' = $1
       returning id`,
      [key],
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
    // the lock belongs to a worker that beats
    await expectLeftAlone(key, { beating: true });
  }, 60_000);

  it('never releases its own running job, even when its heartbeat reads late (a starved process or database)', async () => {
    // Every heartbeat written reads an hour old: to the instance's own check, its worker looks dead.
    await publisher.db.query(`create function age_heartbeat() returns trigger language plpgsql as $$
      begin new.heartbeat_at := now() - interval '1 hour'; return new; end $$`);
    await publisher.db.query('create trigger age_heartbeat before insert or update on job_worker_heartbeats for each row execute function age_heartbeat()');
    await publisher.db.query('update job_worker_heartbeats set heartbeat_at = now()');
    try {
      const key = `late-${Date.now()}`;
      await publisher.created.app.get(JobProbe).publish(owner.user.organization_id, key, 'slow');
      await expectLeftAlone(key, { beating: false });
    } finally {
      await publisher.db.query('drop trigger age_heartbeat on job_worker_heartbeats');
      await publisher.db.query('drop function age_heartbeat()');
    }
  }, 60_000);
});

/**
 * The probe job of `key`: its attempts and lock, and whether the lock's worker wrote a heartbeat in the
 * last ten seconds. By its key: the job of an earlier test can still be there, locked, between its
 * handler's commit and its completion.
 */
async function probeJob(key: string) {
  return (await publisher.db.query(
    `select j.attempts, j.locked_by, exists (select 1 from job_worker_heartbeats h where h.worker_id = j.locked_by
                                             and h.heartbeat_at > now() - interval '10 seconds') as beating
     from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
     where t.identifier like '%probe%' and j.payload -> 'event' ->> 'key' = $1`,
    [key],
  )).rows[0] as { attempts: number; locked_by: string | null; beating: boolean } | undefined;
}

/**
 * While the slow probe runs, well past the dead-worker limit, its job stays locked by its first
 * taker (one attempt); then it acts once.
 */
async function expectLeftAlone(key: string, { beating }: { beating: boolean }) {
  await eventually('the slow job was taken', async () => (await probeJob(key))?.locked_by != null, 10_000);
  const takenAt = Date.now();
  while (Date.now() - takenAt < SLOW_PROBE_MS - 1000) {
    expect(await probeJob(key)).toMatchObject({ attempts: 1, beating });
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await eventually('the slow job ran', async () => (await effects(key)) === 1, 30_000);
  await eventually('its job completed, with no other taker left', async () => (await probeJob(key)) === undefined);
  expect(ATTEMPTS.get(key)).toBe(1);
  expect(await effects(key)).toBe(1);
}
