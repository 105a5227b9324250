import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectAccount, startTelephonyApp, type TelephonyApp } from './factories/telephony.js';
import { inviteMember, type InvitedMember } from './factories/members.js';
import { registerOwner, type SignedIn } from './factories/users.js';

/** Issue 28: the audit log records who changed what, when and from where, once per change. */

interface Entry {
  id: string;
  kind: string;
  actor_id: string | null;
  actor_username: string | null;
  subject: string | null;
  changes: { field: string; old?: unknown; new?: unknown; secret?: boolean }[];
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

let t: TelephonyApp;
let owner: SignedIn;
let member: InvitedMember;

beforeAll(async () => {
  t = await startTelephonyApp({ TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '' });
  owner = await registerOwner(t.app);
  await connectAccount(t.fake, owner.agent);
  member = await inviteMember(t.app, owner);
});
afterAll(async () => t.close());

async function log(filter: Record<string, unknown> = {}): Promise<Entry[]> {
  const res = await owner.agent.get('/api/audit-log').query({ filter: JSON.stringify(filter), range: '[0,499]' }).expect(200);
  return res.body;
}

describe('the audit log', () => {
  it('records each kind once, with who, when and from where, and a secret only as changed', async () => {
    const start = new Date().toISOString();
    const ua = { 'User-Agent': 'AuditTest/1.0' };
    // settings_changed: two fields and a secret
    await owner.agent.put('/api/settings').set(ua).send({ smtp_host: 'smtp.example.com', smtp_port: 2525, smtp_password: 'hunter2-very-secret' }).expect(200);
    // role_changed, user_invited, user_removed
    const invited = await owner.agent.post('/api/users/invite').set(ua).send({ username: 'audit-invitee', email: 'inv@example.com' }).expect(201);
    await owner.agent.patch(`/api/users/${invited.body.id}/role`).set(ua).send({ role: 'admin' }).expect(200);
    await owner.agent.delete(`/api/users/${invited.body.id}`).set(ua).expect(200);
    // number_bought, number_released
    const available = await owner.agent.get('/api/phone-numbers/search').query({ areaCode: '512' }).expect(200);
    const phone = available.body[0].phoneNumber as string;
    const bought = await owner.agent.post('/api/phone-numbers/purchase').set(ua).send({ phoneNumber: phone, brand: 'Acme' }).expect(201);
    await owner.agent.delete(`/api/phone-numbers/${bought.body.id}`).set(ua).expect(200);
    // sign_in_new_device: twice from one device, once from another
    const browser = t.app.agent();
    await browser.post('/api/login').set('User-Agent', 'NewDevice/1.0').send({ username: member.user.username, password: member.password }).expect(200);
    await t.app.agent().post('/api/login').set('User-Agent', 'NewDevice/1.0').send({ username: member.user.username, password: member.password }).expect(200);
    await t.app.agent().post('/api/login').set('User-Agent', 'OtherDevice/2.0').send({ username: member.user.username, password: member.password }).expect(200);

    const entries = await log({ from: start });
    const byKind = (kind: string) => entries.filter((e) => e.kind === kind);
    for (const kind of ['settings_changed', 'role_changed', 'user_invited', 'user_removed', 'number_bought', 'number_released']) {
      expect([kind, byKind(kind).length]).toEqual([kind, 1]);
      expect(byKind(kind)[0]).toMatchObject({ actor_id: owner.user.id, actor_username: owner.user.username, user_agent: 'AuditTest/1.0', ip: expect.stringMatching(/127\.0\.0\.1/) });
    }
    expect(byKind('sign_in_new_device').map((e) => [e.actor_id, e.user_agent]).sort()).toEqual([
      [member.user.id, 'NewDevice/1.0'],
      [member.user.id, 'OtherDevice/2.0'],
    ]);

    const settings = byKind('settings_changed')[0]!;
    expect(settings.changes).toEqual(expect.arrayContaining([
      { field: 'smtp_host', old: null, new: 'smtp.example.com' },
      { field: 'smtp_port', old: 587, new: 2525 },
      { field: 'smtp_password', secret: true },
    ]));
    expect(settings.changes).toHaveLength(3);
    expect(byKind('role_changed')[0]).toMatchObject({ subject: 'audit-invitee', changes: [{ field: 'role', old: 'agent', new: 'admin' }] });
    expect(byKind('user_invited')[0]).toMatchObject({ subject: 'audit-invitee' });
    expect(byKind('user_removed')[0]).toMatchObject({ subject: 'audit-invitee' });
    expect(byKind('number_bought')[0]).toMatchObject({ subject: phone, changes: [{ field: 'brand', old: null, new: 'Acme' }] });
    expect(byKind('number_released')[0]).toMatchObject({ subject: phone, changes: [{ field: 'action', old: 'purchased', new: 'released' }] });

    // The secret is nowhere: not in the API's answer, not in the table.
    expect(JSON.stringify(entries)).not.toContain('hunter2');
    const raw = await t.app.db.query(`select count(*)::int as n from audit_log where changes::text like '%hunter2%' or changes::text like '%v1:%'`);
    expect(raw.rows[0].n).toBe(0);
  });

  it('records product and webhook changes as settings changes, field by field', async () => {
    const start = new Date().toISOString();
    await owner.agent.put('/api/settings').send({ brands: ['Acme'] }).expect(200);
    const product = await owner.agent.post('/api/products').send({ brand: 'Acme', sku: 'AU-1', product_name: 'Jack', warranty_term: '1 year' }).expect(201);
    await owner.agent.put(`/api/products/${product.body.id}`).send({ brand: 'Acme', sku: 'AU-1', product_name: 'Jack XL', warranty_term: '1 year' }).expect(200);
    await owner.agent.delete(`/api/products/${product.body.id}`).expect(200);
    const webhook = await owner.agent.post('/api/webhooks').send({ name: 'Acme line', brand: 'Acme' }).expect(201);
    await owner.agent.delete(`/api/webhooks/${webhook.body.id}`).expect(200);

    const lines = (await log({ from: start, kind: 'settings_changed' })).reverse();
    expect(lines.map((e) => e.subject)).toEqual(['settings', 'Product AU-1 added', 'Product AU-1', 'Product AU-1 deleted', 'Webhook Acme line added', 'Webhook Acme line deleted']);
    expect(lines[0]!.changes).toEqual([{ field: 'brands', old: [], new: ['Acme'] }]);
    expect(lines[1]!.changes).toEqual(expect.arrayContaining([{ field: 'sku', old: null, new: 'AU-1' }, { field: 'product_name', old: null, new: 'Jack' }]));
    expect(lines[2]!.changes).toEqual([{ field: 'product_name', old: 'Jack', new: 'Jack XL' }]);
    expect(lines[3]!.changes).toEqual(expect.arrayContaining([{ field: 'sku', old: 'AU-1', new: null }]));
    expect(lines[4]!.changes).toEqual([{ field: 'brand', old: null, new: 'Acme' }]);
  });

  it("records a number's brand and greeting changes as settings changes", async () => {
    const available = await owner.agent.get('/api/phone-numbers/search').query({ areaCode: '512' }).expect(200);
    const bought = await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: available.body[1].phoneNumber, brand: 'Acme' }).expect(201);
    const start = new Date().toISOString();
    await owner.agent.patch(`/api/phone-numbers/${bought.body.id}`).send({ brand: 'Bolt' }).expect(200);
    await owner.agent.patch(`/api/phone-numbers/${bought.body.id}/greeting`).send({ greeting_type: 'text_to_speech', greeting_text: 'Hello from Bolt' }).expect(200);
    const lines = (await log({ from: start, kind: 'settings_changed' })).reverse();
    const phone = bought.body.phone_number as string;
    expect(lines.map((e) => [e.subject, e.changes])).toEqual([
      [phone, [{ field: 'brand', old: 'Acme', new: 'Bolt' }]],
      [`Greeting of ${phone}`, [{ field: 'greeting_type', old: 'default', new: 'text_to_speech' }, { field: 'greeting_text', old: null, new: 'Hello from Bolt' }]],
    ]);
  });

  it('records nothing when a save changes nothing, and nothing for a refused change', async () => {
    const before = (await log()).length;
    await owner.agent.put('/api/settings').send({ smtp_host: 'smtp.example.com' }).expect(200);
    await member.agent.put('/api/settings').send({ smtp_host: 'evil.example.com' }).expect(403);
    expect((await log()).length).toBe(before);
  });

  it('filters by actor, kind and date, pages with Content-Range, and accepts the export kind', async () => {
    const all = await log();
    const res = await owner.agent.get('/api/audit-log').query({ filter: JSON.stringify({ actor_id: member.user.id }), range: '[0,0]' }).expect(200);
    expect(res.body).toHaveLength(1);
    const total = all.filter((e) => e.actor_id === member.user.id).length;
    expect(res.headers['content-range']).toBe(`audit-log 0-0/${total}`);
    expect(res.body[0].actor_id).toBe(member.user.id);
    const kind = await log({ kind: 'role_changed' });
    expect(kind.length).toBeGreaterThan(0);
    expect(kind.every((e) => e.kind === 'role_changed')).toBe(true);
    expect(await log({ kind: 'export' })).toEqual([]);
    expect(await log({ to: '2000-01-01' })).toEqual([]);
    expect((await log({ from: '2000-01-01' })).length).toBe(all.length);
    const newestFirst = all.map((e) => e.created_at);
    expect([...newestFirst].sort().reverse()).toEqual(newestFirst);
    const bad = await owner.agent.get('/api/audit-log').query({ filter: JSON.stringify({ kind: 'nonsense' }) }).expect(400);
    expect(bad.body.error).toMatch(/^kind must be one of: settings_changed/);
  });

  it('is for the owner and admins only, cannot be edited or deleted, and is kept per organization', async () => {
    const refused = await member.agent.get('/api/audit-log').expect(403);
    expect(refused.body.error).toBe('Only the account owner and admins can read the audit log');
    const [entry] = await log();
    await owner.agent.delete(`/api/audit-log/${entry!.id}`).expect(404);
    await owner.agent.put(`/api/audit-log/${entry!.id}`).send({ kind: 'export' }).expect(404);
    await owner.agent.patch(`/api/audit-log/${entry!.id}`).send({ kind: 'export' }).expect(404);
    expect((await log()).find((e) => e.id === entry!.id)).toEqual(entry);

    const other = await registerOwner(t.app);
    const theirs = await other.agent.get('/api/audit-log').expect(200);
    expect(theirs.body).toEqual([]);
    const mine = await other.agent.get('/api/audit-log').query({ filter: JSON.stringify({ actor_id: owner.user.id }) }).expect(200);
    expect(mine.body).toEqual([]);
  });
});
