import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from './support/job-probe.js';
import { registerOwner, uniqueUsername } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ LOGIN_MAX_FAILURES: '3', LOGIN_LOCK_MINUTES: '15' });
});
afterAll(async () => app.close());

function sessionCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((c) => c.startsWith(`${app.config.session.cookieName}=`));
}

describe('POST /api/register', () => {
  it('creates an organization with the user as its account owner and signs them in', async () => {
    const username = uniqueUsername('reg');
    const agent = app.agent();
    const res = await agent.post('/api/register').send({ username, password: 'secret123' }).expect(201);
    expect(res.body).toMatchObject({ username, is_account_owner: true, must_change_password: false });
    expect(res.body).not.toHaveProperty('password');
    expect(res.body).not.toHaveProperty('passwordHash');
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);

    const me = await agent.get('/api/user').expect(200);
    expect(me.body.id).toBe(res.body.id);

    const org = await app.db.query('select name from organizations where id = $1', [res.body.organization_id]);
    expect(org.rows).toHaveLength(1);
    const stored = await app.db.query('select password from users where id = $1', [res.body.id]);
    expect(stored.rows[0].password).toMatch(/^scrypt\$/);
    expect(stored.rows[0].password).not.toContain('secret123');
  });

  it('names the organization after organization_name (trimmed), or "<username>\'s organization" when absent', async () => {
    const named = await app.request().post('/api/register').send({ username: uniqueUsername('named'), password: 'secret123', organization_name: '  Acme Audio  ' }).expect(201);
    const unnamed = uniqueUsername('unnamed');
    const legacy = await app.request().post('/api/register').send({ username: unnamed, password: 'secret123' }).expect(201);
    const names = async (id: string) => (await app.db.query('select name from organizations where id = $1', [id])).rows[0].name;
    expect(await names(named.body.organization_id)).toBe('Acme Audio');
    expect(await names(legacy.body.organization_id)).toBe(`${unnamed}'s organization`);
  });

  it.each([
    [{ organization_name: '   ' }, 'Organization name is required'],
    [{ organization_name: 42 }, 'Organization name must be text'],
    [{ organization_name: 'x'.repeat(256) }, 'Organization name must be at most 255 characters'],
  ])('rejects organization_name %j with "%s"', async (extra, message) => {
    const res = await app.request().post('/api/register').send({ username: uniqueUsername('badorg'), password: 'secret123', ...extra }).expect(400);
    expect(res.body).toEqual({ statusCode: 400, error: message, message, errors: [{ field: 'organization_name', message }] });
  });

  it('answers 409 for a username that exists, in any letter case', async () => {
    const { user } = await registerOwner(app);
    const res = await app.request().post('/api/register').send({ username: user.username.toUpperCase(), password: 'secret123' }).expect(409);
    expect(res.body).toEqual({ statusCode: 409, error: 'Username already exists', message: 'Username already exists', code: 'users.username_taken' });
  });

  it('lets exactly one of two simultaneous registrations of a name win', async () => {
    const username = uniqueUsername('race');
    const results = await Promise.all([
      app.request().post('/api/register').send({ username, password: 'secret123' }),
      app.request().post('/api/register').send({ username, password: 'secret123' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it.each([
    [{ password: 'secret123' }, 'Username is required', 'username'],
    [{ username: '   ', password: 'secret123' }, 'Username is required', 'username'],
    [{ username: 'someone' }, 'Password is required', 'password'],
    [{ username: 'someone', password: '12345' }, 'Password must be at least 6 characters', 'password'],
  ])('rejects %j with "%s"', async (body, message, field) => {
    const res = await app.request().post('/api/register').send(body).expect(400);
    expect(res.body).toEqual({ statusCode: 400, error: message, message, errors: [{ field, message }] });
  });

  it('lists every failing field and names the first in error', async () => {
    const res = await app.request().post('/api/register').send({}).expect(400);
    expect(res.body.error).toBe('Username is required');
    expect(res.body.errors).toEqual([
      { field: 'username', message: 'Username is required' },
      { field: 'password', message: 'Password is required' },
    ]);
  });

  it('answers malformed JSON with a 400 in the error format', async () => {
    const res = await app.request().post('/api/register').set('Content-Type', 'application/json').send('{"username":').expect(400);
    expect(res.body).toEqual({ statusCode: 400, error: 'Malformed request body', message: 'Malformed request body' });
  });

  it('publishes user.registered: the new owner finds a welcome notification', async () => {
    const { agent } = await registerOwner(app);
    let titles: string[] = [];
    await eventually('the welcome notification is listed', async () => {
      titles = (await agent.get('/api/notifications').expect(200)).body.map((n: { title: string }) => n.title);
      return titles.length > 0;
    });
    expect(titles).toEqual(['Welcome to Warranty CRM']);
    expect((await agent.get('/api/notifications/unread-count').expect(200)).body).toEqual({ count: 1 });
  });
});

describe('POST /api/login', () => {
  it('signs in, updates last_login and issues a new session id', async () => {
    const { user, password } = await registerOwner(app);
    await app.db.query("update users set last_login = now() - interval '2 days' where id = $1", [user.id]);
    const agent = app.agent();
    const before = sessionCookie(await agent.get('/api/health'));
    const res = await agent.post('/api/login').send({ username: user.username, password }).expect(200);
    expect(res.body).toMatchObject({ id: user.id, username: user.username });
    const after = sessionCookie(res);
    expect(after).toBeDefined();
    expect(after).not.toEqual(before);
    const row = await app.db.query('select last_login from users where id = $1', [user.id]);
    expect(Date.now() - new Date(row.rows[0].last_login).getTime()).toBeLessThan(60_000);
    expect((await agent.get('/api/user').expect(200)).body.id).toBe(user.id);
  });

  it('does not let a pre-login session id survive the login (session fixation)', async () => {
    const { user, password } = await registerOwner(app);
    const attacker = app.agent();
    await attacker.post('/api/login').send({ username: user.username, password: 'wrong-one' }).expect(401);
    const agent = app.agent();
    const login = await agent.post('/api/login').send({ username: user.username, password }).expect(200);
    const sid = sessionCookie(login)!.split(';')[0];
    await app.request().get('/api/user').set('Cookie', sid).expect(200);
    await app.request().get('/api/user').set('Cookie', `${app.config.session.cookieName}=s%3Aforged.sig`).expect(401);
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const { user } = await registerOwner(app);
    const wrong = await app.request().post('/api/login').send({ username: user.username, password: 'nope-nope' }).expect(401);
    const unknown = await app.request().post('/api/login').send({ username: uniqueUsername('ghost'), password: 'nope-nope' }).expect(401);
    expect(wrong.body).toEqual({ statusCode: 401, error: 'Invalid username or password', message: 'Invalid username or password', code: 'auth.invalid_credentials' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it.each([
    [{ password: 'x' }, 'Username is required'],
    [{ username: 'someone' }, 'Password is required'],
  ])('rejects %j with "%s"', async (body, message) => {
    const res = await app.request().post('/api/login').send(body).expect(400);
    expect(res.body.error).toBe(message);
  });

  it('locks a username from one address after repeated failures, even with the right password', async () => {
    const { user, password } = await registerOwner(app);
    for (let i = 0; i < 3; i++) {
      await app.request().post('/api/login').send({ username: user.username, password: 'wrong-pass' }).expect(401);
    }
    const locked = await app.request().post('/api/login').send({ username: user.username, password }).expect(429);
    const message = 'Too many failed sign-in attempts. Try again in 15 minutes.';
    expect(locked.body).toEqual({ statusCode: 429, error: message, message, code: 'auth.locked' });

    // Once the lock has passed, the right password works and clears the count.
    await app.db.query("update login_throttles set locked_until = now() - interval '1 second', window_started_at = now() - interval '1 hour'");
    await app.request().post('/api/login').send({ username: user.username, password }).expect(200);
    const rows = await app.db.query('select count(*)::int as n from login_throttles where key like $1', [`${user.username.toLowerCase()}|%`]);
    expect(rows.rows[0].n).toBe(0);
  });

  it('counts parallel failures without losing any', async () => {
    const { user } = await registerOwner(app);
    await Promise.all(
      Array.from({ length: 3 }, () => app.request().post('/api/login').send({ username: user.username, password: 'bad-pass' })),
    );
    const res = await app.request().post('/api/login').send({ username: user.username, password: 'bad-pass' });
    expect(res.status).toBe(429);
  });
});

describe('sessions', () => {
  it('GET /api/user answers 401 when signed out', async () => {
    const res = await app.request().get('/api/user').expect(401);
    expect(res.body).toEqual({ statusCode: 401, error: 'Not signed in', message: 'Not signed in' });
  });

  it('GET /api/session answers 200 with user null when signed out, and the user when signed in (issue 34: no 401 to log)', async () => {
    expect((await app.request().get('/api/session').expect(200)).body).toEqual({ user: null });
    await app.request().get('/api/session').set('Cookie', `${app.config.session.cookieName}=s%3Aforged.sig`).expect(200, { user: null });

    const { agent, user } = await registerOwner(app);
    const signedIn = await agent.get('/api/session').expect(200);
    expect(signedIn.body.user).toEqual((await agent.get('/api/user').expect(200)).body);
    expect(signedIn.body.user).toMatchObject({ id: user.id, username: user.username });
    expect(signedIn.body.user).not.toHaveProperty('password');

    await agent.post('/api/logout').expect(200);
    expect((await agent.get('/api/session').expect(200)).body).toEqual({ user: null });
  });

  it.each(['/api/notifications', '/api/notifications/unread-count', '/api/voicemails/stats'])('%s needs a session', async (path) => {
    await app.request().get(path).expect(401);
  });

  it('logout ends the session on the server, not only in the browser', async () => {
    const { user, password } = await registerOwner(app);
    const agent = app.agent();
    const login = await agent.post('/api/login').send({ username: user.username, password }).expect(200);
    const sid = sessionCookie(login)!.split(';')[0];
    await agent.post('/api/logout').expect(200);
    await agent.get('/api/user').expect(401);
    await app.request().get('/api/user').set('Cookie', sid).expect(401);
  });

  it('a session stored in PostgreSQL works for any instance of the app', async () => {
    const { agent } = await registerOwner(app);
    const rows = await app.db.query('select count(*)::int as n from session');
    expect(rows.rows[0].n).toBeGreaterThan(0);
    await agent.get('/api/user').expect(200);
  });

  it('a session of a removed user stops working at once', async () => {
    const { agent, user } = await registerOwner(app);
    await agent.get('/api/user').expect(200);
    await app.db.query('delete from users where id = $1', [user.id]);
    // A change made outside the app reaches its session cache by NOTIFY, within moments (issue 32).
    await eventually('the removed user is signed out', async () => (await agent.get('/api/user')).status === 401, 2_000);
  });
});

describe('forced password change', () => {
  it('holds a user with a temporary password to the change, then releases them', async () => {
    const { agent, user, password } = await registerOwner(app);
    await app.db.query('update users set must_change_password = true where id = $1', [user.id]);
    // A change made outside the app reaches its session cache by NOTIFY, within moments (issue 32).
    await eventually('the pending change shows', async () => (await agent.get('/api/user').expect(200)).body.must_change_password === true, 2_000);
    const held = await agent.get('/api/notifications').expect(403);
    expect(held.body.error).toBe('You must change your password before continuing.');

    const bad = await agent.post('/api/change-password').send({ newPassword: '123' }).expect(400);
    expect(bad.body.error).toBe('Password must be at least 6 characters long.');
    const missing = await agent.post('/api/change-password').send({}).expect(400);
    expect(missing.body.error).toBe('Please enter a new password.');

    const changed = await agent.post('/api/change-password').send({ newPassword: 'brand-new-1' }).expect(200);
    expect(changed.body.must_change_password).toBe(false);
    await agent.get('/api/notifications').expect(200);

    await app.request().post('/api/login').send({ username: user.username, password }).expect(401);
    await app.request().post('/api/login').send({ username: user.username, password: 'brand-new-1' }).expect(200);
  });

  it('needs a session', async () => {
    await app.request().post('/api/change-password').send({ newPassword: 'brand-new-1' }).expect(401);
  });

  it('is refused with a 403 to a user without a pending change, whose password stays as it was', async () => {
    const { agent, user, password } = await registerOwner(app);
    const res = await agent.post('/api/change-password').send({ newPassword: 'taken-over-1' }).expect(403);
    const message = 'Only a temporary password can be replaced without the current one. Change your password from your profile, with your current password.';
    expect(res.body).toEqual({ statusCode: 403, error: message, message });
    // Refused before the body is read: a malformed body gets the same 403, not a 400.
    expect((await agent.post('/api/change-password').send({ newPassword: 12 }).expect(403)).body.error).toBe(message);

    await app.request().post('/api/login').send({ username: user.username, password: 'taken-over-1' }).expect(401);
    await app.request().post('/api/login').send({ username: user.username, password }).expect(200);
    // The normal change, with the current password, is the way for this user.
    await agent.post('/api/user/change-password').send({ currentPassword: password, newPassword: 'my-new-pass-1' }).expect(200);
  });

  it('works once: after the forced change, the same route answers 403', async () => {
    const { agent, user } = await registerOwner(app);
    await app.db.query('update users set must_change_password = true where id = $1', [user.id]);
    await eventually('the pending change shows', async () => (await agent.get('/api/user').expect(200)).body.must_change_password === true, 2_000);
    await agent.post('/api/change-password').send({ newPassword: 'brand-new-1' }).expect(200);
    await agent.post('/api/change-password').send({ newPassword: 'brand-new-2' }).expect(403);
    await app.request().post('/api/login').send({ username: user.username, password: 'brand-new-1' }).expect(200);
  });
});

describe('tenant isolation', () => {
  it("a user reads only their own organization's data", async () => {
    const a = await registerOwner(app);
    const b = await registerOwner(app);
    expect(a.user.organization_id).not.toBe(b.user.organization_id);
    await app.db.query(
      `insert into notifications (organization_id, user_id, type, title, message) values ($1, $2, 'system', 'For A only', 'secret')`,
      [a.user.organization_id, a.user.id],
    );
    await app.db.query(
      `insert into call_logs (organization_id, call_type, is_read) values ($1, 'voicemail', false), ($1, 'voicemail', false), ($2, 'voicemail', false)`,
      [a.user.organization_id, b.user.organization_id],
    );
    const titlesB = (await b.agent.get('/api/notifications').expect(200)).body.map((n: { title: string }) => n.title);
    expect(titlesB).not.toContain('For A only');
    expect((await a.agent.get('/api/voicemails/stats').expect(200)).body).toEqual({ unread: 2 });
    expect((await b.agent.get('/api/voicemails/stats').expect(200)).body).toEqual({ unread: 1 });
  });
});

describe('GET /api/notifications', () => {
  it('answers the newest first, at most `limit` of them, and rejects a bad limit', async () => {
    const { agent, user } = await registerOwner(app);
    for (let i = 1; i <= 5; i++) {
      await app.db.query(
        `insert into notifications (organization_id, user_id, type, title, message, created_at)
         values ($1, $2, 'system', $3, 'm', now() + make_interval(secs => $4))`,
        [user.organization_id, user.id, `N${i}`, i],
      );
    }
    const three = await agent.get('/api/notifications?limit=3').expect(200);
    expect(three.body.map((n: { title: string }) => n.title)).toEqual(['N5', 'N4', 'N3']);
    const bad = await agent.get('/api/notifications?limit=0').expect(400);
    expect(bad.body.error).toBe('limit must be a whole number between 1 and 200');
  });
});

describe('the HTTP surface', () => {
  it('refuses a state-changing request from another origin', async () => {
    const res = await app.request().post('/api/login').set('Origin', 'https://evil.example').send({ username: 'x', password: 'y' }).expect(403);
    expect(res.body).toEqual({ statusCode: 403, error: 'Cross-origin request refused', message: 'Cross-origin request refused' });
  });

  it('accepts the same request from its own origin', async () => {
    const { user, password } = await registerOwner(app);
    await app.request().post('/api/login').set('Origin', app.config.publicBaseUrl).send({ username: user.username, password }).expect(200);
  });

  it('answers unknown API paths with a JSON 404 in the error format', async () => {
    const res = await app.request().get('/api/does-not-exist').expect(404);
    expect(res.body).toEqual({ statusCode: 404, error: 'Not found', message: 'Not found' });
  });

  it("sends helmet's security headers", async () => {
    const res = await app.request().get('/api/health').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('GET /api/health reports the database', async () => {
    expect((await app.request().get('/api/health').expect(200)).body).toEqual({ status: 'ok', database: 'up', jobs: { failed: 0 } });
  });

  it('publishes OpenAPI with every route and the session cookie scheme', async () => {
    const doc = (await app.request().get('/api/docs-json').expect(200)).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/register', '/api/login', '/api/logout', '/api/user', '/api/change-password', '/api/health']),
    );
    expect(doc.components.securitySchemes.cookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: app.config.session.cookieName });
    expect(doc.paths['/api/register'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/RegisterDto');
    const ui = await app.request().get('/api/docs').expect(200);
    expect(ui.text).toContain('swagger');
  });
});
