import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bindTenant } from '../src/common/tenancy/tenant-statement.js';
import { positionalSql } from '../src/database/prepared-statements.js';
import { customerMatchProbe, customerSearch, SEARCH_EXPRESSIONS, SEARCH_PROBE_SETTINGS, type SearchStatement, ticketMatchProbe } from '../src/modules/search/search-indexes.js';
import { createTicket } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let owner: SignedIn;
let other: SignedIn;

async function insertCall(org: SignedIn, fields: { fromPhone: string; transcription?: string | null; ticketId?: string | null }): Promise<string> {
  const res = await app.db.query(
    `insert into call_logs (organization_id, call_type, from_phone, transcription, ticket_id) values ($1, 'voicemail', $2, $3, $4) returning id`,
    [org.user.organization_id, fields.fromPhone, fields.transcription ?? null, fields.ticketId ?? null],
  );
  return res.rows[0].id as string;
}

async function search(org: SignedIn, q: string) {
  const res = await org.agent.get('/api/search').query({ q }).expect(200);
  return res.body as {
    query: string;
    tickets: { id: string; ticket_number: string; customer_name: string }[];
    customers: { id: string; name: string; phone: string | null; latest_ticket_id: string | null }[];
    calls: { id: string; ticket_id: string | null }[];
  };
}

/** The plan of a search statement under the probe's settings (bitmap scans only). */
async function probePlan(statement: SearchStatement): Promise<string> {
  const sql = positionalSql(statement.sql);
  try {
    await app.db.query('begin');
    await app.db.query(SEARCH_PROBE_SETTINGS);
    const res = await app.db.query(`explain ${sql}`, statement.params);
    return res.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
  } finally {
    await app.db.query('rollback');
  }
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  other = await registerOwner(app);
});
afterAll(async () => app.close());

describe('GET /api/search', () => {
  it('finds a customer, their tickets and their calls by a phone number typed with punctuation', async () => {
    const ticket = await createTicket(owner.agent, { customerName: 'Dana Whitfield', customerPhone: '+15551234567' });
    const call = await insertCall(owner, { fromPhone: '+15551234567', ticketId: ticket.id });
    const found = await search(owner, '(555) 123-4567');
    expect(found.query).toBe('(555) 123-4567');
    expect(found.customers).toEqual([expect.objectContaining({ id: ticket.customer.id, phone: '+15551234567', latest_ticket_id: ticket.id })]);
    expect(found.calls.map((c) => c.id)).toEqual([call]);
    expect((await search(owner, '555.123.4567')).customers.map((c) => c.id)).toEqual([ticket.customer.id]);
  });

  it('finds tickets by ticket, order and serial number, SKU and description words', async () => {
    const t = await createTicket(owner.agent, {
      orderNumber: 'AMZ-778899-QX',
      serialNumber: 'SNX-4455-ZZ',
      productSku: 'BJ-9000-ULTRA',
      issueDescription: 'The saddle wobbles and the release valve squeaks loudly.',
    });
    for (const q of [t.ticketNumber, '778899', 'snx-4455', 'BJ-9000-ULTRA', 'squeaks', 'release valv']) {
      expect((await search(owner, q)).tickets.map((x) => x.id)).toContain(t.id);
    }
    expect((await search(owner, 'squeaks')).tickets[0]).toMatchObject({ id: t.id, ticket_number: t.ticketNumber, customer_name: 'Maria Gonzalez' });
  });

  it('finds customers by name and e-mail and calls by transcript words', async () => {
    const t = await createTicket(owner.agent, { customerName: 'Bartholomew Quince', customerEmail: 'bart.quince@example.org', customerPhone: '+14155550199' });
    expect((await search(owner, 'Quince')).customers.map((c) => c.id)).toEqual([t.customer.id]);
    expect((await search(owner, 'bart.quince@')).customers.map((c) => c.id)).toEqual([t.customer.id]);
    const call = await insertCall(owner, { fromPhone: '+14155550123', transcription: 'Hi, my hydraulic bottle jack lost pressure overnight.' });
    expect((await search(owner, 'bottle jack pressure')).calls.map((c) => c.id)).toEqual([call]);
  });

  it('ranks an exact number first and answers at most 5 per group', async () => {
    const many = [];
    for (let i = 0; i < 7; i += 1) many.push(await createTicket(owner.agent, { orderNumber: `RANK-70${i}`, issueDescription: 'Rankable gasket failure.' }));
    const found = await search(owner, 'RANK-703');
    expect(found.tickets[0].id).toBe(many[3].id);
    const all = await search(owner, 'RANK-70');
    expect(all.tickets).toHaveLength(5);
    expect((await search(owner, 'rankable')).tickets).toHaveLength(5);
  });

  it("never shows another organization's tickets, customers or calls", async () => {
    const mine = await createTicket(other.agent, { customerName: 'Zebulon Private', orderNumber: 'SECRET-ORDER-1', customerPhone: '+17775550100' });
    await insertCall(other, { fromPhone: '+17775550100', transcription: 'zebulon secret voicemail' });
    for (const q of ['Zebulon', 'SECRET-ORDER-1', '777-555-0100', mine.ticketNumber]) {
      const found = await search(owner, q);
      expect(found.customers.map((c) => c.id)).not.toContain(mine.customer.id);
      expect(found.tickets.map((t) => t.id)).not.toContain(mine.id);
      expect(found.calls).toEqual([]);
    }
    expect((await search(other, 'Zebulon')).customers.map((c) => c.id)).toEqual([mine.customer.id]);
  });

  it('answers empty groups under 2 characters and treats % and _ literally', async () => {
    expect(await search(owner, ' a ')).toEqual({ query: 'a', tickets: [], customers: [], calls: [] });
    expect((await search(owner, '%%')).tickets).toEqual([]);
    expect((await search(owner, '__')).customers).toEqual([]);
  });

  it('rejects a missing or too long query with the message', async () => {
    const missing = await owner.agent.get('/api/search').expect(400);
    expect(missing.body.error).toBe('Search query is required');
    const long = await owner.agent.get('/api/search').query({ q: 'x'.repeat(101) }).expect(400);
    expect(long.body.error).toBe('Search query must be at most 100 characters');
    await app.request().get('/api/search?q=abc').expect(401);
  });

  it('finds an old exact order number alone even when more than 100 newer tickets contain it, and a word every ticket says newest first', async () => {
    const org = await registerOwner(app);
    const oldest = await createTicket(org.agent, { orderNumber: 'ORD-77', issueDescription: 'The pump squeaks and the ram drifts down slowly.' });
    await app.db.query(
      `insert into tickets (organization_id, customer_id, ticket_number, order_number, issue_description, created_at, updated_at)
       select $1, $2, 'WC-9' || lpad(g::text, 5, '0'), 'ORD-77' || g, 'The pump squeaks on every stroke.', now() + g * interval '1 second', now()
       from generate_series(1, 150) g`,
      [org.user.organization_id, oldest.customer.id],
    );
    const exact = await search(org, 'ord-77');
    expect(exact.tickets.map((t) => t.id)).toEqual([oldest.id]);
    // a part of a number finds the tickets that contain it: the closest (ORD-7714 ends with it) first, then the newest
    const part = await search(org, '-7714');
    expect(part.tickets.map((t) => t.ticket_number)).toEqual(['WC-900014', 'WC-900149', 'WC-900148', 'WC-900147', 'WC-900146']);
    const word = await search(org, 'squeaks');
    expect(word.tickets.map((t) => t.ticket_number)).toEqual(['WC-900150', 'WC-900149', 'WC-900148', 'WC-900147', 'WC-900146']);
  });

  it('matches through the trigram and full-text GIN indexes, not by scanning the table', async () => {
    const plans: string[] = [];
    const client = app.db;
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      const explain = async (sql: string) => {
        const res = await client.query(`explain ${sql}`);
        plans.push(res.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
      };
      await explain(`select id from tickets where (ticket_number || ' ' || coalesce(order_number, '') || ' ' || coalesce(serial_number, '') || ' ' || coalesce(product_sku, '')) ilike '%778899%'`);
      await explain(`select id from tickets where to_tsvector('english', issue_description) @@ to_tsquery('english', 'squeak:*')`);
      await explain(`select id from customers where regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') like '%5551234567%'`);
      await explain(`select id from call_logs where to_tsvector('english', coalesce(transcription, '')) @@ to_tsquery('english', 'jack:*')`);
    } finally {
      await client.query('rollback');
    }
    expect(plans[0]).toContain('tickets_search_identifiers_trgm_index');
    expect(plans[1]).toContain('tickets_search_description_fts_index');
    expect(plans[2]).toContain('customers_search_phone_digits_trgm_index');
    expect(plans[3]).toContain('call_logs_search_transcript_fts_index');
  });

  it("reads a rare ticket match through the GIN indexes' bitmap, never by walking the tickets newest first", async () => {
    // enough tickets that reading all of the organization's would cost more than the GIN indexes
    const org = await registerOwner(app);
    const first = await createTicket(org.agent, { orderNumber: 'ORD-1' });
    await app.db.query(
      `insert into tickets (organization_id, customer_id, ticket_number, order_number, issue_description, created_at, updated_at)
       select $1, $2, 'WC-8' || lpad(g::text, 6, '0'), 'ORD-1' || g, 'The jack leaks oil at the base.', now(), now()
       from generate_series(1, 20000) g`,
      [org.user.organization_id, first.customer.id],
    );
    await app.db.query('analyze tickets');
    const plan = await probePlan(bindTenant(org.user.organization_id, ticketMatchProbe('zzqxv')));
    expect(plan).toContain('tickets_search_identifiers_trgm_index');
    expect(plan).toContain('tickets_search_description_fts_index');
    expect(plan).not.toMatch(/Seq Scan|(?<!Bitmap )Index Scan|Index Only Scan/);

    // a query shaped like a ticket number reads the numbers by prefix (every number has "wc"): through the
    // prefix index (text_pattern_ops), or, where the database's collation is C as here, the unique index on the
    // same columns, which then orders the same way; the planner takes either at about the same cost
    const numberPlan = await probePlan(bindTenant(org.user.organization_id, ticketMatchProbe('wc-80001')));
    expect(numberPlan).toMatch(/Index Scan on tickets_organization_number_(prefix_index|unique)\b/);
    expect(numberPlan).toMatch(/Index Cond: .*\(ticket_number\)::text (~>=~|>=) 'WC-80001'::text\) AND \(\(ticket_number\)::text (~<~|<) 'WC-80002'::text\)/);
    expect(numberPlan).not.toContain('tickets_search_identifiers_trgm_index');
    const byNumber = await search(org, 'wc-800012');
    expect(byNumber.tickets).toHaveLength(5);
    for (const t of byNumber.tickets) expect(t.ticket_number.startsWith('WC-800012')).toBe(true);
    expect((await search(org, 'WC-8000123')).tickets.map((t) => t.ticket_number)).toEqual(['WC-8000123']);

    // a query written as a phone number is matched as a phone alone
    const phonePlan = await probePlan(bindTenant(org.user.organization_id, ticketMatchProbe('(555) 123-4567')));
    expect(phonePlan).not.toContain('tickets_search_identifiers_trgm_index');
    expect(customerSearch('+1 555 123 4567', 5).sql).not.toContain(`${SEARCH_EXPRESSIONS.customerText} ilike`);
    expect(customerSearch('555-1234567', 5).sql).toContain(`${SEARCH_EXPRESSIONS.customerText} ilike`);
  });

  it('reads rare customer matches through the GIN bitmap and a name many customers share newest first', async () => {
    const org = await registerOwner(app);
    await app.db.query(
      `insert into customers (organization_id, name, email, created_at)
       select $1, case when g % 2 = 0 then 'Maria Gonzalez' else 'Sam Lee' end || ' ' || g, null, now() - g * interval '1 second'
       from generate_series(1, 20000) g`,
      [org.user.organization_id],
    );
    await app.db.query(`insert into customers (organization_id, name, created_at) values ($1, 'Quentin Xavierson', now() - interval '1 day')`, [
      org.user.organization_id,
    ]);
    await app.db.query('analyze customers');
    // bitmaps only (at this size the planner may take the organization's; at 500,000 the trigram's)
    const plan = await probePlan(bindTenant(org.user.organization_id, customerMatchProbe('Quentin Xav')));
    expect(plan).toContain('Bitmap Index Scan');
    expect(plan).not.toMatch(/Seq Scan on customers|(?<!Bitmap )Index Scan on customers|Index Only Scan on customers/);
    expect((await search(org, 'Quentin Xav')).customers.map((c) => c.name)).toEqual(['Quentin Xavierson']);
    // half the customers are Maria: the newest of them, as the 2-letter query's
    expect((await search(org, 'Maria Gon')).customers.map((c) => c.name)).toEqual(['Maria Gonzalez 2', 'Maria Gonzalez 4', 'Maria Gonzalez 6', 'Maria Gonzalez 8', 'Maria Gonzalez 10']);
    expect((await search(org, 'ee')).customers.map((c) => c.name)).toEqual(['Sam Lee 1', 'Sam Lee 3', 'Sam Lee 5', 'Sam Lee 7', 'Sam Lee 9']);
  });
});
