import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { JobWorker, QUEUE_STOP_MS } from '../src/common/jobs/job-worker.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { ATTEMPTS, eventually, JobProbe, JobProbeModule, releaseStuck } from './support/job-probe.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// A stop never waits forever for a job that does not return (issue 33: an app stopping while a send
// was in flight never exited): the queue gives up after QUEUE_STOP_MS and leaves the job, whose
// receipt was not committed, in the queue for another instance. (The process itself ends within
// main.ts's SHUTDOWN_LIMIT_MS whatever still holds on.)
let app: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  app = await startTestApp({ JOBS_POLL_INTERVAL_MS: '200' }, { imports: [JobProbeModule] });
  await app.db.query('create table probe_effects (key text not null, instance text not null)');
  owner = await registerOwner(app);
});

afterAll(async () => {
  releaseStuck();
  await app?.close();
});

it('stops the queue within its bound while a job hangs, and leaves that job in the queue', async () => {
  await app.created.app.get(JobProbe).publish(owner.user.organization_id, 'stuck-1', 'stuck');
  await eventually('the stuck job runs', () => (ATTEMPTS.get('stuck-1') ?? 0) === 1);

  const started = Date.now();
  await app.created.app.get(JobWorker).stop();
  const took = Date.now() - started;
  expect(took).toBeGreaterThanOrEqual(QUEUE_STOP_MS - 1_000);
  expect(took).toBeLessThan(QUEUE_STOP_MS + 5_000);

  const { rows } = await app.db.query(`select count(*)::int as n from graphile_worker._private_jobs where payload -> 'event' ->> 'key' = 'stuck-1'`);
  expect(rows[0].n).toBe(1);
  expect(await app.db.query(`select 1 from probe_effects where key = 'stuck-1'`).then((r) => r.rowCount)).toBe(0);
}, 60_000);
