import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { REBUILD_ROLLUPS_SQL, ROLLUPS_SNAPSHOT_SQL } from '../src/modules/ticket-analytics/rollups/rollup-sql.js';
import { createTicket, isoDaysAgo } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  other = await registerOwner(app);
});
afterAll(async () => app.close());

async function addCall(s: SignedIn, customerId: string | null, ticketId: string | null = null): Promise<string> {
  const { rows } = await app.db.query(
    `insert into call_logs (organization_id, customer_id, ticket_id, call_type, from_phone, to_phone, caller_name, recording_duration)
     values ($1, $2, $3, 'voicemail', '+15125550177', '+15125550199', 'Caller', 42) returning id`,
    [s.user.organization_id, customerId, ticketId],
  );
  return rows[0].id as string;
}

async function addMessage(s: SignedIn, ticketId: string, body = 'Hello'): Promise<void> {
  await app.db.query(
    `insert into ticket_messages (organization_id, ticket_id, channel, direction, status, body) values ($1, $2, 'comment', 'internal', 'internal', $3)`,
    [s.user.organization_id, ticketId, body],
  );
}

async function count(sql: string, params: unknown[]): Promise<number> {
  return Number((await app.db.query(sql, params)).rows[0].n);
}

describe('GET /api/customers', () => {
  let fresh: SignedIn;
  beforeAll(async () => {
    fresh = await registerOwner(app);
    for (let i = 0; i < 7; i += 1) {
      await createTicket(fresh.agent, { customerName: `Listed Person ${i}`, customerEmail: `listed${i}@example.com`, customerPhone: `+1737555${String(2000 + i)}` });
    }
    await createTicket(fresh.agent, { customerName: 'Zelda Quartermain', customerEmail: 'zq@example.com', customerPhone: '+17375559911' });
    const again = await createTicket(fresh.agent, { customerName: 'Zelda Quartermain', customerEmail: 'zq@example.com', customerPhone: '+17375559911' });
    expect(again.customer.name).toBe('Zelda Quartermain');
  });

  it('pages newest first with Content-Range and X-Total-Count as ra-data-simple-rest reads them', async () => {
    const first = await fresh.agent.get('/api/customers').query({ range: '[0,2]' }).expect(200);
    expect(first.headers['content-range']).toBe('customers 0-2/8');
    expect(first.headers['x-total-count']).toBe('8');
    expect(first.headers['access-control-expose-headers']).toContain('Content-Range');
    expect(first.body.map((c: { name: string }) => c.name)).toEqual(['Zelda Quartermain', 'Listed Person 6', 'Listed Person 5']);
    const second = await fresh.agent.get('/api/customers').query({ range: '[3,5]' }).expect(200);
    expect(second.headers['content-range']).toBe('customers 3-5/8');
    expect(second.body.map((c: { name: string }) => c.name)).toEqual(['Listed Person 4', 'Listed Person 3', 'Listed Person 2']);
    const oldest = await fresh.agent.get('/api/customers').query({ range: '[0,0]', sort: '["created_at","ASC"]' }).expect(200);
    expect(oldest.body[0].name).toBe('Listed Person 0');
  });

  it('shows each customer with the ticket count and the latest ticket', async () => {
    const res = await fresh.agent.get('/api/customers').query({ filter: JSON.stringify({ q: 'quarterm' }) }).expect(200);
    expect(res.body).toHaveLength(1);
    const latest = (await app.db.query('select id, ticket_number from tickets where customer_id = $1 order by created_at desc limit 1', [res.body[0].id])).rows[0];
    expect(res.body[0]).toMatchObject({ name: 'Zelda Quartermain', email: 'zq@example.com', phone: '+17375559911', tickets_count: 2, last_ticket_id: latest.id, last_ticket_number: latest.ticket_number });
  });

  it('searches by name, e-mail and phone digits, and a search answers its own total', async () => {
    const byEmail = await fresh.agent.get('/api/customers').query({ q: 'listed3@' }).expect(200);
    expect(byEmail.body.map((c: { name: string }) => c.name)).toEqual(['Listed Person 3']);
    const byPhone = await fresh.agent.get('/api/customers').query({ q: '(737) 555-2005' }).expect(200);
    expect(byPhone.body.map((c: { name: string }) => c.name)).toEqual(['Listed Person 5']);
    const byName = await fresh.agent.get('/api/customers').query({ q: 'listed person', range: '[0,1]' }).expect(200);
    expect(byName.headers['content-range']).toBe('customers 0-1/7');
    const none = await fresh.agent.get('/api/customers').query({ q: 'nobody-like-this' }).expect(200);
    expect(none.body).toEqual([]);
    expect(none.headers['content-range']).toBe('customers 0-0/0');
  });

  it("never lists another organization's customers", async () => {
    const res = await other.agent.get('/api/customers').query({ q: 'quartermain' }).expect(200);
    expect(res.body).toEqual([]);
  });

  it('pages a dense search by walking the newest customers, and estimates a total past 10000 customers', async () => {
    const big = await registerOwner(app);
    await app.db.query(
      `insert into customers (organization_id, name, email, phone, created_at)
       select $1, 'Bulk Person ' || i, 'bulk' || i || '@example.com', '+1737' || lpad(i::text, 7, '0'), now() - (i || ' seconds')::interval
         from generate_series(1, 10050) i`,
      [big.user.organization_id],
    );
    await app.db.query('analyze customers');
    const all = await big.agent.get('/api/customers').query({ range: '[0,9]' }).expect(200);
    expect(all.headers['x-total-count-estimated']).toBe('true');
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(10_000);
    expect(all.body.map((c: { name: string }) => c.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Bulk Person ${i + 1}`));
    // Every customer matches: the newest hold the page, the total is an estimate past 1000 matches.
    const dense = await big.agent.get('/api/customers').query({ q: 'bulk person', range: '[20,24]' }).expect(200);
    expect(dense.body.map((c: { name: string }) => c.name)).toEqual(['Bulk Person 21', 'Bulk Person 22', 'Bulk Person 23', 'Bulk Person 24', 'Bulk Person 25']);
    expect(dense.headers['x-total-count-estimated']).toBe('true');
    // A rare match among them is probed through the trigram indexes, with an exact total.
    const rare = await big.agent.get('/api/customers').query({ q: 'bulk9999@' }).expect(200);
    expect(rare.body.map((c: { name: string }) => c.name)).toEqual(['Bulk Person 9999']);
    expect(rare.headers['content-range']).toBe('customers 0-0/1');
    expect(rare.headers['x-total-count-estimated']).toBeUndefined();
    const deep = await big.agent.get('/api/customers').query({ range: '[100001,100010]' }).expect(400);
    expect(deep.body.code).toBe('customers.offset_too_deep');
  });

  it('refuses a malformed range or sort with a 400', async () => {
    await fresh.agent.get('/api/customers').query({ range: '[5,1]' }).expect(400);
    const res = await fresh.agent.get('/api/customers').query({ sort: '["phone","ASC"]' }).expect(400);
    expect(res.body.error).toContain('created_at');
  });
});

describe('GET /api/customers/{id}', () => {
  it('shows contact details, address, every ticket with status, product and warranty verdict, calls and counts', async () => {
    const covered = await createTicket(owner.agent, { customerName: 'Shown Customer', customerEmail: 'shown@example.com', customerPhone: '+15125550301', purchaseDate: isoDaysAgo(10) });
    const lapsed = await createTicket(owner.agent, { customerName: 'Shown Customer', customerEmail: 'shown@example.com', customerPhone: '+15125550301', purchaseDate: isoDaysAgo(400), jackModel: '2-Ton Floor Jack' });
    expect(lapsed.customer.id).toBe(covered.customer.id);
    await owner.agent.patch(`/api/tickets/${lapsed.id}`).send({ status: 'Closed' }).expect(200);
    await app.db.query(`update customers set street = '1 Main St', city = 'Austin', state = 'TX', zip_code = '78701' where id = $1`, [covered.customer.id]);
    const callId = await addCall(owner, covered.customer.id, covered.id);
    await addMessage(owner, covered.id);
    await app.db.query(
      `insert into ticket_attachments (organization_id, ticket_id, object_path, file_name, content_type, size, tag, source)
       values ($1::uuid, $2, '/objects/uploads/' || $1::text || '/shown-receipt.pdf', 'receipt.pdf', 'application/pdf', 2048, 'receipt', 'upload')`,
      [owner.user.organization_id, lapsed.id],
    );

    const res = await owner.agent.get(`/api/customers/${covered.customer.id}`).expect(200);
    expect(res.body).toMatchObject({
      id: covered.customer.id,
      name: 'Shown Customer',
      email: 'shown@example.com',
      phone: '+15125550301',
      street: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
      country: 'US',
      tickets_count: 2,
      open_tickets_count: 1,
      calls_count: 1,
      messages_count: 1,
      attachments_count: 1,
    });
    expect(res.body.messages).toEqual([expect.objectContaining({ ticket_id: covered.id, ticket_number: covered.ticket_number, excerpt: expect.any(String) })]);
    expect(res.body.attachments).toEqual([
      expect.objectContaining({ filename: 'receipt.pdf', tag: 'receipt', size: 2048, ticket_id: lapsed.id, ticket_number: lapsed.ticket_number }),
    ]);
    expect(res.body.tickets).toEqual([
      expect.objectContaining({ id: lapsed.id, ticket_number: lapsed.ticket_number, status: 'Closed', product_model: '2-Ton Floor Jack', under_warranty: false, merged_into_id: null }),
      expect.objectContaining({ id: covered.id, ticket_number: covered.ticket_number, status: 'Open', product_model: '3-Ton Floor Jack', under_warranty: true, warranty_days_left: 80 }),
    ]);
    expect(res.body.calls).toEqual([expect.objectContaining({ id: callId, call_type: 'voicemail', ticket_id: covered.id, ticket_number: covered.ticket_number, recording_duration: 42 })]);
  });

  it("answers 404 for another organization's customer and for a malformed id", async () => {
    const theirs = await createTicket(other.agent, { customerEmail: 'theirs@example.com' });
    const res = await owner.agent.get(`/api/customers/${theirs.customer.id}`).expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Customer not found', code: 'customers.not_found' });
    await owner.agent.get('/api/customers/not-a-uuid').expect(404);
  });
});

describe('PUT /api/customers/{id}', () => {
  it('saves contact details and address, the phone as E.164 and the e-mail in lower case', async () => {
    const t = await createTicket(owner.agent, { customerName: 'Edit Me', customerEmail: 'editme@example.com', customerPhone: '+15125550401' });
    const res = await owner.agent
      .put(`/api/customers/${t.customer.id}`)
      .send({ name: '  Edited Name ', email: 'Edited@Example.com', phone: '(512) 555-0402', street: '2 Oak Ave', city: 'Dallas', state: 'TX', zip_code: '75001' })
      .expect(200);
    expect(res.body).toMatchObject({ name: 'Edited Name', email: 'edited@example.com', phone: '+15125550402', street: '2 Oak Ave', city: 'Dallas', zip_code: '75001', tickets_count: 1 });
    const row = (await app.db.query('select name, email, phone, street from customers where id = $1', [t.customer.id])).rows[0];
    expect(row).toEqual({ name: 'Edited Name', email: 'edited@example.com', phone: '+15125550402', street: '2 Oak Ave' });
    const ticket = await owner.agent.get(`/api/tickets/${t.id}`).expect(200);
    expect(ticket.body.customer.name).toBe('Edited Name');
  });

  it("refuses the create form's failures with its messages", async () => {
    const t = await createTicket(owner.agent, { customerEmail: 'rules@example.com' });
    const noName = await owner.agent.put(`/api/customers/${t.customer.id}`).send({ name: '  ', email: 'rules@example.com' }).expect(400);
    expect(noName.body.error).toBe('Full name is required');
    const badEmail = await owner.agent.put(`/api/customers/${t.customer.id}`).send({ name: 'Rules', email: 'not-an-email' }).expect(400);
    expect(badEmail.body.error).toBe('Valid email is required');
    const cleared = await owner.agent.put(`/api/customers/${t.customer.id}`).send({ name: 'Rules', email: '' }).expect(400);
    expect(cleared.body).toMatchObject({ error: 'Valid email is required', code: 'customers.email_required' });
    const longZip = await owner.agent.put(`/api/customers/${t.customer.id}`).send({ name: 'Rules', email: 'rules@example.com', zip_code: 'x'.repeat(21) }).expect(400);
    expect(longZip.body.error).toBe('ZIP code must be at most 20 characters');
  });

  it("refuses another customer's phone or e-mail with a 400 naming that customer", async () => {
    const a = await createTicket(owner.agent, { customerName: 'Ann Holder', customerEmail: 'ann.holder@example.com', customerPhone: '+15125550501' });
    const b = await createTicket(owner.agent, { customerName: 'Bob Other', customerEmail: 'bob.other@example.com', customerPhone: '+15125550502' });
    const phone = await owner.agent.put(`/api/customers/${b.customer.id}`).send({ name: 'Bob Other', email: 'bob.other@example.com', phone: '512-555-0501' }).expect(400);
    expect(phone.body).toMatchObject({
      code: 'customers.phone_taken',
      error: 'Another customer, Ann Holder, already has this phone number: merge the two customers instead',
      details: { customer_id: a.customer.id, customer_name: 'Ann Holder' },
    });
    const email = await owner.agent.put(`/api/customers/${b.customer.id}`).send({ name: 'Bob Other', email: 'ANN.HOLDER@example.com' }).expect(400);
    expect(email.body).toMatchObject({ code: 'customers.email_taken', details: { customer_id: a.customer.id } });
    expect((await app.db.query('select phone, email from customers where id = $1', [b.customer.id])).rows[0]).toEqual({ phone: '+15125550502', email: 'bob.other@example.com' });
  });

  it("answers 404 for another organization's customer", async () => {
    const theirs = await createTicket(other.agent, { customerEmail: 'theirs2@example.com' });
    await owner.agent.put(`/api/customers/${theirs.customer.id}`).send({ name: 'Hijack', email: 'x@example.com' }).expect(404);
    expect((await app.db.query('select name from customers where id = $1', [theirs.customer.id])).rows[0].name).toBe('Maria Gonzalez');
  });
});

describe('POST /api/customers/{id}/merge', () => {
  it('moves every ticket, call and message to the kept customer, fills its empty fields, deletes the other and records it', async () => {
    const keepT = await createTicket(owner.agent, { customerName: 'Keep Me', customerEmail: 'keep@example.com', customerPhone: '' });
    const fromT1 = await createTicket(owner.agent, { customerName: 'Merge Me', customerEmail: 'merge@example.com', customerPhone: '+15125550601' });
    const fromT2 = await createTicket(owner.agent, { customerName: 'Merge Me', customerEmail: 'merge@example.com', customerPhone: '+15125550601' });
    const keep = keepT.customer.id;
    const from = fromT1.customer.id;
    expect(fromT2.customer.id).toBe(from);
    await app.db.query(`update customers set street = '9 Elm St', city = 'Waco' where id = $1`, [from]);
    await addCall(owner, from);
    await addCall(owner, from, fromT1.id);
    await addCall(owner, keep);
    await addMessage(owner, fromT2.id);
    const org = owner.user.organization_id;
    const before = {
      tickets: await count('select count(*) as n from tickets where organization_id = $1', [org]),
      calls: await count('select count(*) as n from call_logs where organization_id = $1', [org]),
      messages: await count('select count(*) as n from ticket_messages where organization_id = $1', [org]),
    };

    const res = await owner.agent.post(`/api/customers/${keep}/merge`).send({ from_customer_id: from }).expect(201);
    expect(res.body).toMatchObject({ merged_customer_id: from, tickets_moved: 2, calls_moved: 2, fields_filled: ['phone', 'street', 'city'] });
    expect(res.body.customer).toMatchObject({ id: keep, name: 'Keep Me', email: 'keep@example.com', phone: '+15125550601', street: '9 Elm St', tickets_count: 3, calls_count: 3, messages_count: 1 });

    expect({
      tickets: await count('select count(*) as n from tickets where organization_id = $1', [org]),
      calls: await count('select count(*) as n from call_logs where organization_id = $1', [org]),
      messages: await count('select count(*) as n from ticket_messages where organization_id = $1', [org]),
    }).toEqual(before);
    expect(await count('select count(*) as n from tickets where customer_id = $1', [keep])).toBe(3);
    expect(await count('select count(*) as n from call_logs where customer_id = $1', [keep])).toBe(3);
    expect(await count('select count(*) as n from customers where id = $1', [from])).toBe(0);
    await owner.agent.get(`/api/customers/${from}`).expect(404);

    const audit = (await app.db.query(`select kind, subject, actor_id, changes from audit_log where organization_id = $1 and kind = 'customers_merged'`, [org])).rows;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ subject: 'Merge Me into Keep Me', actor_id: owner.user.id });
    expect(audit[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'customer', old: 'Merge Me · merge@example.com · +15125550601', new: 'Keep Me' },
        { field: 'customer_id', old: from, new: keep },
        { field: 'tickets_moved', new: 2 },
        { field: 'calls_moved', new: 2 },
      ]),
    );
    // The rollups the triggers kept through the moves equal a rebuild from the tickets.
    const kept = (await app.db.query(ROLLUPS_SNAPSHOT_SQL)).rows[0].snapshot;
    await app.db.query('begin');
    try {
      await app.db.query(REBUILD_ROLLUPS_SQL);
      expect(kept).toEqual((await app.db.query(ROLLUPS_SNAPSHOT_SQL)).rows[0].snapshot);
    } finally {
      await app.db.query('rollback');
    }
    // The next ticket from the merged customer's phone finds the kept customer.
    const next = await createTicket(owner.agent, { customerName: 'Keep Me', customerEmail: 'keep@example.com', customerPhone: '(512) 555-0601' });
    expect(next.customer.id).toBe(keep);
  });

  it('refuses to merge a customer into itself with a 400', async () => {
    const t = await createTicket(owner.agent, { customerEmail: 'self@example.com' });
    const res = await owner.agent.post(`/api/customers/${t.customer.id}/merge`).send({ from_customer_id: t.customer.id }).expect(400);
    expect(res.body).toMatchObject({ error: 'A customer cannot be merged into itself', code: 'customers.merge_self' });
  });

  it("answers 404 when either customer is another organization's, and moves nothing", async () => {
    const mine = await createTicket(owner.agent, { customerEmail: 'mine@example.com' });
    const theirs = await createTicket(other.agent, { customerEmail: 'theirs3@example.com' });
    await owner.agent.post(`/api/customers/${mine.customer.id}/merge`).send({ from_customer_id: theirs.customer.id }).expect(404);
    await owner.agent.post(`/api/customers/${theirs.customer.id}/merge`).send({ from_customer_id: mine.customer.id }).expect(404);
    expect((await app.db.query('select customer_id from tickets where id = $1', [theirs.id])).rows[0].customer_id).toBe(theirs.customer.id);
    expect(await count('select count(*) as n from customers where id = $1', [theirs.customer.id])).toBe(1);
    const bad = await owner.agent.post(`/api/customers/${mine.customer.id}/merge`).send({ from_customer_id: 'nope' }).expect(400);
    expect(bad.body.error).toBe('from_customer_id must be the id of a customer');
  });
});
