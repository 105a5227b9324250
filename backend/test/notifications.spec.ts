import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { inviteMember, type InvitedMember } from './factories/members.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { SmtpCatcher } from './support/smtp-catcher.js';
import { statementsOf } from './support/statement-counter.js';
import { eventually } from './support/job-probe.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let owner: SignedIn;
let member: InvitedMember;
let stranger: SignedIn;
let smtp: SmtpCatcher;

beforeAll(async () => {
  smtp = await new SmtpCatcher().start();
  app = await startTestApp({ JOBS_WORKER: 'false' });
  owner = await registerOwner(app);
  member = await inviteMember(app, owner);
  stranger = await registerOwner(app);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await smtp?.stop();
});

/** Arranges notifications for a user directly in the database, `minutesAgo` apart. */
async function seed(who: SignedIn, rows: Array<{ title: string; minutesAgo: number; isRead?: boolean; isFollowup?: boolean }>): Promise<string[]> {
  const ids: string[] = [];
  for (const row of rows) {
    const id = randomUUID();
    await app.db.query(
      `insert into notifications (id, organization_id, user_id, type, title, message, metadata, is_read, is_followup, related_entity_type, related_entity_id, created_at)
       values ($1, $2, $3, 'new_ticket', $4, 'A message', '{"ticket_number":"WC-000001"}', $5, $6, 'ticket', $7, now() - make_interval(mins => $8))`,
      [id, who.user.organization_id, who.user.id, row.title, row.isRead ?? false, row.isFollowup ?? false, randomUUID(), row.minutesAgo],
    );
    ids.push(id);
  }
  return ids;
}

describe('the notifications list', () => {
  let ids: string[];

  beforeAll(async () => {
    await app.db.query('delete from notifications where user_id = $1', [member.user.id]);
    ids = await seed(member, [
      { title: 'Newest unread', minutesAgo: 1 },
      { title: 'Read followup', minutesAgo: 2, isRead: true, isFollowup: true },
      { title: 'Unread followup', minutesAgo: 3, isFollowup: true },
      { title: 'Oldest read', minutesAgo: 4, isRead: true },
    ]);
  });

  it('lists only the signed-in user’s notifications, newest first, with a Content-Range', async () => {
    const res = await member.agent.get('/api/notifications').expect(200);
    expect(res.body.map((n: { title: string }) => n.title)).toEqual(['Newest unread', 'Read followup', 'Unread followup', 'Oldest read']);
    expect(res.headers['content-range']).toBe('notifications 0-3/4');
    expect(res.body[0]).toMatchObject({ id: ids[0], type: 'new_ticket', metadata: { ticket_number: 'WC-000001' }, related_entity_type: 'ticket' });
    expect((await owner.agent.get('/api/notifications').expect(200)).body.map((n: { title: string }) => n.title)).not.toContain('Newest unread');
  });

  it('filters unread (is_read=false) and followup (is_followup=true), also through react-admin’s filter', async () => {
    const unread = await member.agent.get('/api/notifications').query({ is_read: 'false' }).expect(200);
    expect(unread.body.map((n: { title: string }) => n.title)).toEqual(['Newest unread', 'Unread followup']);
    const followup = await member.agent.get('/api/notifications').query({ is_followup: 'true' }).expect(200);
    expect(followup.body.map((n: { title: string }) => n.title)).toEqual(['Read followup', 'Unread followup']);
    const viaFilter = await member.agent.get('/api/notifications').query({ filter: JSON.stringify({ is_followup: true }) }).expect(200);
    expect(viaFilter.body.map((n: { title: string }) => n.title)).toEqual(['Read followup', 'Unread followup']);
    expect(viaFilter.headers['content-range']).toBe('notifications 0-1/2');
  });

  it('pages with range and keeps the bell’s limit', async () => {
    const page = await member.agent.get('/api/notifications').query({ range: '[1,2]' }).expect(200);
    expect(page.body.map((n: { title: string }) => n.title)).toEqual(['Read followup', 'Unread followup']);
    expect(page.headers['content-range']).toBe('notifications 1-2/4');
    const bell = await member.agent.get('/api/notifications').query({ limit: 3 }).expect(200);
    expect(bell.body).toHaveLength(3);
    await member.agent.get('/api/notifications').query({ is_read: 'maybe' }).expect(400);
    const badRange = await member.agent.get('/api/notifications').query({ range: '[3,1]' }).expect(400);
    expect(badRange.body.error).toContain('range');
  });

  it("answers a page and its total in one statement (the total even past the last page, oldest first on request), and the bell's count in one prepared statement", async () => {
    let page: { body: { title: string }[]; headers: Record<string, string> } | undefined;
    const { statements, error } = await statementsOf(app.em, async () => {
      page = await member.agent.get('/api/notifications').query({ range: '[0,0]', is_followup: 'true', is_read: 'false' }).expect(200);
    });
    expect(error).toBeUndefined();
    expect(statements).toHaveLength(1); // (the session is served from memory)
    expect(page!.body.map((n) => n.title)).toEqual(['Unread followup']);
    expect(page!.headers['content-range']).toBe('notifications 0-0/1');
    const oldest = await member.agent.get('/api/notifications').query({ sort: '["created_at","ASC"]', range: '[1,2]' }).expect(200);
    expect(oldest.body.map((n: { title: string }) => n.title)).toEqual(['Unread followup', 'Read followup']);
    expect(oldest.body[1]).toMatchObject({ id: ids[1], is_read: true, is_followup: true, related_entity_type: 'ticket', related_entity_id: expect.any(String) });
    expect(new Date(oldest.body[0].created_at).getTime()).toBeLessThan(new Date(oldest.body[1].created_at).getTime());
    // the bell's count: one prepared statement with its values bound
    let count: { body: { count: number } } | undefined;
    const counted = await statementsOf(app.em, async () => {
      count = await member.agent.get('/api/notifications/unread-count').expect(200);
    });
    expect(counted.statements).toEqual([expect.stringMatching(/^select count\(\*\)::int as n from notifications where organization_id = \$1 and user_id = \$2::uuid and is_read = false$/)]);
    expect(count!.body).toEqual({ count: 2 });
    const past = await member.agent.get('/api/notifications').query({ range: '[10,14]' }).expect(200);
    expect(past.body).toEqual([]);
    expect(past.headers['content-range']).toMatch(/\/4$/);
  });

  it('marks one read, refreshing the unread count; reading again changes nothing', async () => {
    expect((await member.agent.get('/api/notifications/unread-count').expect(200)).body).toEqual({ count: 2 });
    const read = await member.agent.patch(`/api/notifications/${ids[0]}/read`).expect(200);
    expect(read.body).toMatchObject({ id: ids[0], is_read: true });
    await member.agent.patch(`/api/notifications/${ids[0]}/read`).expect(200);
    expect((await member.agent.get('/api/notifications/unread-count').expect(200)).body).toEqual({ count: 1 });
  });

  it('toggles the followup mark both ways', async () => {
    const on = await member.agent.patch(`/api/notifications/${ids[3]}/followup`).expect(200);
    expect(on.body).toMatchObject({ id: ids[3], is_followup: true });
    const off = await member.agent.patch(`/api/notifications/${ids[3]}/followup`).expect(200);
    expect(off.body).toMatchObject({ id: ids[3], is_followup: false });
  });

  it('deletes one, which then answers 404', async () => {
    await member.agent.delete(`/api/notifications/${ids[2]}`).expect(200, { success: true });
    const gone = await member.agent.patch(`/api/notifications/${ids[2]}/read`).expect(404);
    expect(gone.body).toEqual({ statusCode: 404, error: 'Notification not found', message: 'Notification not found', code: 'notifications.not_found' });
    expect((await member.agent.get('/api/notifications/unread-count').expect(200)).body).toEqual({ count: 0 });
  });

  it('answers 404 for another user’s or another organization’s notification, and for a malformed id', async () => {
    for (const who of [owner, stranger]) {
      await who.agent.patch(`/api/notifications/${ids[1]}/read`).expect(404);
      await who.agent.patch(`/api/notifications/${ids[1]}/followup`).expect(404);
      await who.agent.delete(`/api/notifications/${ids[1]}`).expect(404);
    }
    await member.agent.patch('/api/notifications/not-an-id/read').expect(404);
    const row = await app.db.query('select is_read, is_followup from notifications where id = $1', [ids[1]]);
    expect(row.rows[0]).toEqual({ is_read: true, is_followup: true });
  });

  it('needs a session', async () => {
    await app.request().get('/api/notifications').expect(401);
    await app.request().get('/api/notifications/unread-count').expect(401);
  });
});

describe('notification preferences', () => {
  it('answers a row per live event with the catalogue’s defaults when never set', async () => {
    const res = await member.agent.get('/api/notification-preferences').expect(200);
    // The spec's eight, then issue 17's ticket_overdue, issue 31's resolution_updated and issue 30's export_ready.
    expect(res.body).toHaveLength(11);
    expect(res.body[0]).toEqual({ event_type: 'new_ticket', in_app: true, mobile_push: true, browser: true, sms: true, email: true });
    expect(res.body.find((p: { event_type: string }) => p.event_type === 'text_voicemail_missed')).toEqual({
      event_type: 'text_voicemail_missed', in_app: true, mobile_push: true, browser: true, sms: false, email: false,
    });
    expect(res.body.find((p: { event_type: string }) => p.event_type === 'task_assigned')).toEqual({
      event_type: 'task_assigned', in_app: true, mobile_push: true, browser: false, sms: false, email: true,
    });
    expect(res.body.at(-3)).toEqual({ event_type: 'ticket_overdue', in_app: true, mobile_push: true, browser: true, sms: false, email: true });
    expect(res.body.at(-1)).toEqual({ event_type: 'export_ready', in_app: true, mobile_push: false, browser: true, sms: false, email: false });
  });

  it('changes one channel of one event and keeps the others, for this user only', async () => {
    const saved = await member.agent.patch('/api/notification-preferences').send({ event_type: 'text_voicemail_missed', email: true }).expect(200);
    expect(saved.body).toEqual({ event_type: 'text_voicemail_missed', in_app: true, mobile_push: true, browser: true, sms: false, email: true });
    await member.agent.patch('/api/notification-preferences').send({ event_type: 'text_voicemail_missed', browser: false }).expect(200);
    const mine = (await member.agent.get('/api/notification-preferences').expect(200)).body;
    expect(mine.find((p: { event_type: string }) => p.event_type === 'text_voicemail_missed')).toEqual({
      event_type: 'text_voicemail_missed', in_app: true, mobile_push: true, browser: false, sms: false, email: true,
    });
    const owners = (await owner.agent.get('/api/notification-preferences').expect(200)).body;
    expect(owners.find((p: { event_type: string }) => p.event_type === 'text_voicemail_missed').email).toBe(false);
  });

  it('rejects an unknown event, a coming-soon one, no flag, two flags, or a non-boolean', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ event_type: 'nope', email: true }, 'Unknown notification event: nope'],
      [{ event_type: 'mentioned_note', email: true }, 'Mentioned in a note notifications are coming soon'],
      [{ event_type: 'new_ticket' }, 'Give exactly one channel flag: one of in_app, mobile_push, browser, sms, email'],
      [{ event_type: 'new_ticket', email: true, sms: false }, 'Give exactly one channel flag: one of in_app, mobile_push, browser, sms, email'],
      [{ event_type: 'new_ticket', email: 'yes' }, 'email must be true or false'],
      [{ email: true }, 'event_type is required'],
    ];
    for (const [body, error] of cases) {
      const res = await member.agent.patch('/api/notification-preferences').send(body).expect(400);
      expect(res.body.error).toBe(error);
    }
  });

  it('lists the catalogue with the Coming Soon events', async () => {
    const res = await member.agent.get('/api/notification-events').expect(200);
    expect(res.body).toHaveLength(19);
    expect(res.body.filter((e: { coming_soon: boolean }) => e.coming_soon).map((e: { event_type: string }) => e.event_type)).toEqual([
      'mentioned_note', 'team_mentioned', 'ticket_mentioned', 'added_collaborator',
      'team_ticket_created', 'team_member_removed', 'contact_form_update', 'activity_log_created',
    ]);
  });
});

describe('test e-mail and test SMS', () => {
  it('reports "No email configured" without an address and the missing SMTP server without settings', async () => {
    expect((await owner.agent.post('/api/test-email').send({}).expect(400)).body.error).toBe('No email configured');
    expect((await owner.agent.post('/api/test-email').send({ to: '  ' }).expect(400)).body.error).toBe('No email configured');
    const noSmtp = await owner.agent.post('/api/test-email').send({ to: 'me@example.com' }).expect(400);
    expect(noSmtp.body.error).toBe('No SMTP server configured: set the SMTP host and from address in Settings');
  });

  it("sends a real e-mail through the organization's SMTP server", async () => {
    await owner.agent.put('/api/settings').send({ smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_from_email: 'crm@example.com' }).expect(200);
    const res = await owner.agent.post('/api/test-email').send({ to: 'me@example.com' }).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Test email sent!' });
    await eventually('the test e-mail arrived', () => smtp.to('me@example.com').length === 1);
    expect(smtp.to('me@example.com')[0]).toMatchObject({ subject: 'Test email from Warranty CRM', from: 'crm@example.com' });
  });

  it("reports the SMTP server's error when it cannot deliver", async () => {
    await smtp.stop();
    try {
      const res = await owner.agent.post('/api/test-email').send({ to: 'me@example.com' }).expect(502);
      expect(res.body.error).toMatch(/^SMTP error: .*ECONNREFUSED/);
    } finally {
      await smtp.start();
    }
  });

  it('reports "No phone number configured" without a number and the missing Twilio account without one', async () => {
    expect((await owner.agent.post('/api/test-sms').send({}).expect(400)).body.error).toBe('No phone number configured');
    expect((await owner.agent.post('/api/test-sms').send({ to: '+15125550123' }).expect(400)).body.error).toBe('No Twilio account connected');
  });
});
