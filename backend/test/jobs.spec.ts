import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JobWorker } from '../src/common/jobs/job-worker.js';
import { TenantRunner } from '../src/common/tenancy/tenant-runner.js';
import { Ticket } from '../src/modules/tickets/ticket.entity.js';
import { createTicket } from './factories/tickets.js';
import { inviteMember } from './factories/members.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { freePort, requireBuild, startProcess } from './support/app-process.js';
import { ATTEMPTS, eventually, JobProbe, JobProbeModule, queueIdle } from './support/job-probe.js';
import { createTestDatabase, startTestApp, type TestApp } from './support/test-app.js';

const QUEUE_ENV = { JOBS_POLL_INTERVAL_MS: '200' };

let a: TestApp;
let b: TestApp;
let owner: SignedIn;
let probeA: JobProbe;
let probeB: JobProbe;

beforeAll(async () => {
  a = await startTestApp(QUEUE_ENV, { imports: [JobProbeModule] });
  b = await startTestApp(QUEUE_ENV, { imports: [JobProbeModule], databaseUrl: a.databaseUrl });
  await a.db.query('create table probe_effects (key text not null, instance text not null)');
  probeA = a.created.app.get(JobProbe);
  probeB = b.created.app.get(JobProbe);
  owner = await registerOwner(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function effects(key: string): Promise<number> {
  return (await a.db.query('select count(*)::int as n from probe_effects where key = $1', [key])).rows[0].n;
}

function attempts(key: string): number {
  return ATTEMPTS.get(key) ?? 0;
}

async function queuedJobs(key: string): Promise<number> {
  const rows = await a.db.query(`select count(*)::int as n from graphile_worker._private_jobs where payload -> 'event' ->> 'key' = $1`, [key]);
  return rows.rows[0].n;
}

const org = () => owner.user.organization_id;

describe('the transactional outbox', () => {
  it('publishes nothing when the transaction rolls back', async () => {
    await expect(probeA.publish(org(), 'rolled-back', 'ok', true)).rejects.toThrow('rolled back on purpose');
    expect(await queuedJobs('rolled-back')).toBe(0);
    await queueIdle(a.db);
    expect(attempts('rolled-back')).toBe(0);
    expect(await effects('rolled-back')).toBe(0);
  });

  it('runs each handler of a committed event exactly once, scoped to its organization', async () => {
    await probeA.publish(org(), 'committed', 'ok');
    await eventually('the handler ran', async () => (await effects('committed')) === 1);
    await eventually('its job completed', async () => (await queuedJobs('committed')) === 0);
    expect(attempts('committed')).toBe(1);
    expect(await effects('committed')).toBe(1);
    expect(await queuedJobs('committed')).toBe(0);
  });

  it('refuses to publish outside a transaction', async () => {
    const { DomainEvents } = await import('../src/common/events/domain-event.js');
    const { ProbeEvent } = await import('./support/job-probe.js');
    const events = a.created.app.get(DomainEvents);
    await expect(events.publish(a.created.orm.em.fork(), new ProbeEvent(org(), 'outside', 'ok'))).rejects.toThrow(
      'DomainEvents.publish must be called inside em.transactional()',
    );
  });

  it('retries a handler that throws twice, which then acts once; keeps one that always throws as failed with its error', async () => {
    await probeA.publish(org(), 'flaky', 'flaky');
    await probeA.publish(org(), 'broken', 'broken');
    await eventually('the flaky handler succeeded', async () => (await effects('flaky')) === 1, 30_000);
    expect(attempts('flaky')).toBe(3);
    await eventually('the broken handler ran out of attempts', () => attempts('broken') === 3, 30_000);
    // Kept as failed once its third attempt has let go of the job: while that attempt runs, the row already
    // counts three attempts and carries the second one's error, and the jobs view counts it as running.
    await eventually('the broken job is kept as failed', async () => {
      const rows = await a.db.query(
        `select attempts, max_attempts, last_error from graphile_worker._private_jobs
          where payload -> 'event' ->> 'key' = 'broken' and locked_at is null`,
      );
      return rows.rowCount === 1 && rows.rows[0].attempts === 3 && rows.rows[0].last_error.includes('probe broken is broken');
    });
    expect(await effects('broken')).toBe(0);

    // The operator sees it: the owner's jobs view and the health check.
    const view = await owner.agent.get('/api/admin/jobs').expect(200);
    expect(view.body.counts.failed).toBe(1);
    expect(view.body.recent_failures[0]).toMatchObject({
      task: 'event:probe.happened:JobProbe.handle',
      attempts: 3,
      max_attempts: 3,
      state: 'failed',
      next_attempt_at: null,
    });
    expect(view.body.recent_failures[0].last_error).toContain('probe broken is broken');
    expect(JSON.stringify(view.body)).not.toContain('"organizationId"');
    expect((await a.request().get('/api/health').expect(200)).body.jobs).toEqual({ failed: 1 });

    // Another organization sees none of it; a member may not look.
    const other = await registerOwner(a);
    expect((await other.agent.get('/api/admin/jobs').expect(200)).body.counts.failed).toBe(0);
    const member = await inviteMember(a, owner);
    const refused = await member.agent.get('/api/admin/jobs').expect(403);
    expect(refused.body.error).toBe('Only account owners can view background jobs');
  }, 60_000);

  it('never acts twice when the same job is delivered again', async () => {
    await probeA.publish(org(), 'redelivered', 'ok');
    await eventually('the handler ran', async () => (await effects('redelivered')) === 1);
    // The same job again, as after a crash between the handler's commit and the acknowledgement.
    const [{ key: redelivered }] = (
      await a.db.query(`select key from job_receipts where task = 'event:probe.happened:JobProbe.handle' order by created_at desc limit 1`)
    ).rows;
    const eventId = (redelivered as string).split(':')[0];
    await a.db.query(`select graphile_worker.add_job('event:probe.happened:JobProbe.handle', $1::json)`, [
      JSON.stringify({ organizationId: org(), eventId, event: { organizationId: org(), key: 'redelivered', mode: 'ok' }, _receipt: redelivered }),
    ]);
    await eventually('the redelivered job was taken', async () => (await queuedJobs('redelivered')) === 0);
    expect(await effects('redelivered')).toBe(1);
  });
});

describe('two instances on one database', () => {
  it('handle 200 events exactly once between them', async () => {
    const keys = Array.from({ length: 200 }, (_, i) => `bulk-${i}`);
    for (let i = 0; i < keys.length; i += 20) {
      await Promise.all(keys.slice(i, i + 20).map((key) => probeA.publish(org(), key, 'ok')));
    }
    await eventually(
      'all 200 were handled',
      async () => (await a.db.query(`select count(*)::int as n from probe_effects where key like 'bulk-%'`)).rows[0].n >= 200,
      60_000,
    );
    await queueIdle(a.db);
    const rows = await a.db.query(`select key, count(*)::int as n from probe_effects where key like 'bulk-%' group by key`);
    expect(rows.rowCount).toBe(200);
    expect(rows.rows.every((row) => row.n === 1)).toBe(true);
    expect(keys.reduce((sum, key) => sum + attempts(key), 0)).toBe(200);
  }, 90_000);

  it('fire a scheduled task once per period across both', async () => {
    // The probe's task runs every minute: wait for the next minute boundary's tick. The tick of the minute this test
    // started in may still run after the test starts (on a loaded machine, behind the events above), so any tick will
    // not do: only one at or after the boundary.
    const nextMinute = Math.ceil(Date.now() / 60_000) * 60_000;
    const inPeriod = () =>
      [...probeA.ticks, ...probeB.ticks].filter((at) => at.getTime() >= nextMinute && at.getTime() < nextMinute + 60_000);
    // Each instance's scheduler reports the minute's jobs written (the one that lost the minute to the
    // other wrote none). Once both have, and the queue has run whatever they wrote, a second tick
    // would be there.
    const written = (app: TestApp) =>
      new Promise<void>((resolve) => {
        const { events } = app.created.app.get(JobWorker);
        const onWritten = ({ timestamp }: { timestamp: number }) => {
          if (timestamp < nextMinute) return;
          events.off('cron:scheduled', onWritten);
          resolve();
        };
        events.on('cron:scheduled', onWritten);
      });
    await Promise.all([written(a), written(b)]);
    await queueIdle(a.db);
    expect(inPeriod()).toHaveLength(1);
  }, 90_000);
});

describe('tenancy outside a request', () => {
  it('fails closed without the tenant runner, and scopes to the organization with it', async () => {
    const ticket = await createTicket(owner.agent);
    const other = await registerOwner(a);
    await createTicket(other.agent);
    await expect(a.created.orm.em.fork().find(Ticket, {})).rejects.toThrow("No arguments provided for filter 'tenant'");
    const ids = await a.created.app.get(TenantRunner).run(org(), async ({ em }) => (await em.find(Ticket, {})).map((t) => t.id));
    expect(ids).toEqual([ticket.id]);
    const found = await a.created.app.get(TenantRunner).organizationOf(Ticket, { id: ticket.id });
    expect(found).toBe(org());
  });
});

describe('a process killed right after a commit', () => {
  it('runs the event handler once after a restart', async () => {
    requireBuild();
    const databaseUrl = await createTestDatabase();
    const port = await freePort();
    // The worker is paused (JOBS_WORKER=false): the job stays queued when the process dies.
    const first = await startProcess(databaseUrl, port, false);
    const res = await fetch(`http://127.0.0.1:${port}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `killed${Date.now()}`, password: 'secret123' }),
    }).catch((error: unknown) => {
      first.kill('SIGKILL'); // no process outlives a failed test
      throw error;
    });
    expect(res.status).toBe(201);
    const userId = ((await res.json()) as { id: string }).id;
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    const pg = (await import('pg')).default;
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const welcomes = async () =>
      (await db.query('select count(*)::int as n from notifications where user_id = $1', [userId])).rows[0].n as number;
    try {
      expect(await welcomes()).toBe(0);
      const second = await startProcess(databaseUrl, port, true);
      try {
        await eventually('the welcome notification exists', async () => (await welcomes()) === 1, 20_000);
        await queueIdle(db);
        expect(await welcomes()).toBe(1);
      } finally {
        second.kill('SIGTERM');
        await new Promise((resolve) => second.once('exit', resolve));
      }
    } finally {
      await db.end();
    }
  }, 90_000);
});
