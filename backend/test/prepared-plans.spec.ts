import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { bindTenant } from '../src/common/tenancy/tenant-statement.js';
import { parseTicketFilters } from '../src/modules/tickets/ticket-filters.js';
import { type Cursor, pageStatement } from '../src/modules/tickets/ticket-list.query.js';
import { detailSql } from '../src/modules/tickets/ticket.repository.js';
import { ticketPayload } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 32: the reads every screen makes are prepared so that a connection plans them once. That
 * holds only when PostgreSQL settles on a generic plan for the statement (its plan_cache_mode auto
 * compares it with the first five custom plans); a statement it keeps planning for each set of
 * values costs its planning on every request. Each statement is prepared here on a connection of
 * its own, run as the app runs it, and PostgreSQL's own count of its plans is read.
 */
let app: TestApp;
let owner: SignedIn;
let ticketId: string;

beforeAll(async () => {
  app = await startTestApp({ JOBS_WORKER: 'false' });
  owner = await registerOwner(app);
  const model = (await owner.agent.post('/api/tickets').send(ticketPayload({ orderNumber: 'ORD-PLANS-0' })).expect(201)).body;
  ticketId = model.id;
  // An organization of 3,000 tickets with its statistics, so a plan's row estimates matter.
  await app.db.query(
    `insert into tickets select (jsonb_populate_record(t, jsonb_build_object('id', gen_random_uuid(), 'ticket_number', 'PLANS-' || g,
       'order_number', 'ORD-PLANS-' || g, 'created_at', now() - g * interval '1 minute'))).* from tickets t, generate_series(1, 3000) g where t.id = $1`,
    [model.id],
  );
  await app.db.query('analyze');
});

afterAll(async () => {
  await app?.close();
});

/** Runs the organization's `statement` prepared 10 times on one connection; answers PostgreSQL's count of generic plans. */
async function genericPlans(statement: { sql: string; params: unknown[] }): Promise<number> {
  const { sql, params } = bindTenant(owner.user.organization_id, statement);
  let n = 0;
  const text = sql.replace(/\?/g, () => `$${++n}`);
  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    for (let i = 0; i < 10; i++) await client.query({ name: 'plans_probe', text, values: params });
    const { rows } = await client.query(`select generic_plans::int as n from pg_prepared_statements where name = 'plans_probe'`);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

describe('the prepared reads are planned once per connection', () => {
  it('the ticket list: the first page, a filtered one, a cursor page, another sort and size, an offset page, the rows of a page', async () => {
    const open = parseTicketFilters({ status: 'Open' });
    const cursor: Cursor = { s: 'created_at:DESC', c: new Date().toISOString(), i: ticketId };
    expect(await genericPlans(pageStatement([parseTicketFilters({}), 'created_at', 'DESC', 25, 0]))).toBeGreaterThan(0);
    expect(await genericPlans(pageStatement([open, 'created_at', 'DESC', 25, 0]))).toBeGreaterThan(0);
    expect(await genericPlans(pageStatement([open, 'created_at', 'DESC', 25, 0, cursor]))).toBeGreaterThan(0);
    expect(await genericPlans(pageStatement([open, 'ticket_number', 'ASC', 50, 0]))).toBeGreaterThan(0);
    expect(await genericPlans(pageStatement([open, 'created_at', 'DESC', 25, 100]))).toBeGreaterThan(0);
    // the list's rows (view=row): their own statement, prepared the same way
    expect(await genericPlans(pageStatement([open, 'created_at', 'DESC', 25, 0], 'row'))).toBeGreaterThan(0);
  });

  it('the ticket screen', async () => {
    expect(await genericPlans({ sql: detailSql(20), params: [ticketId] })).toBeGreaterThan(0);
  });
});
