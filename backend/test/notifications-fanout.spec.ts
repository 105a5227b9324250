import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TenantRunner } from '../src/common/tenancy/tenant-runner.js';
import { NotificationFanOut } from '../src/modules/notifications/fan-out.service.js';
import { inviteMember, type InvitedMember } from './factories/members.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// The queue's worker is off: what the fan-out queued stays there to be counted.
let app: TestApp;
let owner: SignedIn;
let members: InvitedMember[];

beforeAll(async () => {
  app = await startTestApp({ JOBS_WORKER: 'false' });
  owner = await registerOwner(app);
  members = [];
  for (let i = 0; i < 6; i += 1) members.push(await inviteMember(app, owner));
  await members[0].agent.patch('/api/user/profile').send({ notification_email: 'first@example.com', notification_phone: '+15125550101' }).expect(200);
  await members[1].agent.patch('/api/user/profile').send({ notification_email: 'second@example.com' }).expect(200);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

async function fanOut(sourceKey: string): Promise<void> {
  const org = owner.user.organization_id;
  await app.created.app.get(TenantRunner).run(org, ({ em }) =>
    app.created.app.get(NotificationFanOut).fanOut(em, org, {
      eventType: 'new_ticket', sourceKey, title: 'New ticket WC-0001', message: 'Ana Ruiz (Acme)', metadata: {},
      relatedEntityType: 'ticket', relatedEntityId: null, link: '/tickets', actorUserId: owner.user.id,
    }),
  );
}

/** The recipients of the queued delivery jobs of a source, per channel, and the number of jobs. */
async function queued(sourceKey: string): Promise<{ jobs: number; recipients: Record<string, number> }> {
  const { rows } = await app.db.query(
    `select j.payload ->> 'channel' as channel, count(*)::int as jobs, sum(json_array_length(j.payload -> 'recipients'))::int as n
       from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
      where t.identifier = 'notifications.deliver-batch' and j.payload -> 'delivery' ->> 'sourceKey' = $1 group by 1`, [sourceKey]);
  return { jobs: rows.reduce((sum, r) => sum + r.jobs, 0), recipients: Object.fromEntries(rows.map((r) => [r.channel, r.n])) };
}

async function outcomes(sourceKey: string): Promise<Record<string, number>> {
  const { rows } = await app.db.query(
    `select channel || ':' || status || coalesce(':' || case when status = 'skipped' then detail end, '') as k, count(*)::int as n
       from notification_deliveries where source_key = $1 group by 1`, [sourceKey]);
  return Object.fromEntries(rows.map((r) => [r.k, r.n]));
}

describe('fan-out to recipients a channel cannot reach', () => {
  it('queues a job only for the deliveries that can go out, and records the others as skipped at once', async () => {
    // All five channels are on for new tickets by default; six recipients, two with an e-mail
    // address, one with a phone, none with a push device, and no SMTP server yet.
    await fanOut('probe:one');
    expect(await queued('probe:one')).toEqual({ jobs: 1, recipients: { sms: 1 } });
    expect(await outcomes('probe:one')).toEqual({
      'browser:sent': 6,
      'email:skipped:No email configured': 4,
      'email:skipped:No SMTP server configured': 2,
      'sms:skipped:No phone number configured': 5,
      'mobile_push:skipped:No push subscription': 6,
    });

    await owner.agent.put('/api/settings').send({ smtp_host: '127.0.0.1', smtp_port: 2525, smtp_from_email: 'crm@example.com' }).expect(200);
    await fanOut('probe:two');
    // One job per channel, whatever the number of recipients.
    expect(await queued('probe:two')).toEqual({ jobs: 2, recipients: { email: 2, sms: 1 } });
    expect(await outcomes('probe:two')).toMatchObject({ 'email:skipped:No email configured': 4 });
    expect(await outcomes('probe:two')).not.toHaveProperty(['email:skipped:No SMTP server configured']);
  });

  it("shows the queue's latency, the age of the oldest job still waiting for a worker, in the jobs view", async () => {
    const before = (await owner.agent.get('/api/admin/jobs').expect(200)).body.counts;
    expect(before.queued).toBeGreaterThanOrEqual(4); // the deliveries above, and the events of the setup (welcome e-mails)
    expect(before.oldest_queued_seconds).toBeGreaterThanOrEqual(0);
    await app.db.query(`update graphile_worker._private_jobs set run_at = now() - interval '95 seconds' where payload -> 'delivery' ->> 'sourceKey' = 'probe:one'`);
    const after = (await owner.agent.get('/api/admin/jobs').expect(200)).body.counts;
    expect(after.oldest_queued_seconds).toBeGreaterThanOrEqual(95);
    expect(after.oldest_queued_seconds).toBeLessThan(120);
    const other = await registerOwner(app);
    // Another organization's latency is its own: its registration's job, queued just now.
    const others = (await other.agent.get('/api/admin/jobs').expect(200)).body.counts;
    expect(others.queued).toBe(1);
    expect(others.oldest_queued_seconds).toBeLessThan(95);
    await app.db.query(`delete from graphile_worker._private_jobs where payload ->> 'organizationId' = $1`, [other.user.organization_id]);
    expect((await other.agent.get('/api/admin/jobs').expect(200)).body.counts).toMatchObject({ queued: 0, oldest_queued_seconds: null });
  });

  it('counts a job running its last attempt as running, not failed, in the jobs view and the health check', async () => {
    const other = await registerOwner(app);
    const org = other.user.organization_id;
    await app.db.query(`delete from graphile_worker._private_jobs where payload ->> 'organizationId' = $1`, [org]);
    for (const probe of ['last-attempt', 'ran-out']) {
      await app.db.query(`select graphile_worker.add_job('notifications.deliver-batch', $1::json, max_attempts => 3)`, [JSON.stringify({ organizationId: org, probe })]);
    }
    // As graphile-worker leaves them: a job's attempts are counted when a worker takes it (so the one
    // running its last has all three), and a job that failed its last is unlocked.
    await app.db.query(
      `update graphile_worker._private_jobs set attempts = 3, locked_at = now(), locked_by = 'another-instance', last_error = 'the second try failed'
        where payload ->> 'probe' = 'last-attempt'`,
    );
    await app.db.query(`update graphile_worker._private_jobs set attempts = 3, last_error = 'the third try failed' where payload ->> 'probe' = 'ran-out'`);
    const view = (await other.agent.get('/api/admin/jobs').expect(200)).body;
    expect(view.counts).toMatchObject({ running: 1, failed: 1 });
    expect(view.recent_failures.map((f: { last_error: string; state: string }) => [f.last_error, f.state]).sort()).toEqual([
      ['the second try failed', 'retrying'],
      ['the third try failed', 'failed'],
    ]);
    expect((await app.request().get('/api/health').expect(200)).body.jobs).toEqual({ failed: 1 });
    await app.db.query(`delete from graphile_worker._private_jobs where payload ->> 'organizationId' = $1`, [org]);
  });
});
