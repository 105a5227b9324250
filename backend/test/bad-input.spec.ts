import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MAX_BODY_DEPTH } from '../src/common/http/body-depth.js';
import { createTicket, ticketPayload } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The reproductions of issue 19, one request each: every one answered 500 before; each must be a
 * 400 in the error format with a human `error` that names what is wrong.
 */
let app: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
});
afterAll(async () => app.close());

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const DEEP = 'Request body is nested too deeply';

function sendJson(method: 'post' | 'put' | 'patch', path: string, raw: string) {
  return owner.agent[method](path).set('Content-Type', 'application/json').send(raw);
}

function expectFieldError(res: { status: number; body: Record<string, unknown> }, field: string, message: string | RegExp) {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ statusCode: 400, error: expect.stringMatching(message), message: res.body.error });
  expect(res.body.errors).toEqual(expect.arrayContaining([{ field, message: expect.stringMatching(message) }]));
}

describe('1. deeply nested JSON', () => {
  it.each([5000, 1000, MAX_BODY_DEPTH + 1])('POST /api/tickets with a body nested %i deep is a 400', async (depth) => {
    const res = await sendJson('post', '/api/tickets', nested(depth)).expect(400);
    expect(res.body).toEqual({ statusCode: 400, error: DEEP, message: DEEP });
  });

  it('PATCH /api/user/profile with a field nested 5000 deep is a 400 and changes nothing', async () => {
    const res = await sendJson('patch', '/api/user/profile', `{"first_name":${nested(5000)}}`).expect(400);
    expect(res.body).toEqual({ statusCode: 400, error: DEEP, message: DEEP });
    expect((await owner.agent.get('/api/user').expect(200)).body.first_name).toBeNull();
  });

  it('a body within the limit reaches validation and gets the field message', async () => {
    const res = await sendJson('patch', '/api/user/profile', `{"first_name":${nested(MAX_BODY_DEPTH - 1)}}`);
    expectFieldError(res, 'first_name', 'First name must be text');
  });

  it('a deep JSON query parameter is a 400 too', async () => {
    const res = await owner.agent.get('/api/tickets').query({ filter: `{"q":${nested(200)}}` }).expect(400);
    expect(res.body.error).toBe('The filter parameter is nested too deeply');
  });
});

describe('2. a NUL byte in stored text or a query', () => {
  it('POST /api/users/invite {"username":"nul\\u0000user"} names the field', async () => {
    const res = await owner.agent.post('/api/users/invite').send({ username: 'nul\u0000user' });
    expectFieldError(res, 'username', 'username must not contain NUL');
  });

  it('PUT /api/settings {"smtp_host":"a\\u0000b"} names the field and stores nothing', async () => {
    const res = await owner.agent.put('/api/settings').send({ smtp_host: 'a\u0000b' });
    expectFieldError(res, 'smtp_host', 'smtp_host must not contain NUL');
    expect((await owner.agent.get('/api/settings').expect(200)).body.smtp_host).toBeNull();
  });

  it.each(['q', 'brand', 'status', 'dateFrom'])('GET /api/tickets?%s=%00 names the parameter', async (name) => {
    const res = await owner.agent.get(`/api/tickets?${name}=%00`);
    expectFieldError(res, name, `${name} must not contain NUL`);
  });

  it('a NUL written as \\u0000 inside the filter JSON names filter.q', async () => {
    const res = await owner.agent.get('/api/tickets').query({ filter: '{"q":"\\u0000"}' });
    expectFieldError(res, 'filter.q', 'filter.q must not contain NUL');
  });

  it('a NUL in an id of the path is a 400, not a database error', async () => {
    const res = await owner.agent.patch('/api/tickets/%00').send({ status: 'Open' });
    expectFieldError(res, 'id', 'id must not contain NUL');
  });
});

describe('3. non-string credentials', () => {
  it.each([
    [{ username: 12345, password: 'secret123' }, 'username', 'Username must be text'],
    [{ username: 'rep1', password: true }, 'password', 'Password must be text'],
    [{ username: ['rep1'], password: 'secret123' }, 'username', 'Username must be text'],
    [{ username: 'rep1', password: { $ne: '' } }, 'password', 'Password must be text'],
    [{ username: null, password: 'secret123' }, 'username', 'Username is required'],
    [{ username: 'rep\u0000', password: 'secret123' }, 'username', 'username must not contain NUL'],
  ])('POST /api/login %j is a 400 on %s', async (body, field, message) => {
    const res = await app.request().post('/api/login').send(body);
    expectFieldError(res, field, message);
  });

  it('POST /api/register with a numeric username is a 400 that says it must be text', async () => {
    const res = await app.request().post('/api/register').send({ username: 12345, password: 'secret123' });
    expectFieldError(res, 'username', 'Username must be text');
  });
});

describe('4. a lone UTF-16 surrogate', () => {
  const SURROGATE = /must be valid Unicode text/;

  it.each(['email', 'notification_email', 'first_name'])('PATCH /api/user/profile {"%s":"\\ud800@example.com"}', async (field) => {
    const res = await owner.agent.patch('/api/user/profile').send({ [field]: '\ud800@example.com' });
    expectFieldError(res, field, SURROGATE);
  });

  it('invite email, ticket customerEmail and smtp_from_email', async () => {
    expectFieldError(await owner.agent.post('/api/users/invite').send({ username: 'sam', email: '\ud800@example.com' }), 'email', SURROGATE);
    expectFieldError(await owner.agent.post('/api/tickets').send(ticketPayload({ customerEmail: '\udc00@example.com' })), 'customerEmail', SURROGATE);
    expectFieldError(await owner.agent.put('/api/settings').send({ smtp_from_email: 'a\ud800@example.com' }), 'smtp_from_email', SURROGATE);
  });

  it('A2P contact_email', async () => {
    const res = await owner.agent
      .patch(`/api/organizations/${owner.user.organization_id}/a2p`)
      .send({ business_legal_name: 'Acme', contact_email: '\ud800@example.com' });
    expectFieldError(res, 'contact_email', SURROGATE);
  });

  it('a paired surrogate (an emoji) is ordinary text', async () => {
    const res = await owner.agent.patch('/api/user/profile').send({ first_name: 'Zoë 🚗' }).expect(200);
    expect(res.body.first_name).toBe('Zoë 🚗');
  });
});

describe('5. null on fields that are not nullable', () => {
  it.each([
    ['status', 'Status must be one of: Open, Pending, Resolved, Closed'],
    ['priority', 'Priority must be one of'],
    ['issue_description', 'Issue description cannot be empty'],
    ['purchase_verified', 'purchase_verified must be true or false'],
  ])('PATCH /api/tickets/{id} {"%s":null} is a 400 with the field\'s message', async (field, message) => {
    const ticket = await createTicket(owner.agent);
    const res = await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ [field]: null });
    expectFieldError(res, field, message);
    expect((await owner.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body).toMatchObject({ status: 'Open', priority: 'Medium' });
  });

  it.each([
    ['ticket_fields_enabled', 'ticket_fields_enabled must be a list'],
    ['brands', 'brands must be a list of brand names'],
  ])('PUT /api/settings {"%s":null} is a 400 with the field\'s message', async (field, message) => {
    const res = await owner.agent.put('/api/settings').send({ [field]: null });
    expectFieldError(res, field, message);
  });

  it('null on a field documented nullable still clears it', async () => {
    await owner.agent.put('/api/settings').send({ smtp_host: 'smtp.example.com', smtp_port: 2525 }).expect(200);
    const res = await owner.agent.put('/api/settings').send({ smtp_host: null, smtp_port: null }).expect(200);
    expect(res.body).toMatchObject({ smtp_host: null, smtp_port: 587 });
  });
});

describe('GET query strings', () => {
  it.each([
    ['filter', 'not json', 'The filter parameter must be valid JSON'],
    ['filter', '[1,2]', 'The filter parameter must be a JSON object'],
    ['filter', '{"q":{"$ne":1}}', 'q must be a single value'],
    ['range', '{"a":1}', 'The range parameter must be [start, end]'],
    ['range', '[0,"x"]', 'The range parameter must be [start, end]'],
    ['sort', '"created_at"', 'The sort parameter must be [field, "ASC" | "DESC"]'],
    ['sort', '[["created_at"],"ASC"]', 'The sort parameter must be [field, "ASC" | "DESC"]'],
  ])('GET /api/tickets?%s=%s is a 400', async (name, value, message) => {
    const res = await owner.agent.get('/api/tickets').query({ [name]: value }).expect(400);
    expect(res.body.error).toContain(message);
  });

  it('a repeated parameter is a 400, not a crash', async () => {
    const res = await owner.agent.get('/api/tickets?brand=a&brand=b').expect(400);
    expect(res.body.errors[0].field).toBe('brand');
  });
});

describe('bodies body-parser cannot read', () => {
  it('an unsupported charset answers in the error format', async () => {
    const res = await owner.agent.post('/api/tickets').set('Content-Type', 'application/json; charset=klingon').send('{}').expect(415);
    expect(res.body).toEqual({ statusCode: 415, error: 'Unsupported charset of the request body', message: 'Unsupported charset of the request body' });
  });

  it('an unsupported content encoding answers in the error format', async () => {
    const res = await owner.agent.post('/api/tickets').set('Content-Type', 'application/json').set('Content-Encoding', 'zstd-nope').send('{}').expect(415);
    expect(res.body.error).toBe('Unsupported content encoding of the request body');
  });
});

/**
 * Issue 26: the requests of the OpenAPI scan that still answered 5xx (or Express's HTML page) are
 * 400s or 404s in the error format.
 */
describe('issue 26: the scan’s last 5xx answers', () => {
  const NOT_FOUND = { statusCode: 404, error: 'Not found', message: 'Not found', code: 'storage.not_found' };

  it('POST /api/test-email with a "to" that is not an e-mail address is a 400 naming it, before any SMTP', async () => {
    // An SMTP server that is not there: before, the address went to it and the refusal was a 502.
    await owner.agent.put('/api/settings').send({ smtp_host: '127.0.0.1', smtp_port: 1, smtp_from_email: 'crm@example.com' }).expect(200);
    for (const to of ['not-an-address', '+15125550123', 'a@b', 'me@example.com\r\nBcc: x@example.com']) {
      const res = await owner.agent.post('/api/test-email').send({ to });
      expectFieldError(res, 'to', 'Please enter a valid email address');
    }
    await owner.agent.put('/api/settings').send({ smtp_host: null, smtp_from_email: null }).expect(200);
  });

  it('GET /objects/uploads/%00 is a 404 in the error format', async () => {
    const res = await owner.agent.get('/objects/uploads/%00').expect(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it.each(['/objects/..', '/objects/uploads/', '/objects/uploads/..', '/objects/uploads/a/../..', '/objects/uploads/%2e%2e'])('GET %s answers JSON, not an HTML page', async (path) => {
    const res = await owner.agent.get(path).expect(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it('any other method or path under /objects answers JSON too', async () => {
    for (const [method, path] of [['post', '/objects/uploads/x'], ['delete', '/objects/uploads/x'], ['get', '/objects/x']] as const) {
      const res = await owner.agent[method](path).expect(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });

  it('GET /api/products?filter={"id":["x",1,null]} is a 400 naming filter.id', async () => {
    const res = await owner.agent.get('/api/products').query({ filter: '{"id":["x",1,null]}' });
    expectFieldError(res, 'filter.id', 'filter.id must be a list of product ids');
  });

  it('GET /api/products?filter={"id":[]} and a list of product ids still work', async () => {
    await owner.agent.put('/api/settings').send({ brands: ['ScanBrand'] }).expect(200);
    const created = await owner.agent.post('/api/products').send({ brand: 'ScanBrand', sku: 'S-1', product_name: 'Jack', warranty_term: '1 year' }).expect(201);
    const res = await owner.agent.get('/api/products').query({ filter: JSON.stringify({ id: [created.body.id] }) }).expect(200);
    expect(res.body.map((p: { id: string }) => p.id)).toEqual([created.body.id]);
    expect((await owner.agent.get('/api/products').query({ filter: '{"id":[]}' }).expect(200)).body).toEqual([]);
  });
});
