import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messageIdOn } from '../src/modules/mail/outgoing-mail.js';
import { registerOwner, type SignedIn, uniqueUsername } from './factories/users.js';
import { eventually } from './support/job-probe.js';
import { SmtpCatcher } from './support/smtp-catcher.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let smtp: SmtpCatcher;
let owner: SignedIn;

beforeAll(async () => {
  smtp = await new SmtpCatcher().start();
  app = await startTestApp({ PUBLIC_BASE_URL: 'https://crm.example.com' });
  owner = await registerOwner(app);
  await owner.agent
    .put('/api/settings')
    .send({ smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_from_email: 'team@acme.example', smtp_from_name: 'Acme Team' })
    .expect(200);
});
afterAll(async () => {
  await app.close();
  await smtp.stop();
});

const TASK = 'event:user.invited:InvitationEmailListener.onUserInvited';

async function queued(): Promise<number> {
  const rows = await app.db.query(
    `select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = $1`,
    [TASK],
  );
  return rows.rows[0].n;
}

async function invitationOf(who: SignedIn, userId: string) {
  return (await who.agent.get(`/api/users/${userId}/invitation`).expect(200)).body.invitation;
}

async function settled(who: SignedIn, userId: string, status: string) {
  let last: { status: string } | null = null;
  await eventually(`invitation of ${userId} is ${status}`, async () => (last = await invitationOf(who, userId))?.status === status);
  return last!;
}

describe('the invitation e-mail', () => {
  it('goes once through the organization’s SMTP with the username, temporary password and sign-in link, and reports sent', async () => {
    const username = uniqueUsername('invitee');
    const res = await owner.agent.post('/api/users/invite').send({ username, email: 'new.hire@example.com' }).expect(201);
    expect(res.body.invitation).toEqual({ email: 'new.hire@example.com', status: 'queued', sent_at: null, error: null });

    const state = await settled(owner, res.body.id, 'sent');
    expect(state).toMatchObject({ email: 'new.hire@example.com', status: 'sent', sent_at: expect.any(String), error: null });
    const mails = smtp.to('new.hire@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].from).toBe('team@acme.example');
    expect(mails[0].subject).toMatch(/^You are invited to .+ on Warranty CRM$/);
    expect(mails[0].text).toContain(`Username: ${username}`);
    expect(mails[0].text).toContain(`Temporary password: ${res.body.temporaryPassword}`);
    expect(mails[0].text).toContain('https://crm.example.com/auth');

    // Sent: the sealed password is gone from the database, and the job left one receipt.
    const row = (await app.db.query('select sealed_password, message_id from user_invitations where user_id = $1', [res.body.id])).rows[0];
    expect(row.sealed_password).toBeNull();
    // One Message-ID scheme for every e-mail (messageIdOn): the one fixed on the row is the one sent.
    expect(row.message_id).toBe(messageIdOn(`invitation:${res.body.id}`, 'crm.example.com'));
    expect(row.message_id).toMatch(/^<[0-9a-f]{40}@crm\.example\.com>$/);
    expect(mails[0].messageId).toBe(row.message_id);
  });

  it('never sends twice: not for the job delivered again, nor for a retry after the send was recorded', async () => {
    const res = await owner.agent.post('/api/users/invite').send({ username: uniqueUsername('once'), email: 'once@example.com' }).expect(201);
    await settled(owner, res.body.id, 'sent');
    const [{ key }] = (await app.db.query('select key from job_receipts where task = $1 order by created_at desc limit 1', [TASK])).rows;
    const payload = JSON.stringify({
      organizationId: owner.user.organization_id,
      eventId: (key as string).split(':')[0],
      event: { organizationId: owner.user.organization_id, userId: res.body.id, invitedById: owner.user.id },
      _receipt: key,
    });
    // The same job again (a crash between the handler's commit and the acknowledgement) ...
    await app.db.query('select graphile_worker.add_job($1, $2::json)', [TASK, payload]);
    await eventually('the redelivered job was taken', async () => (await queued()) === 0);
    // ... and a retry whose job commit was lost after the e-mail went out: no receipt, the row says sent.
    await app.db.query('delete from job_receipts where key = $1', [key]);
    await app.db.query('select graphile_worker.add_job($1, $2::json)', [TASK, payload]);
    await eventually('the retried job ran', async () => (await app.db.query('select 1 from job_receipts where key = $1', [key])).rowCount === 1);
    expect(smtp.to('once@example.com')).toHaveLength(1);
  });

  it('reports failed with the reason after the last attempt, and the temporary password is erased', async () => {
    await smtp.stop();
    try {
      const res = await owner.agent.post('/api/users/invite').send({ username: uniqueUsername('outage'), email: 'outage@example.com' }).expect(201);
      await eventually('the first attempt failed', async () => (await invitationOf(owner, res.body.id))?.error != null);
      const retrying = await invitationOf(owner, res.body.id);
      expect(retrying).toMatchObject({ status: 'queued', error: expect.stringMatching(/ECONNREFUSED/) });
      // Skip the backoff: the next attempt is the last one.
      await eventually('the job was moved to its last attempt', async () => {
        const moved = await app.db.query(
          `update graphile_worker._private_jobs set attempts = max_attempts - 1, run_at = now()
            where task_id = (select id from graphile_worker._private_tasks where identifier = $1) and locked_at is null`,
          [TASK],
        );
        return moved.rowCount === 1;
      });
      const failed = await settled(owner, res.body.id, 'failed');
      expect(failed).toMatchObject({ status: 'failed', sent_at: null, error: expect.stringMatching(/ECONNREFUSED/) });
      const row = (await app.db.query('select sealed_password from user_invitations where user_id = $1', [res.body.id])).rows[0];
      expect(row.sealed_password).toBeNull();
      await app.db.query('delete from graphile_worker._private_jobs where task_id = (select id from graphile_worker._private_tasks where identifier = $1)', [TASK]);
    } finally {
      await smtp.start();
    }
    expect(smtp.to('outage@example.com')).toHaveLength(0);
  }, 60_000);

  it('is not sent, and says so, when the organization has no SMTP settings', async () => {
    const other = await registerOwner(app);
    const res = await other.agent.post('/api/users/invite').send({ username: uniqueUsername('nosmtp'), email: 'no.smtp@example.com' }).expect(201);
    await settled(other, res.body.id, 'not_sent_no_smtp');
    expect(smtp.to('no.smtp@example.com')).toHaveLength(0);
  });

  it('does not exist for an invite without an e-mail, and is the owner’s to read', async () => {
    const res = await owner.agent.post('/api/users/invite').send({ username: uniqueUsername('noemail') }).expect(201);
    expect(res.body.invitation).toBeNull();
    expect(await invitationOf(owner, res.body.id)).toBeNull();
    const stranger = await registerOwner(app);
    await stranger.agent.get(`/api/users/${res.body.id}/invitation`).expect(404);
  });
});
