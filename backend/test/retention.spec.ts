import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type TestAgent from 'supertest/lib/agent.js';
import { RETENTION_MESSAGES } from '@warranty-crm/contract';
import type { FakeAccount } from '../src/dev/fake-twilio/fake-twilio.js';
import { RetentionRunner } from '../src/modules/customer-data/retention/retention-runner.service.js';
import { inviteMember } from './factories/members.js';
import { connectAccount, leaveVoicemail, startTelephonyApp, type TelephonyApp } from './factories/telephony.js';
import { createTicket, type CreatedTicket } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { eventually } from './support/job-probe.js';
import type { TestApp } from './support/test-app.js';

/** Issue 35, retention: per organization, dry run first, applied by the daily task with a clock tests move. */

const DAY = 24 * 3600 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

let t: TelephonyApp;
let app: TestApp;
let runner: RetentionRunner;

beforeAll(async () => {
  t = await startTelephonyApp({ JOBS_POLL_INTERVAL_MS: '100' });
  app = t.app;
  runner = app.created.app.get(RetentionRunner);
});
afterAll(async () => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const fileOnDisk = (objectPath: string) => join(app.config.dataDir, 'objects', objectPath.replace(/^\/objects\//, ''));
const exists = (path: string) => access(path).then(() => true, () => false);

async function attach(agent: TestAgent, ticketId: string, at: Date): Promise<{ id: string; object_path: string }> {
  const target = await agent.post(`/api/tickets/${ticketId}/attachments/uploads`).send({ filename: 'receipt.pdf', type: 'application/pdf', size: PDF.length }).expect(200);
  await app.request().put(target.body.uploadURL).set(target.body.headers).send(PDF).expect(200);
  const res = await agent.post(`/api/tickets/${ticketId}/attachments`).send({ object_path: target.body.objectPath, tag: 'receipt' }).expect(201);
  await app.db.query('update ticket_attachments set created_at = $2 where id = $1', [res.body.id, at]);
  return { id: res.body.id, object_path: target.body.objectPath };
}

/** A file an inbound e-mail carried `at` (kept on the message), stored through a signed upload. */
async function mailedFile(agent: TestAgent, ticketId: string, at: Date): Promise<{ messageId: string; object_path: string }> {
  const target = await agent.post(`/api/tickets/${ticketId}/attachments/uploads`).send({ filename: 'photo.pdf', type: 'application/pdf', size: PDF.length }).expect(200);
  await app.request().put(target.body.uploadURL).set(target.body.headers).send(PDF).expect(200);
  const { rows } = await app.db.query(
    `insert into ticket_messages (organization_id, ticket_id, channel, direction, status, body, attachments, created_at)
     select organization_id, id, 'email', 'inbound', 'received', 'Photo attached', $2::jsonb, $3 from tickets where id = $1 returning id`,
    [ticketId, JSON.stringify([{ filename: 'photo.pdf', content_type: 'application/pdf', size: PDF.length, object_path: target.body.objectPath }]), at],
  );
  return { messageId: rows[0].id, object_path: target.body.objectPath };
}

/** A ticket closed through the API, then left untouched since `at`. */
async function closedTicket(agent: TestAgent, at: Date, overrides: Record<string, unknown> = {}): Promise<CreatedTicket> {
  const ticket = await createTicket(agent, overrides);
  await agent.patch(`/api/tickets/${ticket.id}`).send({ status: 'Closed' }).expect(200);
  await app.db.query('update tickets set updated_at = $2 where id = $1', [ticket.id, at]);
  return ticket;
}

interface Org {
  owner: SignedIn;
  account: FakeAccount;
  line: string;
}

async function organization(): Promise<Org> {
  const owner = await registerOwner(app);
  const account = await connectAccount(t.fake, owner.agent);
  const found = await owner.agent.get('/api/phone-numbers/search').query({ areaCode: '512' }).expect(200);
  const line = (await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: found.body[0].phoneNumber, brand: 'Acme' }).expect(201)).body.phone_number;
  return { owner, account, line };
}

/** A voicemail with a recording at (fake) Twilio, made `at`. */
async function voicemail(org: Org, at: Date, from: string): Promise<{ callSid: string; recordingSid: string }> {
  const vm = await leaveVoicemail(t, org.account, { from, to: org.line, transcript: 'Please call me back about my jack' });
  await app.db.query('update call_logs set created_at = $2 where call_sid = $1', [vm.callSid, at]);
  return vm;
}

const callLog = async (callSid: string) => (await app.db.query('select recording_sid, recording_url, transcription from call_logs where call_sid = $1', [callSid])).rows[0];
const attachmentRow = async (id: string) => (await app.db.query('select id from ticket_attachments where id = $1', [id])).rows[0];
const auditOf = async (who: SignedIn) =>
  (await who.agent.get('/api/audit-log').query({ filter: JSON.stringify({ kind: 'retention_applied' }) }).expect(200)).body as { kind: string; actor_username: string; changes: unknown[] }[];

describe('the retention policy (Settings → Data retention)', () => {
  it('keeps everything and is off until set; periods are bounded; administrators only; on only after a dry run', async () => {
    const { owner } = { owner: await registerOwner(app) };
    expect((await owner.agent.get('/api/settings/retention').expect(200)).body).toEqual({
      recordings_days: null,
      attachments_days: null,
      closed_tickets_days: null,
      closed_tickets_action: 'anonymise',
      enabled: false,
      dry_run_at: null,
      last_run_at: null,
    });
    for (const bad of [29, 3651, 12.5, 'ninety']) {
      const res = await owner.agent.put('/api/settings/retention').send({ recordings_days: bad }).expect(400);
      expect(res.body.message).toBe(RETENTION_MESSAGES.days);
    }
    expect((await owner.agent.put('/api/settings/retention').send({ closed_tickets_action: 'shred' }).expect(400)).body.message).toBe(RETENTION_MESSAGES.action);
    const none = await owner.agent.put('/api/settings/retention').send({ enabled: true }).expect(400);
    expect(none.body.code).toBe('customer_data.retention_dry_run_required');

    const saved = await owner.agent.put('/api/settings/retention').send({ recordings_days: 90, closed_tickets_days: 3650 }).expect(200);
    expect(saved.body).toMatchObject({ recordings_days: 90, attachments_days: null, closed_tickets_days: 3650, enabled: false });
    const early = await owner.agent.put('/api/settings/retention').send({ enabled: true }).expect(400);
    expect(early.body).toMatchObject({ statusCode: 400, code: 'customer_data.retention_dry_run_required', message: RETENTION_MESSAGES.dryRunFirst });

    const member = await inviteMember(app, owner);
    await member.agent.get('/api/settings/retention').expect(403);
    await member.agent.put('/api/settings/retention').send({ recordings_days: 30 }).expect(403);
    await member.agent.post('/api/settings/retention/dry-run').expect(403);

    await owner.agent.post('/api/settings/retention/dry-run').expect(200);
    const on = await owner.agent.put('/api/settings/retention').send({ enabled: true }).expect(200);
    expect(on.body.enabled).toBe(true);
    // A changed period is not what the dry run counted: off until a new one.
    const changed = await owner.agent.put('/api/settings/retention').send({ recordings_days: 120 }).expect(200);
    expect(changed.body).toMatchObject({ recordings_days: 120, enabled: false, dry_run_at: null });
    await owner.agent.put('/api/settings/retention').send({ recordings_days: 120, enabled: true }).expect(400);
    const audit = (await owner.agent.get('/api/audit-log').query({ filter: JSON.stringify({ kind: 'settings_changed' }) }).expect(200)).body as { subject: string }[];
    expect(audit.some((a) => a.subject === 'data retention')).toBe(true);
  });
});

describe('applying retention', () => {
  it('dry run counts without changing anything; the task with the clock moved forward deletes old recordings and attachments and anonymises old closed tickets, leaving newer rows, other organizations and the totals alone', async () => {
    const org = await organization();
    const other = await organization();
    const { owner } = org;
    // Kept 365 days. "old" is 400 days old (past it today), "middle" 350 (past it in 30 days), "new" is today's.
    const vmOld = await voicemail(org, daysAgo(400), '+15125550101');
    const vmMiddle = await voicemail(org, daysAgo(350), '+15125550102');
    const vmNew = await voicemail(org, new Date(), '+15125550103');
    const holder = await createTicket(owner.agent, { customerName: 'Attachment Holder', customerPhone: '+15125550199' });
    const atOld = await attach(owner.agent, holder.id, daysAgo(400));
    const atMiddle = await attach(owner.agent, holder.id, daysAgo(350));
    const atNew = await attach(owner.agent, holder.id, new Date());
    const mailed = await mailedFile(owner.agent, holder.id, daysAgo(400));
    const closedOld = await closedTicket(owner.agent, daysAgo(400), { customerName: 'Olga Oldclosed', customerEmail: 'olga.oldclosed@example.com', customerPhone: '+15125550111', issueDescription: 'Olga wrote this long ago about her jack' });
    const closedMiddle = await closedTicket(owner.agent, daysAgo(350), { customerName: 'Mia Middle', customerPhone: '+15125550112' });
    const closedNew = await closedTicket(owner.agent, new Date(), { customerName: 'Nina New', customerPhone: '+15125550113' });
    const openOld = await createTicket(owner.agent, { customerName: 'Otto Open', customerPhone: '+15125550114' });
    await app.db.query('update tickets set updated_at = $2 where id = $1', [openOld.id, daysAgo(400)]);
    // The other organization has the same old rows and no policy.
    const theirVm = await voicemail(other, daysAgo(400), '+15125550121');
    const theirTicket = await closedTicket(other.owner.agent, daysAgo(400), { customerName: 'Theo Theirs', customerPhone: '+15125550122' });
    const theirAttachment = await attach(other.owner.agent, theirTicket.id, daysAgo(400));

    await owner.agent.put('/api/settings/retention').send({ recordings_days: 365, attachments_days: 365, closed_tickets_days: 365, closed_tickets_action: 'anonymise' }).expect(200);
    const dry = await owner.agent.post('/api/settings/retention/dry-run').expect(200);
    expect(dry.body).toMatchObject({ recordings: 1, attachments: 2, closed_tickets: 1, closed_tickets_action: 'anonymise' });
    // Nothing changed.
    expect((await callLog(vmOld.callSid)).recording_sid).toBe(vmOld.recordingSid);
    expect(await attachmentRow(atOld.id)).toBeDefined();
    expect(await exists(fileOnDisk(atOld.object_path))).toBe(true);
    expect((await owner.agent.get(`/api/tickets/${closedOld.id}`).expect(200)).body.issue_description).toBe('Olga wrote this long ago about her jack');
    // Not enabled yet: the task leaves it alone.
    const organizationId = (await app.db.query('select organization_id from tickets where id = $1', [closedOld.id])).rows[0].organization_id;
    expect((await runner.applyAll(new Date(Date.now() + 30 * DAY))).map((r) => r.organizationId)).not.toContain(organizationId);
    expect((await callLog(vmOld.callSid)).recording_sid).toBe(vmOld.recordingSid);
    await owner.agent.put('/api/settings/retention').send({ enabled: true }).expect(200);

    const metricsBefore = (await owner.agent.get('/api/tickets/metrics').expect(200)).body;
    const brandsBefore = (await owner.agent.get('/api/analytics/brands').expect(200)).body;
    const theirMetricsBefore = (await other.owner.agent.get('/api/tickets/metrics').expect(200)).body;

    const runs = await runner.applyAll(new Date(Date.now() + 30 * DAY));
    expect(runs).toEqual([{ organizationId, recordings: 2, attachments: 3, closed_tickets: 2 }]);

    // Recordings: forgotten on the call log, deleted at Twilio; the newer one stays.
    for (const vm of [vmOld, vmMiddle]) expect(await callLog(vm.callSid)).toMatchObject({ recording_sid: null, recording_url: null });
    expect((await callLog(vmNew.callSid)).recording_sid).toBe(vmNew.recordingSid);
    await eventually('the old recordings are deleted at Twilio', () => !t.fake.recordings.has(vmOld.recordingSid) && !t.fake.recordings.has(vmMiddle.recordingSid));
    expect(t.fake.recordings.has(vmNew.recordingSid)).toBe(true);
    // Attachments: rows and files gone; the newer one stays.
    expect(await attachmentRow(atOld.id)).toBeUndefined();
    expect(await attachmentRow(atMiddle.id)).toBeUndefined();
    await eventually('the old attachments are gone from storage', async () => !(await exists(fileOnDisk(atOld.object_path))) && !(await exists(fileOnDisk(atMiddle.object_path))));
    await eventually('the file the old e-mail carried is gone from storage', async () => !(await exists(fileOnDisk(mailed.object_path))));
    expect((await app.db.query('select attachments from ticket_messages where id = $1', [mailed.messageId])).rows[0].attachments).toEqual([]);
    expect(await attachmentRow(atNew.id)).toBeDefined();
    expect(await exists(fileOnDisk(atNew.object_path))).toBe(true);
    // Closed tickets: anonymised (the ticket stays), their only customer erased; the newer and the open one untouched.
    const olds = (await owner.agent.get(`/api/tickets/${closedOld.id}`).expect(200)).body;
    expect(olds).toMatchObject({ id: closedOld.id, ticket_number: closedOld.ticket_number, status: 'Closed', issue_description: '[erased]' });
    expect(JSON.stringify(olds)).not.toContain('Olga');
    expect((await owner.agent.get(`/api/customers/${closedOld.customer.id}`).expect(200)).body).toMatchObject({ name: 'Erased customer', email: null, phone: null });
    expect((await owner.agent.get(`/api/tickets/${closedMiddle.id}`).expect(200)).body.issue_description).toBe('[erased]');
    expect((await owner.agent.get(`/api/tickets/${closedNew.id}`).expect(200)).body.customer.name).toBe('Nina New');
    expect((await owner.agent.get(`/api/tickets/${openOld.id}`).expect(200)).body.customer.name).toBe('Otto Open');
    const search = (await owner.agent.get('/api/search').query({ q: 'olga.oldclosed@example.com' }).expect(200)).body;
    expect(JSON.stringify(search)).not.toContain(closedOld.id);
    // The totals do not move when tickets are anonymised.
    expect((await owner.agent.get('/api/tickets/metrics').expect(200)).body).toEqual(metricsBefore);
    expect((await owner.agent.get('/api/analytics/brands').expect(200)).body).toEqual(brandsBefore);

    // The other organization: untouched.
    expect((await callLog(theirVm.callSid)).recording_sid).toBe(theirVm.recordingSid);
    expect(t.fake.recordings.has(theirVm.recordingSid)).toBe(true);
    expect(await attachmentRow(theirAttachment.id)).toBeDefined();
    expect((await other.owner.agent.get(`/api/tickets/${theirTicket.id}`).expect(200)).body.customer.name).toBe('Theo Theirs');
    expect((await other.owner.agent.get('/api/tickets/metrics').expect(200)).body).toEqual(theirMetricsBefore);
    expect(await auditOf(other.owner)).toEqual([]);

    // One audit-log line for the run, with the counts (the act, not the data).
    const audit = await auditOf(owner);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ kind: 'retention_applied', actor_username: 'Retention policy' });
    expect(audit[0]!.changes).toEqual([
      { field: 'recordings_deleted', new: 2 },
      { field: 'attachments_deleted', new: 3 },
      { field: 'closed_tickets_anonymised', new: 2 },
    ]);
    expect((await owner.agent.get('/api/settings/retention').expect(200)).body.last_run_at).not.toBeNull();
    const dryAfter = await owner.agent.post('/api/settings/retention/dry-run').expect(200);
    expect(dryAfter.body).toMatchObject({ recordings: 0, attachments: 0, closed_tickets: 0 });
  });

  it('deletes closed tickets when the policy says delete, and the totals follow', async () => {
    const owner = await registerOwner(app);
    const gone = await closedTicket(owner.agent, daysAgo(40), { customerName: 'Dora Deleted', customerPhone: '+15125550131' });
    const kept = await closedTicket(owner.agent, daysAgo(10), { customerName: 'Kim Kept', customerPhone: '+15125550132' });
    await attach(owner.agent, gone.id, daysAgo(40));
    await owner.agent.put('/api/settings/retention').send({ closed_tickets_days: 30, closed_tickets_action: 'delete' }).expect(200);
    expect((await owner.agent.post('/api/settings/retention/dry-run').expect(200)).body).toMatchObject({ recordings: 0, attachments: 0, closed_tickets: 1, closed_tickets_action: 'delete' });
    await owner.agent.put('/api/settings/retention').send({ enabled: true }).expect(200);
    expect((await owner.agent.get('/api/tickets/metrics').expect(200)).body.total).toBe(2);

    const runs = await runner.applyAll(new Date());
    expect(runs.find((r) => r.closed_tickets === 1)).toBeDefined();
    await owner.agent.get(`/api/tickets/${gone.id}`).expect(404);
    await owner.agent.get(`/api/tickets/${kept.id}`).expect(200);
    expect((await owner.agent.get('/api/tickets/metrics').expect(200)).body.total).toBe(1);
    expect((await owner.agent.get(`/api/customers/${gone.customer.id}`).expect(200)).body.name).toBe('Erased customer');
    expect((await auditOf(owner))[0]!.changes).toContainEqual({ field: 'closed_tickets_deleted', new: 1 });
  });

  it('runs once when the task is invoked twice at the same time', async () => {
    const owner = await registerOwner(app);
    const ticket = await createTicket(owner.agent, { customerName: 'Cora Concurrent', customerPhone: '+15125550141' });
    const files = [];
    for (let i = 0; i < 3; i += 1) files.push(await attach(owner.agent, ticket.id, daysAgo(100)));
    await owner.agent.put('/api/settings/retention').send({ attachments_days: 60 }).expect(200);
    await owner.agent.post('/api/settings/retention/dry-run').expect(200);
    await owner.agent.put('/api/settings/retention').send({ enabled: true }).expect(200);

    const now = new Date();
    const [a, b] = await Promise.all([runner.applyAll(now), runner.applyAll(now)]);
    const mine = [...a, ...b].filter((r) => r.attachments > 0 || r.recordings > 0 || r.closed_tickets > 0);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.attachments).toBe(3);
    expect(await auditOf(owner)).toHaveLength(1);
    // Again in the same period: nothing more.
    expect(await runner.applyAll(now)).toEqual([]);
    expect(await auditOf(owner)).toHaveLength(1);
    for (const f of files) expect(await attachmentRow(f.id)).toBeUndefined();
  });
});
