import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { inviteMember } from './factories/members.js';
import { registerOwner } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app.close());

const E164 = 'Please use E.164 format (e.g., +15551234567)';

describe('PATCH /api/user/profile', () => {
  it('saves the personal information and returns the updated user', async () => {
    const { agent, user } = await registerOwner(app);
    const body = {
      first_name: '  Jane ',
      last_name: 'Doe',
      email: 'jane@example.com',
      phone: '+15551234567',
      address: '1 Main St, Springfield',
      notification_email: 'alerts@example.com',
      notification_phone: '+447700900123',
    };
    const res = await agent.patch('/api/user/profile').send(body).expect(200);
    expect(res.body).toMatchObject({ ...body, first_name: 'Jane', id: user.id, username: user.username, is_account_owner: true });
    expect(res.body).not.toHaveProperty('password');
    expect((await agent.get('/api/user').expect(200)).body).toMatchObject({ ...body, first_name: 'Jane' });
    const row = (await app.db.query('select first_name, notification_phone from users where id = $1', [user.id])).rows[0];
    expect(row).toEqual({ first_name: 'Jane', notification_phone: '+447700900123' });
  });

  it('leaves fields that are not sent, and clears a field sent empty or null', async () => {
    const { agent } = await registerOwner(app);
    await agent.patch('/api/user/profile').send({ first_name: 'Jane', last_name: 'Doe', phone: '+15551234567' }).expect(200);
    const res = await agent.patch('/api/user/profile').send({ last_name: '', phone: null }).expect(200);
    expect(res.body).toMatchObject({ first_name: 'Jane', last_name: null, phone: null });
  });

  it('ignores fields a user may not change about themselves', async () => {
    const owner = await registerOwner(app);
    const member = await inviteMember(app, owner);
    const other = await registerOwner(app);
    const res = await member.agent
      .patch('/api/user/profile')
      .send({ first_name: 'Sam', is_account_owner: true, organization_id: other.user.organization_id, username: 'renamed', role: 'owner' })
      .expect(200);
    expect(res.body).toMatchObject({ first_name: 'Sam', is_account_owner: false, organization_id: owner.user.organization_id, username: member.user.username });
    const row = (await app.db.query('select is_account_owner, organization_id, username, role from users where id = $1', [member.user.id])).rows[0];
    expect(row).toEqual({ is_account_owner: false, organization_id: owner.user.organization_id, username: member.user.username, role: 'agent' });
    await member.agent.get('/api/users').expect(403);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Must be a valid email'],
    [{ notification_email: 'alerts@' }, 'notification_email', 'Must be a valid email'],
    [{ phone: '555-123-4567' }, 'phone', E164],
    [{ phone: '+05551234567' }, 'phone', E164],
    [{ phone: '+1234567890123456' }, 'phone', E164],
    [{ notification_phone: '15551234567' }, 'notification_phone', E164],
    [{ notification_phone: 15551234567 }, 'notification_phone', E164],
    [{ first_name: 'x'.repeat(256) }, 'first_name', 'First name must be at most 255 characters'],
    [{ last_name: 'x'.repeat(256) }, 'last_name', 'Last name must be at most 255 characters'],
    [{ email: `${'x'.repeat(60)}@${`${'d'.repeat(60)}.`.repeat(4)}com` }, 'email', 'Must be a valid email'], // longer than e-mail allows (254)
    [{ address: 'x'.repeat(1001) }, 'address', 'Address must be at most 1000 characters'],
    [{ first_name: 7 }, 'first_name', 'First name must be text'],
  ])('rejects %j with "%s: %s" and saves nothing', async (body, field, message) => {
    const { agent, user } = await registerOwner(app);
    const res = await agent.patch('/api/user/profile').send({ ...body, address: (body as { address?: string }).address ?? 'kept?' }).expect(400);
    expect(res.body).toEqual({ statusCode: 400, error: message, message, errors: [{ field, message }] });
    const row = (await app.db.query('select address from users where id = $1', [user.id])).rows[0];
    expect(row.address).toBeNull();
  });

  it('lists every failing field', async () => {
    const { agent } = await registerOwner(app);
    const res = await agent.patch('/api/user/profile').send({ email: 'x', phone: 'y' }).expect(400);
    expect(res.body.errors).toEqual([
      { field: 'email', message: 'Must be a valid email' },
      { field: 'phone', message: E164 },
    ]);
  });

  it('answers 401 when signed out', async () => {
    await app.request().patch('/api/user/profile').send({ first_name: 'X' }).expect(401);
  });
});

describe('POST /api/user/change-password', () => {
  it('changes the password and ends every other session of the user, not the current one', async () => {
    const owner = await registerOwner(app);
    const member = await inviteMember(app, owner);
    const otherBrowser = app.agent();
    await otherBrowser.post('/api/login').send({ username: member.user.username, password: member.password }).expect(200);
    const ownerSessions = async () =>
      (await app.db.query(`select count(*)::int as n from session where sess->'passport'->>'user' = $1`, [owner.user.id])).rows[0].n;
    const ownerBefore = await ownerSessions();

    const res = await member.agent
      .post('/api/user/change-password')
      .send({ currentPassword: member.password, newPassword: 'fresh-pass-9' })
      .expect(200);
    expect(res.body).toEqual({ success: true });

    await member.agent.get('/api/user').expect(200);
    await otherBrowser.get('/api/user').expect(401);
    const left = await app.db.query(`select count(*)::int as n from session where sess->'passport'->>'user' = $1`, [member.user.id]);
    expect(left.rows[0].n).toBe(1);
    expect(await ownerSessions()).toBe(ownerBefore);
    await owner.agent.get('/api/user').expect(200);

    await app.request().post('/api/login').send({ username: member.user.username, password: member.password }).expect(401);
    await app.request().post('/api/login').send({ username: member.user.username, password: 'fresh-pass-9' }).expect(200);
  });

  it('clears must_change_password', async () => {
    const { agent, user, password } = await registerOwner(app);
    await app.db.query('update users set must_change_password = true where id = $1', [user.id]);
    await agent.post('/api/user/change-password').send({ currentPassword: password, newPassword: 'fresh-pass-9' }).expect(200);
    expect((await agent.get('/api/user').expect(200)).body.must_change_password).toBe(false);
    await agent.get('/api/notifications').expect(200);
  });

  it('answers 400 for a wrong current password and keeps the old one and the sessions', async () => {
    const { agent, user, password } = await registerOwner(app);
    const otherBrowser = app.agent();
    await otherBrowser.post('/api/login').send({ username: user.username, password }).expect(200);
    const res = await agent.post('/api/user/change-password').send({ currentPassword: 'wrong-pass', newPassword: 'fresh-pass-9' }).expect(400);
    expect(res.body).toEqual({ statusCode: 400, error: 'Current password is incorrect', message: 'Current password is incorrect', code: 'users.current_password_incorrect' });
    await otherBrowser.get('/api/user').expect(200);
    await app.request().post('/api/login').send({ username: user.username, password }).expect(200);
  });

  it.each([
    [{ currentPassword: 'secret123', newPassword: '12345' }, 'newPassword', 'Password must be at least 6 characters'],
    [{ currentPassword: 'secret123' }, 'newPassword', 'New password is required'],
    [{ newPassword: 'fresh-pass-9' }, 'currentPassword', 'Current password is required'],
    [{ currentPassword: '', newPassword: 'fresh-pass-9' }, 'currentPassword', 'Current password is required'],
  ])('rejects %j with "%s: %s"', async (body, field, message) => {
    const { agent } = await registerOwner(app);
    const res = await agent.post('/api/user/change-password').send(body).expect(400);
    expect(res.body).toEqual({ statusCode: 400, error: message, message, errors: [{ field, message }] });
  });

  it('answers 401 when signed out', async () => {
    await app.request().post('/api/user/change-password').send({ currentPassword: 'a', newPassword: 'bbbbbb' }).expect(401);
  });
});
