import { afterAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent.js';
import { createTicket } from './factories/tickets.js';
import { registerOwner, uniqueUsername } from './factories/users.js';
import { startTelephonyApp } from './factories/telephony.js';

/**
 * ARCHITECTURE rule 3 as a property: whatever a client sends, the API answers with no 5xx, and
 * every error is `{ statusCode, error, message }` with a human `error`. The routes come from the
 * OpenAPI document, so a route added later is covered without touching this file: every write
 * route (POST/PUT/PATCH/DELETE) gets generated malformed bodies, ids and query strings, and every
 * GET route with query parameters gets odd values for them. Bounded by count, not by time (a
 * time budget lets a slow route on a loaded machine run no case at all): a fixed seed, a fixed
 * total of runs shared by the routes, no shrinking (the failing request is reported as generated).
 */

const SEED = 19;
/** Requests shared by all write routes (each gets between MIN and MAX of them). */
const WRITE_RUNS_TOTAL = 400;
const MIN_RUNS = 6;
const MAX_RUNS = 40;
/** Requests per GET route with query parameters. */
const GET_RUNS = 12;

// ---------------------------------------------------------------------------------------------
// The app, its users and its document (top-level await: the routes name the tests).

// Providers are the project's fakes on 127.0.0.1 (what a provider answers is not what is tested here).
const providers = await startTelephonyApp();
const app = providers.app;
afterAll(async () => providers.close());

type SessionName = 'owner' | 'member' | 'forced' | 'anonymous';

interface Account {
  username: string;
  password: string;
  id: string;
  agent: TestAgent;
}

const ownerSignIn = await registerOwner(app);
const owner: Account = { username: ownerSignIn.user.username, password: ownerSignIn.password, id: ownerSignIn.user.id, agent: ownerSignIn.agent };

async function invited(changePassword: boolean): Promise<Account> {
  const username = uniqueUsername(changePassword ? 'member' : 'forced');
  const invite = await owner.agent.post('/api/users/invite').send({ username }).expect(201);
  const agent = app.agent();
  let password: string = invite.body.temporaryPassword;
  const login = await agent.post('/api/login').send({ username, password }).expect(200);
  if (changePassword) {
    password = 'member-pass-1';
    await agent.post('/api/change-password').send({ newPassword: password }).expect(200);
  }
  return { username, password, id: login.body.id, agent };
}

const member = await invited(true);
const forced = await invited(false);
const forcedHash: string = (await app.db.query('select password from users where id = $1', [forced.id])).rows[0].password;
const ticket = await createTicket(owner.agent);

/** Ids of real rows, so that malformed bodies also reach the services behind `/{id}` routes. */
const REAL_IDS = [ticket.id, owner.id, member.id, ownerSignIn.user.organization_id];

/**
 * Puts every account back as it was before a route's runs: a run may have signed a session out
 * (logout), into another user (register/login with generated credentials) or completed the
 * forced change. Removed users are not a concern: DELETE routes only get ids that name no row.
 */
async function restoreSessions(): Promise<void> {
  for (const account of [owner, member]) {
    const me = await account.agent.get('/api/user');
    if (me.status !== 200 || me.body.id !== account.id) {
      await account.agent.post('/api/login').send({ username: account.username, password: account.password }).expect(200);
    }
  }
  const me = await forced.agent.get('/api/user');
  if (me.status !== 200 || me.body.id !== forced.id || me.body.must_change_password !== true) {
    await app.db.query('update users set must_change_password = true, password = $2 where id = $1', [forced.id, forcedHash]);
    await forced.agent.post('/api/login').send({ username: forced.username, password: forced.password }).expect(200);
  }
}

function client(session: SessionName): TestAgent {
  if (session === 'anonymous') return app.request();
  return { owner, member, forced }[session].agent;
}

// ---------------------------------------------------------------------------------------------
// The OpenAPI document.

interface Schema {
  $ref?: string;
  allOf?: Schema[];
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  nullable?: boolean;
  minimum?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

interface Route {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  pathParams: string[];
  queryParams: Parameter[];
  body?: Schema;
}

const document = (await app.request().get('/api/docs-json').expect(200)).body as {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

function resolve(schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolve(document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')]);
  if (schema.allOf?.length === 1) return { ...resolve(schema.allOf[0]), ...schema, allOf: undefined };
  return schema;
}

const routes: Route[] = Object.entries(document.paths).flatMap(([path, operations]) =>
  Object.entries(operations)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, operation]) => ({
      method: method as Route['method'],
      path,
      pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query'),
      body: operation.requestBody?.content?.['application/json']?.schema
        ? resolve(operation.requestBody.content['application/json'].schema)
        : undefined,
    })),
);
const writeRoutes = routes.filter((r) => r.method !== 'get');
const queryRoutes = routes.filter((r) => r.method === 'get' && r.queryParams.length > 0);
const runsPerWriteRoute = Math.max(MIN_RUNS, Math.min(MAX_RUNS, Math.floor(WRITE_RUNS_TOTAL / Math.max(1, writeRoutes.length))));

// ---------------------------------------------------------------------------------------------
// Generators.

/**
 * Arrays nested `depth` deep, kept as a marker and written out as text by toJson: a real value that
 * deep would overflow the stack of the test itself (JSON.stringify, fast-check's reporting).
 */
class Nested {
  constructor(readonly depth: number) {}
  toString(): string {
    return `[…${this.depth} deep…]`;
  }
}

/** JSON.stringify for generated values, with Nested written as brackets. */
function toJson(value: unknown): string {
  if (value instanceof Nested) return `${'['.repeat(value.depth)}1${']'.repeat(value.depth)}`;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const withNul = fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`);
const withLoneSurrogate = fc
  .tuple(fc.string({ maxLength: 6 }), fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff'), fc.string({ maxLength: 6 }))
  .map(([a, s, b]) => `${a}${s}${b}@example.com`);
const hugeString = fc.integer({ min: 256, max: 150_000 }).map((n) => 'x'.repeat(n));
const oddString = fc.constantFrom(
  '', '   ', '0', '-1', '1e309', 'NaN', 'true', 'null', 'undefined', '{}', '[]', '__proto__', 'constructor',
  '%00', '../../etc/passwd', "' OR 1=1 --", '<script>alert(1)</script>', '\u202eevil', '\ufeff', 'ﬀ', '🚗', 'a'.repeat(256),
  '2026-02-30', '9999-99-99', 'Open ', 'all', '+15551234567', 'not-an-email@', '\\', '"',
);

/** A value of the wrong type, size or content for almost any field. */
const malformedValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constantFrom(-1, 0, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  oddString,
  withNul,
  withLoneSurrogate,
  hugeString,
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null)), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxKeys: 3 }),
  fc.constantFrom<unknown>({ $ne: null }, { $gt: '' }, JSON.parse('{"__proto__":{"admin":true}}'), [[]], [{}]),
  fc.integer({ min: 2, max: 6000 }).map((depth) => new Nested(depth)),
);

/** A value that fits the property's schema as the document describes it. */
function plausible(raw: Schema | undefined): unknown {
  const schema = resolve(raw);
  if (schema.example !== undefined) return schema.example;
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'string':
      if (schema.format === 'uuid') return ticket.id;
      if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
      return 'Some text';
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(schema.items)];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
    default:
      return 'Some text';
  }
}

const OMIT = Symbol('omit');

/** An object of the schema's properties, each left out, plausible or malformed, plus stray keys. */
function objectBody(schema: Schema): fc.Arbitrary<unknown> {
  const fields = Object.entries(schema.properties ?? {}).map(([name, property]) =>
    fc
      .oneof(
        { weight: 2, arbitrary: fc.constant<unknown>(OMIT) },
        { weight: 3, arbitrary: fc.constant(plausible(property)) },
        { weight: 4, arbitrary: malformedValue },
      )
      .map((value) => [name, value] as const),
  );
  const stray = fc.dictionary(
    fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'organization_id', 'is_account_owner', 'a\u0000b', '\ud800')),
    malformedValue,
    { maxKeys: 2 },
  );
  return fc.tuple(fc.tuple(...fields), stray).map(([entries, extra]) => {
    const body: Record<string, unknown> = {};
    for (const [name, value] of entries) if (value !== OMIT) body[name] = value;
    for (const [name, value] of Object.entries(extra)) Object.defineProperty(body, name, { value, enumerable: true, writable: true, configurable: true });
    return body;
  });
}

interface RawBody {
  contentType: string;
  text: string;
}

const json = (value: unknown): RawBody => ({ contentType: 'application/json', text: toJson(value) });

/** The body of a write request: structured after the schema, a wrong shape altogether, or broken text. */
function bodyFor(route: Route): fc.Arbitrary<RawBody | undefined> {
  const broken = fc.constantFrom<RawBody>(
    { contentType: 'application/json', text: '{' },
    { contentType: 'application/json', text: '{"a":' },
    { contentType: 'application/json', text: '['.repeat(5000) },
    { contentType: 'application/json', text: '{"a":1,"a":2}' },
    { contentType: 'application/json', text: '\u0000' },
    { contentType: 'application/json', text: '"just a string"' },
    { contentType: 'application/json; charset=utf-16', text: '{"a":1}' },
    { contentType: 'application/json; charset=latin1', text: '{}' },
    { contentType: 'application/x-www-form-urlencoded', text: 'a=1&a=2&b[c]=3&%00=%00&d=%ED%A0%80' },
    { contentType: 'text/plain', text: 'hello' },
    { contentType: 'application/xml', text: '<a/>' },
  );
  const shapes: { weight: number; arbitrary: fc.Arbitrary<RawBody | undefined> }[] = [
    { weight: 1, arbitrary: malformedValue.map(json) },
    { weight: 1, arbitrary: broken },
    { weight: 1, arbitrary: fc.constant(undefined) },
  ];
  if (route.body) shapes.push({ weight: 6, arbitrary: objectBody(route.body).map(json) });
  return fc.oneof(...shapes);
}

/** A path segment, already percent-encoded the way a client would put it in the URL. */
function idSegment(method: Route['method']): fc.Arbitrary<string> {
  const odd = fc.oneof(
    fc.constantFrom('0', '-1', 'abc', 'null', 'undefined', '%00', '%ED%A0%80', '%FF', '%E2%80%AE', '%20', 'a%2Fb', '..', '%2E%2E', "'%20OR%201=1", 'x'.repeat(3000)),
    fc.uuid().map((uuid) => uuid.toUpperCase()),
    fc.string({ maxLength: 40 }).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '')) || 'empty'),
  );
  // Destructive methods never get a real id: a DELETE that succeeds would remove the test's own users.
  if (method === 'delete') return fc.oneof(odd, fc.constant(randomUUID()));
  return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...REAL_IDS) }, { weight: 3, arbitrary: odd });
}

const queryValue = fc.oneof(
  fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%FF', '', '-1', '0', '1e309', 'NaN', 'true', '[]', '{}', '%5B%5D', '%7B%7D', 'x'.repeat(2000)),
  fc.constantFrom('{"q":"\\u0000"}', '{"q":"\\ud800"}', '[0,"x"]', '[5,1]', '[-1,2]', '[0,1e309]', '["created_at","DROP"]', '[["a"],"ASC"]', '{"status":{"$ne":1}}', '{"ids":["x",1,null]}', '{"q":[[[[1]]]]}').map(encodeURIComponent),
  fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))),
);

/** A query string with the route's own parameters and strays, some repeated or bracketed. */
function queryFor(names: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 4, arbitrary: names.length ? fc.constantFrom(...names) : fc.constant('q') },
    { weight: 1, arbitrary: fc.constantFrom('a[b]', '__proto__', 'constructor', '%00', 'filter[q]', 'range') },
  );
  return fc.array(fc.tuple(key, queryValue), { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
}

/** Mostly the owner (who may use every route), sometimes a user, the forced user or nobody. */
const session = fc.constantFrom<SessionName>('owner', 'owner', 'owner', 'owner', 'member', 'member', 'forced', 'anonymous');

// ---------------------------------------------------------------------------------------------
// Sending and judging.

interface Request {
  session: SessionName;
  url: string;
  body?: RawBody;
}

function urlFor(route: Route, ids: string[], query: string): string {
  let i = 0;
  const path = route.path.replace(/\{[^}]+\}/g, () => ids[i++] ?? 'x');
  return query ? `${path}?${query}` : path;
}

async function send(method: Route['method'], request: Request) {
  let call = client(request.session)[method](request.url);
  if (request.body) call = call.set('Content-Type', request.body.contentType).send(request.body.text);
  return call;
}

/** Nest's and Express's bare reason phrases are not the human text the spec's client shows. */
const REASON_PHRASES = new Set(['Bad Request', 'Unauthorized', 'Forbidden', 'Not Found', 'Conflict', 'Payload Too Large', 'Unsupported Media Type', 'Internal Server Error']);

function judge(res: { status: number; body: unknown; text: string }, label: string): void {
  const where = `${label} answered ${res.status} ${res.text.slice(0, 300)}`;
  if (res.status >= 500) throw new Error(`5xx: ${where}`);
  if (res.status < 400) return;
  const body = res.body as { statusCode?: unknown; error?: unknown; message?: unknown };
  if (body?.statusCode !== res.status) throw new Error(`statusCode does not match: ${where}`);
  if (typeof body.error !== 'string' || !body.error.trim() || REASON_PHRASES.has(body.error)) throw new Error(`no human error: ${where}`);
  if (typeof body.message !== 'string' || !body.message.trim()) throw new Error(`no message: ${where}`);
}

function describeRequest(method: string, request: Request): string {
  const body = request.body ? ` ${request.body.contentType} ${JSON.stringify(request.body.text.slice(0, 300))}` : '';
  return `${method.toUpperCase()} ${request.url.slice(0, 300)} as ${request.session}${body}`;
}

// ---------------------------------------------------------------------------------------------

describe('the OpenAPI document lists the routes this test drives', () => {
  it('has write routes and GET routes with query parameters', () => {
    expect(writeRoutes.length).toBeGreaterThan(10);
    expect(queryRoutes.length).toBeGreaterThan(5);
    expect(writeRoutes.map((r) => `${r.method.toUpperCase()} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /api/tickets', 'PATCH /api/tickets/{id}', 'PUT /api/settings', 'POST /api/login', 'POST /api/change-password']),
    );
  });
});

describe('every write route answers malformed input with a 4xx in the error format, never a 5xx', () => {
  it.each(writeRoutes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))('%s', async (_name, route) => {
    await restoreSessions();
    const requests = fc.record({
      session,
      ids: fc.tuple(...route.pathParams.map(() => idSegment(route.method))),
      query: fc.option(queryFor(route.queryParams.map((p) => p.name)), { nil: '' }),
      body: bodyFor(route),
    });
    await fc.assert(
      fc.asyncProperty(requests, async ({ session: who, ids, query, body }) => {
        const request: Request = { session: who, url: urlFor(route, ids, query), body };
        judge(await send(route.method, request), describeRequest(route.method, request));
      }),
      { seed: SEED, numRuns: runsPerWriteRoute, endOnFailure: true },
    );
    await restoreSessions();
  });
});

describe('every GET route with query parameters answers odd values with no 5xx, and a NUL with a 400', () => {
  it.each(queryRoutes.map((r) => [`GET ${r.path}`, r] as const))('%s', async (_name, route) => {
    const ids = route.pathParams.map(() => ticket.id);
    for (const parameter of route.queryParams) {
      const request: Request = { session: 'owner', url: urlFor(route, ids, `${parameter.name}=a%00b`) };
      const res = await send('get', request);
      judge(res, describeRequest('get', request));
      expect([res.status, res.body.errors?.[0]?.field]).toEqual([400, parameter.name]);
    }
    await fc.assert(
      fc.asyncProperty(queryFor(route.queryParams.map((p) => p.name)), async (query) => {
        const request: Request = { session: 'owner', url: urlFor(route, ids, query) };
        judge(await send('get', request), describeRequest('get', request));
      }),
      { seed: SEED, numRuns: GET_RUNS, endOnFailure: true },
    );
  });
});

describe('null is refused on every body field the document does not call nullable', () => {
  const cases = writeRoutes.flatMap((route) =>
    Object.entries(route.body?.properties ?? {})
      .filter(([, property]) => resolve(property).nullable !== true)
      .map(([field]) => [`${route.method.toUpperCase()} ${route.path} {"${field}": null}`, route, field] as const),
  );

  it('has fields to check', () => expect(cases.length).toBeGreaterThan(20));

  it.each(cases)('%s is a 400', async (_name, route, field) => {
    await restoreSessions();
    const url = urlFor(route, route.pathParams.map(() => randomUUID()), '');
    const body: RawBody = json({ [field]: null });
    // The first session the route does not refuse outright (the forced change is for a forced user only).
    let res;
    for (const who of ['owner', 'forced', 'anonymous'] as const) {
      res = await send(route.method, { session: who, url, body });
      if (res.status !== 401 && res.status !== 403) break;
    }
    judge(res!, `${route.method.toUpperCase()} ${url} {"${field}":null}`);
    expect(res!.status).toBe(400);
    // Where nothing else is required, the 400 can only be about this field: it must name it.
    if (!route.body?.required?.length) {
      expect(res!.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    }
  });
});
