import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { bindTenant } from '../src/common/tenancy/tenant-statement.js';
import { positionalSql } from '../src/database/prepared-statements.js';
import { parseTicketFilters } from '../src/modules/tickets/ticket-filters.js';
import { type Cursor, pageStatement } from '../src/modules/tickets/ticket-list.query.js';
import { detailSql } from '../src/modules/tickets/ticket.repository.js';
import { ticketPayload } from './factories/tickets.js';
import { type PlanNode, planNodes } from './support/plans.js';
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
       'order_number', 'ORD-PLANS-' || g, 'serial_number', 'SN-PLANS-' || g, 'created_at', now() - g * interval '1 minute'))).* from tickets t, generate_series(1, 3000) g where t.id = $1`,
    [model.id],
  );
  // and of 3,000 customers, for the create's match by phone and by e-mail
  await app.db.query(
    `insert into customers (organization_id, name, email, phone)
     select c.organization_id, 'Plans ' || g, 'plans' || g || '@example.com', '+1666' || lpad(g::text, 7, '0')
       from customers c, generate_series(1, 3000) g where c.id = (select customer_id from tickets where id = $1)`,
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
  const text = positionalSql(sql);
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

  it("a ticket's customer (customer_for_ticket): found by phone and by e-mail through their indexes, past its generic plans", async () => {
    const counts = async () => (await app.db.query(`select seq_scan::int, idx_scan::int, n_tup_ins::int from pg_stat_xact_user_tables where relname = 'customers'`)).rows[0];
    await app.db.query('begin');
    try {
      const before = await counts();
      const org = owner.user.organization_id;
      for (let i = 1; i <= 8; i += 1) {
        // by phone, then by e-mail alone (a new phone for a customer without one would be written: rolled back below)
        await app.db.query('select customer_for_ticket($1, $2)', [org, JSON.stringify({ id: randomUUID(), name: `Plans ${i}`, email: `plans${i}@example.com`, phone: `+1666${String(i).padStart(7, '0')}` })]);
        await app.db.query('select customer_for_ticket($1, $2)', [org, JSON.stringify({ id: randomUUID(), name: `Plans ${i + 100}`, email: `plans${i + 100}@example.com`, phone: null })]);
      }
      const after = await counts();
      // every one found (no insert), none by reading the customers
      expect({ seq_scan: after.seq_scan - before.seq_scan, n_tup_ins: after.n_tup_ins - before.n_tup_ins }).toEqual({ seq_scan: 0, n_tup_ins: 0 });
      expect(after.idx_scan - before.idx_scan).toBeGreaterThanOrEqual(16);
    } finally {
      await app.db.query('rollback');
    }
  });

  it('the ticket screen', async () => {
    expect(await genericPlans({ sql: detailSql(20), params: [ticketId] })).toBeGreaterThan(0);
  });
});

describe('a create', () => {
  let one: TestApp;
  let creator: SignedIn;

  beforeAll(async () => {
    // Two connections for the requests (the session store's too, the fewest the app takes), so the statements each prepared can be read back on it.
    one = await startTestApp({ JOBS_WORKER: 'false', DB_POOL_SIZE: '2' });
    creator = await registerOwner(one);
  });

  afterAll(async () => {
    await one?.close();
  });

  it('sends its one statement (the customer with its locks, the ticket and the rest) as a prepared statement that PostgreSQL plans once', async () => {
    const CREATES = 12;
    for (let i = 0; i < CREATES; i += 1) {
      await creator.agent.post('/api/tickets').send(ticketPayload({ orderNumber: `ORD-PREPARED-${i}`, customerEmail: `prepared${i}@example.com` })).expect(201);
    }
    // every connection of the pool at once: PostgreSQL shows a session its own prepared statements only
    const pool = (await one.created.orm.em.getConnection().getNativeClient()) as pg.Pool;
    const clients = await Promise.all([pool.connect(), pool.connect()]);
    const prepared: { statement: string; runs: number; generic: number }[] = [];
    try {
      for (const client of clients) {
        const { rows } = await client.query(
          `select statement, (generic_plans + custom_plans)::int as runs, generic_plans::int as generic from pg_prepared_statements
            where statement like 'with quiet as materialized%' or statement like '%lock_customer_contacts%'`,
        );
        prepared.push(...rows);
      }
    } finally {
      for (const client of clients) client.release();
    }
    const insert = prepared.filter((p) => p.statement.startsWith('with quiet as materialized'));
    // the customer's locks are taken inside it (customer_for_ticket), not by a statement of their own
    expect(prepared.filter((p) => p.statement.includes('lock_customer_contacts'))).toEqual([]);
    const runs = (statements: typeof prepared) => statements.reduce((sum, p) => sum + p.runs, 0);
    // one text for these creates (the same fields each time), run by name for each, its values as parameters;
    // of 12 runs on two connections one had six or more, past PostgreSQL's five custom plans
    expect(new Set(insert.map((p) => p.statement)).size).toBe(1);
    expect(runs(insert)).toBe(CREATES);
    expect(insert[0].statement).toContain('$1');
    // planned once on a connection: after PostgreSQL's first five custom plans it settles on the generic one
    expect(Math.max(...insert.map((p) => p.generic))).toBeGreaterThan(0);

    // Its generic plan, on the organization of 3,000 tickets above: the possible duplicates and the
    // products are read through their indexes, never by reading the organization's tickets.
    const text = insert[0].statement;
    await app.db.query('begin');
    try {
      await app.db.query(`prepare create_probe as ${text}`);
      await app.db.query('set local plan_cache_mode = force_generic_plan');
      const parameters = new Set(text.match(/\$\d+/g)).size;
      const { rows } = await app.db.query(`explain (format json) execute create_probe(${Array(parameters).fill('null').join(', ')})`);
      const nodes = planNodes(rows[0]['QUERY PLAN'][0].Plan as PlanNode).filter((node) => node['Node Type'] !== 'ModifyTable');
      const scans = nodes.filter((node) => node['Relation Name'] === 'tickets');
      expect(scans.length).toBeGreaterThan(0);
      expect(scans.map((node) => node['Node Type']).filter((type) => !/Index/.test(type))).toEqual([]);
    } finally {
      await app.db.query('rollback');
      await app.db.query('deallocate create_probe');
    }
  });

  it('still creates once a later version added a column to tickets (the statement names the columns it answers)', async () => {
    await one.db.query('alter table tickets add column added_by_a_later_version text');
    try {
      // two at a time: both connections run it, the one that prepared it before the change among them
      for (let round = 0; round < 3; round += 1) {
        const created = await Promise.all(
          [0, 1].map((i) => creator.agent.post('/api/tickets').send(ticketPayload({ orderNumber: `ORD-LATER-${round}-${i}`, customerEmail: `later${round}${i}@example.com` }))),
        );
        expect(created.map((res) => res.status)).toEqual([201, 201]);
      }
    } finally {
      await one.db.query('alter table tickets drop column added_by_a_later_version');
    }
  });
});
