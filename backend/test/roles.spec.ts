import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type TestAgent from 'supertest/lib/agent.js';
import { connectAccount, startTelephonyApp, type TelephonyApp } from './factories/telephony.js';
import { inviteMember, type InvitedMember } from './factories/members.js';
import { createTicket } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';

/**
 * Issue 28: every operation names its role in the OpenAPI document (`x-required-role`), read from
 * the decorator that enforces it; an agent gets a 403 from every admin and owner operation, and
 * nothing changes; an admin gets past the admin ones but not the owner ones.
 */

type Role = 'owner' | 'admin' | 'agent';
interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  role: Role | undefined;
  cookieAuth: boolean;
}

let t: TelephonyApp;
let owner: SignedIn;
let agent: InvitedMember;
let admin: InvitedMember;
let operations: Operation[];
const ids: Record<string, string> = {};

const TENANT_TABLES = ['organizations', 'users', 'user_invitations', 'system_settings', 'products', 'webhooks', 'brand_phone_numbers', 'audit_log', 'canned_replies', 'ticket_assignment_rotations', 'customers', 'data_exports'];

/** Every tenant table of the organization's settings, users and numbers, as one comparable value. */
async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TENANT_TABLES) {
    const { rows } = await t.app.db.query(`select coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h, count(*)::int as n from "${table}" x`);
    out[table] = `${rows[0].n}:${rows[0].h}`;
  }
  return out;
}

/** A body that would succeed for an owner, so a missing check would show as a change. */
function bodyFor(op: Operation): object {
  const bodies: Record<string, object> = {
    'put /api/settings': { smtp_host: 'evil.example.com', smtp_password: 'stolen-secret', brands: ['Acme', 'Evil'] },
    'post /api/products': { brand: 'Acme', sku: 'EVIL-1', product_name: 'Evil', warranty_term: '1 year' },
    'put /api/products/{id}': { brand: 'Acme', sku: 'EVIL-2', product_name: 'Evil', warranty_term: '2 years' },
    'post /api/webhooks': { name: 'Evil line', brand: 'Acme' },
    'patch /api/phone-numbers/{id}': { brand: 'Evil' },
    'patch /api/phone-numbers/{id}/greeting': { greeting_type: 'text_to_speech', greeting_text: 'Evil' },
    'post /api/users/invite': { username: 'evil-invitee' },
    'patch /api/users/{id}/role': { role: 'admin' },
    'patch /api/organizations/{id}/a2p': { business_name: 'Evil Inc' },
    'post /api/canned-replies': { name: 'Evil', body: 'Evil' },
    'put /api/canned-replies/{id}': { name: 'Evil', body: 'Evil' },
    'put /api/settings/auto-assignment': { enabled: true },
    'post /api/customers/{id}/erase': { confirm: 'Maria Gonzalez' },
    'post /api/exports/customer-data': { customer_id: ids.customers },
  };
  return bodies[`${op.method} ${op.path}`] ?? {};
}

function urlFor(op: Operation): string {
  return op.path.replace('{id}', () => {
    const area = op.path.split('/')[2]!;
    const id = ids[area];
    if (!id) throw new Error(`no id for ${op.path}`);
    return id;
  });
}

function call(client: TestAgent, op: Operation) {
  const url = urlFor(op);
  const req = client[op.method](url);
  return op.method === 'get' || op.method === 'delete' ? req : req.send(bodyFor(op));
}

beforeAll(async () => {
  t = await startTelephonyApp({ TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '' });
  owner = await registerOwner(t.app);
  await connectAccount(t.fake, owner.agent);
  agent = await inviteMember(t.app, owner);
  admin = await inviteMember(t.app, owner);
  await owner.agent.patch(`/api/users/${admin.user.id}/role`).send({ role: 'admin' }).expect(200);

  await owner.agent.put('/api/settings').send({ brands: ['Acme'], smtp_host: 'smtp.example.com', smtp_password: 'real-secret' }).expect(200);
  ids.products = (await owner.agent.post('/api/products').send({ brand: 'Acme', sku: 'A-1', product_name: 'Jack', warranty_term: '1 year' }).expect(201)).body.id;
  ids.webhooks = (await owner.agent.post('/api/webhooks').send({ name: 'Acme line', brand: 'Acme' }).expect(201)).body.id;
  const available = await owner.agent.get('/api/phone-numbers/search').query({ areaCode: '512' }).expect(200);
  ids['phone-numbers'] = (await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: available.body[0].phoneNumber, brand: 'Acme' }).expect(201)).body.id;
  ids.users = agent.user.id;
  ids.organizations = owner.user.organization_id;
  ids.customers = (await createTicket(owner.agent, { customerName: 'Maria Gonzalez' })).customer.id;
  ids['canned-replies'] = (await owner.agent.post('/api/canned-replies').send({ name: 'Shipped', body: 'It shipped.' }).expect(201)).body.id;

  const doc = (await t.app.request().get('/api/docs-json').expect(200)).body as {
    paths: Record<string, Record<string, { 'x-required-role'?: Role; security?: Record<string, unknown>[] }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method as Operation['method'],
      path,
      role: op['x-required-role'],
      cookieAuth: (op.security ?? []).some((s) => 'cookie' in s),
    })),
  );
});
afterAll(async () => t.close());

describe('x-required-role in the OpenAPI document', () => {
  it('names owner, admin or agent for every operation that needs a session, and none for public ones', () => {
    for (const op of operations) {
      const publicOp = op.path.startsWith('/api/webhooks/twilio') || op.path.startsWith('/api/functions') || op.path.startsWith('/api/webhooks/retell')
        || ['/api/login', '/api/register', '/api/health', '/api/session', '/api/webhooks/inbound-email'].includes(op.path);
      const expected = publicOp ? undefined : expect.stringMatching(/^(owner|admin|agent)$/);
      expect([`${op.method} ${op.path}`, op.role]).toEqual([`${op.method} ${op.path}`, expected]);
    }
    expect(operations.filter((op) => op.role).length).toBeGreaterThan(40);
  });

  it('marks settings writes, numbers and the audit log admin, and Twilio connect, A2P and users owner', () => {
    const roleOf = (method: string, path: string) => operations.find((op) => op.method === method && op.path === path)?.role;
    for (const [method, path] of [
      ['put', '/api/settings'], ['get', '/api/settings/retell-agent'], ['post', '/api/products'], ['put', '/api/products/{id}'],
      ['delete', '/api/products/{id}'], ['get', '/api/webhooks'], ['post', '/api/webhooks'], ['delete', '/api/webhooks/{id}'],
      ['get', '/api/phone-numbers/search'], ['post', '/api/phone-numbers/purchase'], ['post', '/api/phone-numbers/import'],
      ['patch', '/api/phone-numbers/{id}'], ['delete', '/api/phone-numbers/{id}'], ['post', '/api/phone-numbers/{id}/reconfigure-webhook'],
      ['patch', '/api/phone-numbers/{id}/greeting'], ['get', '/api/audit-log'],
      ['post', '/api/canned-replies'], ['put', '/api/canned-replies/{id}'], ['delete', '/api/canned-replies/{id}'], ['put', '/api/settings/auto-assignment'],
    ]) expect([method, path, roleOf(method!, path!)]).toEqual([method, path, 'admin']);
    for (const [method, path] of [
      ['patch', '/api/organizations/twilio-credentials'], ['patch', '/api/organizations/{id}/a2p'], ['post', '/api/organizations/{id}/a2p/refresh'],
      ['get', '/api/users'], ['post', '/api/users/invite'], ['patch', '/api/users/{id}/role'], ['delete', '/api/users/{id}'],
    ]) expect([method, path, roleOf(method!, path!)]).toEqual([method, path, 'owner']);
    for (const [method, path] of [
      ['get', '/api/settings'], ['get', '/api/products'], ['get', '/api/tickets'], ['post', '/api/phone-numbers/make-call'], ['get', '/api/user'], ['get', '/api/notifications'],
      ['get', '/api/canned-replies'], ['get', '/api/tickets/{id}/canned-replies/{replyId}/render'], ['get', '/api/settings/auto-assignment'],
    ]) expect([method, path, roleOf(method!, path!)]).toEqual([method, path, 'agent']);
  });
});

describe('enforcement', () => {
  it('answers 403 to an agent on every admin and owner operation of the document, and changes nothing', async () => {
    const guarded = operations.filter((op) => op.role === 'admin' || op.role === 'owner');
    expect(guarded.length).toBeGreaterThan(20);
    const before = await snapshot();
    const calls = t.fake.received().length;
    for (const op of guarded) {
      const res = await call(agent.agent, op);
      expect([`${op.method} ${op.path}`, res.status]).toEqual([`${op.method} ${op.path}`, 403]);
      expect(res.body.error).toMatch(/^Only (the )?account owners?/);
    }
    expect(await snapshot()).toEqual(before);
    expect(t.fake.received().length).toBe(calls);
  });

  it('answers 403 to an admin on every owner operation, and changes nothing', async () => {
    const ownerOnly = operations.filter((op) => op.role === 'owner');
    const before = await snapshot();
    for (const op of ownerOnly) {
      const res = await call(admin.agent, op);
      expect([`${op.method} ${op.path}`, res.status]).toEqual([`${op.method} ${op.path}`, 403]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets an admin change settings and products, and an agent read brands, products and the settings without secrets', async () => {
    await admin.agent.put('/api/settings').send({ smtp_from_name: 'Support team' }).expect(200);
    await admin.agent.put(`/api/products/${ids.products}`).send({ brand: 'Acme', sku: 'A-1', product_name: 'Jack 2', warranty_term: '1 year' }).expect(200);
    const settings = await agent.agent.get('/api/settings').expect(200);
    expect(settings.body).toMatchObject({ brands: ['Acme'], smtp_from_name: 'Support team', smtp_password_set: true });
    expect(JSON.stringify(settings.body)).not.toContain('real-secret');
    const products = await agent.agent.get('/api/products').query({ brand: 'Acme' }).expect(200);
    expect(products.body.map((p: { product_name: string }) => p.product_name)).toEqual(['Jack 2']);
  });

  it('takes a role change at the next request, without signing in again', async () => {
    const member = await inviteMember(t.app, owner);
    await member.agent.put('/api/settings').send({ smtp_from_name: 'x' }).expect(403);
    await owner.agent.patch(`/api/users/${member.user.id}/role`).send({ role: 'admin' }).expect(200);
    await member.agent.put('/api/settings').send({ smtp_from_name: 'Support team' }).expect(200);
    await owner.agent.patch(`/api/users/${member.user.id}/role`).send({ role: 'agent' }).expect(200);
    await member.agent.put('/api/settings').send({ smtp_from_name: 'x' }).expect(403);
  });
});

describe('PATCH /api/users/:id/role', () => {
  it('shows each user\'s role in Users; invited users are agents', async () => {
    const res = await owner.agent.get('/api/users').expect(200);
    const roles = Object.fromEntries(res.body.map((u: { id: string; role: string }) => [u.id, u.role]));
    expect(roles[owner.user.id]).toBe('owner');
    expect(roles[agent.user.id]).toBe('agent');
    expect(roles[admin.user.id]).toBe('admin');
  });

  it('never demotes the account owner, and takes only admin or agent', async () => {
    const demote = await owner.agent.patch(`/api/users/${owner.user.id}/role`).send({ role: 'agent' }).expect(403);
    expect(demote.body.error).toBe('The account owner cannot be demoted');
    const bad = await owner.agent.patch(`/api/users/${agent.user.id}/role`).send({ role: 'owner' }).expect(400);
    expect(bad.body.error).toBe('role must be admin or agent');
    const me = await owner.agent.get('/api/user').expect(200);
    expect(me.body.role).toBe('owner');
    await owner.agent.delete(`/api/users/${owner.user.id}`).expect(403);
  });
});
