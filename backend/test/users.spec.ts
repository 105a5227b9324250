import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from './support/job-probe.js';
import { randomUUID } from 'node:crypto';
import { inviteMember } from './factories/members.js';
import { registerOwner, uniqueUsername } from './factories/users.js';
import { EventProbe, EventProbeModule } from './support/event-probe.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let probe: EventProbe;

beforeAll(async () => {
  app = await startTestApp({}, { imports: [EventProbeModule] });
  probe = app.created.app.get(EventProbe);
});
afterAll(async () => app.close());

const OWNERS_ONLY = { statusCode: 403, error: 'Only account owners can manage users', message: 'Only account owners can manage users', code: 'auth.role_required' };

async function userRow(id: string) {
  return (await app.db.query('select * from users where id = $1', [id])).rows[0];
}

async function sessionCount(userId: string): Promise<number> {
  const rows = await app.db.query(`select count(*)::int as n from session where sess->'passport'->>'user' = $1`, [userId]);
  return rows.rows[0].n;
}

describe('GET /api/users', () => {
  it("lists the organization's users with the list fields and a Content-Range header", async () => {
    const owner = await registerOwner(app);
    const member = await inviteMember(app, owner);
    await registerOwner(app); // another organization, never listed

    const res = await owner.agent.get('/api/users').expect(200);
    expect(res.headers['content-range']).toBe('users 0-1/2');
    expect(res.headers['access-control-expose-headers']).toBe('Content-Range');
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toEqual({
      id: owner.user.id,
      username: owner.user.username,
      email: null,
      is_account_owner: true,
      role: 'owner',
      first_name: null,
      last_name: null,
      created_at: expect.any(String),
      last_login: expect.any(String),
    });
    expect(res.body[1]).toMatchObject({ id: member.user.id, username: member.user.username, is_account_owner: false, role: 'agent' });
    expect(Object.keys(res.body[1]).sort()).toEqual(
      ['created_at', 'email', 'first_name', 'id', 'is_account_owner', 'last_login', 'last_name', 'role', 'username'],
    );
  });

  it("pages and sorts with react-admin's range and sort parameters", async () => {
    const owner = await registerOwner(app, uniqueUsername('m-owner'));
    const names = ['c-' + uniqueUsername(), 'a-' + uniqueUsername(), 'b-' + uniqueUsername()];
    for (const username of names) await owner.agent.post('/api/users/invite').send({ username }).expect(201);

    const page = await owner.agent
      .get('/api/users')
      .query({ sort: JSON.stringify(['username', 'ASC']), range: JSON.stringify([0, 1]) })
      .expect(200);
    expect(page.headers['content-range']).toBe('users 0-1/4');
    expect(page.body.map((u: { username: string }) => u.username)).toEqual([names[1], names[2]]);

    const last = await owner.agent
      .get('/api/users')
      .query({ sort: JSON.stringify(['created_at', 'DESC']), range: JSON.stringify([3, 9]) })
      .expect(200);
    expect(last.headers['content-range']).toBe('users 3-3/4');
    expect(last.body.map((u: { username: string }) => u.username)).toEqual([owner.user.username]);

    const search = await owner.agent.get('/api/users').query({ filter: JSON.stringify({ q: names[0].slice(0, 8) }) }).expect(200);
    expect(search.body.map((u: { username: string }) => u.username)).toEqual([names[0]]);
  });

  it('rejects an unknown sort field with a 400 that names the sortable fields', async () => {
    const owner = await registerOwner(app);
    const res = await owner.agent.get('/api/users').query({ sort: '["password","ASC"]' }).expect(400);
    expect(res.body.error).toBe('The sort parameter must be [field, "ASC" | "DESC"] with field one of: username, created_at');
  });

  it('refuses an ordinary user', async () => {
    const owner = await registerOwner(app);
    const member = await inviteMember(app, owner);
    const res = await member.agent.get('/api/users').expect(403);
    expect(res.body).toEqual(OWNERS_ONLY);
  });
});

describe('POST /api/users/invite', () => {
  it("creates a user of the owner's organization who must change the temporary password", async () => {
    const owner = await registerOwner(app);
    const username = uniqueUsername('invitee');
    const res = await owner.agent.post('/api/users/invite').send({ username, email: 'sam@example.com' }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      username,
      temporaryPassword: expect.stringMatching(/^[A-Za-z2-9]{16}$/),
      invitation: { email: 'sam@example.com', status: 'queued', sent_at: null, error: null },
    });

    const row = (await app.db.query('select * from users where lower(username) = lower($1)', [username])).rows[0];
    expect(row).toMatchObject({
      organization_id: owner.user.organization_id,
      email: 'sam@example.com',
      is_account_owner: false,
      must_change_password: true,
    });
    expect(row.password).toMatch(/^scrypt\$/);
    expect(row.password).not.toContain(res.body.temporaryPassword);

    // The invited user signs in, is held until the change, then works normally.
    const agent = app.agent();
    const login = await agent.post('/api/login').send({ username, password: res.body.temporaryPassword }).expect(200);
    expect(login.body).toMatchObject({ must_change_password: true, is_account_owner: false, organization_id: owner.user.organization_id });
    expect((await agent.get('/api/notifications').expect(403)).body.error).toBe('You must change your password before continuing.');
    await agent.post('/api/change-password').send({ newPassword: 'my-own-pass' }).expect(200);
    await agent.get('/api/notifications').expect(200);
    const [invited] = await probe.waitFor((event) => event.name === 'user.invited' && event.payload.userId === row.id);
    expect(invited.payload).toEqual({ organizationId: owner.user.organization_id, userId: row.id, invitedById: owner.user.id });
  });

  it('hands out a different temporary password for every invite', async () => {
    const owner = await registerOwner(app);
    const a = await owner.agent.post('/api/users/invite').send({ username: uniqueUsername() }).expect(201);
    const b = await owner.agent.post('/api/users/invite').send({ username: uniqueUsername() }).expect(201);
    expect(a.body.temporaryPassword).not.toBe(b.body.temporaryPassword);
  });

  it('treats an empty e-mail as none', async () => {
    const owner = await registerOwner(app);
    const username = uniqueUsername();
    await owner.agent.post('/api/users/invite').send({ username, email: '' }).expect(201);
    const row = (await app.db.query('select email from users where username = $1', [username])).rows[0];
    expect(row.email).toBeNull();
  });

  it.each([
    [{}, 'username', 'Username is required.'],
    [{ username: '   ' }, 'username', 'Username is required.'],
    [{ username: 42 }, 'username', 'Username is required.'],
    [{ username: 'x'.repeat(256) }, 'username', 'Username must be at most 255 characters'],
    [{ username: 'valid-name', email: 'not-an-email' }, 'email', 'Must be a valid email'],
  ])('rejects %j with "%s: %s"', async (body, field, message) => {
    const owner = await registerOwner(app);
    const res = await owner.agent.post('/api/users/invite').send(body).expect(400);
    expect(res.body).toEqual({ statusCode: 400, error: message, message, errors: [{ field, message }] });
  });

  it("answers 409 for a taken username in any letter case, even another organization's", async () => {
    const owner = await registerOwner(app);
    const other = await registerOwner(app);
    const before = (await app.db.query('select count(*)::int as n from users')).rows[0].n;
    for (const username of [owner.user.username.toUpperCase(), other.user.username]) {
      const res = await owner.agent.post('/api/users/invite').send({ username }).expect(409);
      expect(res.body).toEqual({ statusCode: 409, error: 'Username already exists', message: 'Username already exists', code: 'users.username_taken' });
    }
    expect((await app.db.query('select count(*)::int as n from users')).rows[0].n).toBe(before);
  });

  it('lets exactly one of several simultaneous invites of a name win', async () => {
    const owner = await registerOwner(app);
    const username = uniqueUsername('race');
    const results = await Promise.all(
      [username, username.toUpperCase(), username, username.toUpperCase()].map((name) =>
        owner.agent.post('/api/users/invite').send({ username: name }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(results.find((r) => r.status === 409)!.body.error).toBe('Username already exists');
    const rows = await app.db.query('select count(*)::int as n from users where lower(username) = lower($1)', [username]);
    expect(rows.rows[0].n).toBe(1);
  });

  it('refuses an ordinary user before reading the body, and creates nobody', async () => {
    const owner = await registerOwner(app);
    const member = await inviteMember(app, owner);
    const username = uniqueUsername('sneaky');
    expect((await member.agent.post('/api/users/invite').send({ username }).expect(403)).body).toEqual(OWNERS_ONLY);
    expect((await member.agent.post('/api/users/invite').send({}).expect(403)).body).toEqual(OWNERS_ONLY);
    expect((await app.db.query('select 1 from users where username = $1', [username])).rowCount).toBe(0);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('removes the user and ends their sessions at once, keeping the tickets and calls they touched', async () => {
    const owner = await registerOwner(app);
    const member = await inviteMember(app, owner);
    const org = owner.user.organization_id;
    const secondBrowser = app.agent();
    await secondBrowser.post('/api/login').send({ username: member.user.username, password: member.password }).expect(200);
    await member.agent.get('/api/user').expect(200);
    expect(await sessionCount(member.user.id)).toBe(2);

    const customer = (await app.db.query(`insert into customers (organization_id, name, phone) values ($1, 'Pat', '+15550001111') returning id`, [org])).rows[0];
    const ticket = (await app.db.query(
      `insert into tickets (ticket_number, organization_id, customer_id, issue_description) values ($1, $2, $3, 'Broken') returning id`,
      [`T-${randomUUID().slice(0, 8)}`, org, customer.id],
    )).rows[0];
    const change = (await app.db.query(
      `insert into ticket_status_changes (organization_id, ticket_id, from_status, to_status, changed_by_id) values ($1, $2, 'Open', 'Closed', $3) returning id`,
      [org, ticket.id, member.user.id],
    )).rows[0];
    const call = (await app.db.query(
      `insert into call_logs (organization_id, ticket_id, is_returned, returned_by_id, returned_at) values ($1, $2, true, $3, now()) returning id`,
      [org, ticket.id, member.user.id],
    )).rows[0];
    await app.db.query(`insert into notifications (organization_id, user_id, type, title, message) values ($1, $2, 'system', 'Hi', 'Hello')`, [org, member.user.id]);
    await app.db.query(`insert into notification_preferences (organization_id, user_id, event_type) values ($1, $2, 'new_ticket')`, [org, member.user.id]);

    const res = await owner.agent.delete(`/api/users/${member.user.id}`).expect(200);
    expect(res.body).toEqual({ success: true });

    expect(await userRow(member.user.id)).toBeUndefined();
    expect(await sessionCount(member.user.id)).toBe(0);
    await member.agent.get('/api/user').expect(401);
    await secondBrowser.get('/api/notifications').expect(401);
    await app.request().post('/api/login').send({ username: member.user.username, password: member.password }).expect(401);

    expect((await app.db.query('select 1 from notifications where user_id = $1', [member.user.id])).rowCount).toBe(0);
    expect((await app.db.query('select 1 from notification_preferences where user_id = $1', [member.user.id])).rowCount).toBe(0);
    expect((await app.db.query('select changed_by_id from ticket_status_changes where id = $1', [change.id])).rows).toEqual([{ changed_by_id: null }]);
    expect((await app.db.query('select is_returned, returned_by_id from call_logs where id = $1', [call.id])).rows).toEqual([
      { is_returned: true, returned_by_id: null },
    ]);
    expect((await app.db.query('select 1 from tickets where id = $1', [ticket.id])).rowCount).toBe(1);

    // The owner stays signed in and no longer lists them.
    const list = await owner.agent.get('/api/users').expect(200);
    expect(list.body.map((u: { id: string }) => u.id)).toEqual([owner.user.id]);
    const [removed] = await probe.waitFor((event) => event.name === 'user.removed' && event.payload.userId === member.user.id);
    expect(removed.payload).toEqual({ organizationId: org, userId: member.user.id, removedById: owner.user.id });
  });

  it('does not let the owner remove themselves', async () => {
    const owner = await registerOwner(app);
    const res = await owner.agent.delete(`/api/users/${owner.user.id}`).expect(403);
    expect(res.body.error).toBe('You cannot remove yourself');
    expect(await userRow(owner.user.id)).toBeDefined();
  });

  it('does not remove an account owner', async () => {
    const owner = await registerOwner(app);
    const coOwner = await inviteMember(app, owner);
    // One rule, the guard's: the owner is the user whose role is owner.
    await app.db.query(`update users set role = 'owner' where id = $1`, [coOwner.user.id]);
    const res = await owner.agent.delete(`/api/users/${coOwner.user.id}`).expect(403);
    expect(res.body.error).toBe('The account owner cannot be removed');
    expect(await userRow(coOwner.user.id)).toBeDefined();
    await coOwner.agent.get('/api/user').expect(200);
  });

  it('lets a user manage users by their owner role, as the route guard does (not by the is_account_owner flag)', async () => {
    const owner = await registerOwner(app);
    const coOwner = await inviteMember(app, owner);
    const member = await inviteMember(app, owner);
    await app.db.query(`update users set role = 'owner' where id = $1`, [coOwner.user.id]);
    // A change made outside the app reaches its session cache by NOTIFY, within moments (issue 32).
    await eventually('the new role shows', async () => (await coOwner.agent.get('/api/user').expect(200)).body.role === 'owner', 2_000);
    await coOwner.agent.delete(`/api/users/${member.user.id}`).expect(200);
    expect(await userRow(member.user.id)).toBeUndefined();
  });

  it("answers 404 for another organization's user and changes nothing", async () => {
    const ownerA = await registerOwner(app);
    const ownerB = await registerOwner(app);
    const memberB = await inviteMember(app, ownerB);
    for (const id of [memberB.user.id, ownerB.user.id]) {
      const res = await ownerA.agent.delete(`/api/users/${id}`).expect(404);
      expect(res.body).toEqual({ statusCode: 404, error: 'User not found', message: 'User not found', code: 'users.not_found' });
      expect(await userRow(id)).toBeDefined();
    }
    expect(await sessionCount(memberB.user.id)).toBe(1);
    await memberB.agent.get('/api/user').expect(200);
  });

  it.each(['not-a-uuid', randomUUID(), "1' or '1'='1"])('answers 404 for the id %s', async (id) => {
    const owner = await registerOwner(app);
    const res = await owner.agent.delete(`/api/users/${encodeURIComponent(id)}`).expect(404);
    expect(res.body.error).toBe('User not found');
  });

  it('refuses an ordinary user and removes nobody', async () => {
    const owner = await registerOwner(app);
    const member = await inviteMember(app, owner);
    const other = await inviteMember(app, owner);
    expect((await member.agent.delete(`/api/users/${other.user.id}`).expect(403)).body).toEqual(OWNERS_ONLY);
    expect((await member.agent.delete(`/api/users/${owner.user.id}`).expect(403)).body).toEqual(OWNERS_ONLY);
    expect(await userRow(other.user.id)).toBeDefined();
    expect(await userRow(owner.user.id)).toBeDefined();
  });
});

describe('OpenAPI', () => {
  it('documents the user, profile and organization routes with their DTOs', async () => {
    const doc = (await app.request().get('/api/docs-json').expect(200)).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/users', '/api/users/invite', '/api/users/{id}', '/api/user/profile', '/api/user/change-password', '/api/organizations/{id}', '/api/organizations/{id}/a2p']),
    );
    expect(doc.paths['/api/users/invite'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/InviteUserDto');
    expect(doc.paths['/api/users/invite'].post.responses['201'].content['application/json'].schema.$ref).toBe('#/components/schemas/InvitedUserDto');
    expect(doc.paths['/api/organizations/{id}/a2p'].patch.responses['403'].content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorResponseDto');
    expect(Object.keys(doc.components.schemas.OrganizationResponseDto.properties)).not.toContain('twilio_subaccount_auth_token');
  });
});

describe('signed out', () => {
  it.each([
    ['get', '/api/users'],
    ['post', '/api/users/invite'],
    ['delete', `/api/users/${randomUUID()}`],
  ] as const)('%s %s answers 401', async (method, path) => {
    const res = await app.request()[method](path).send({ username: 'x' }).expect(401);
    expect(res.body.error).toBe('Not signed in');
  });
});
