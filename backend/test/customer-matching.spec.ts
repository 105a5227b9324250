import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sign } from 'retell-sdk';
import { Migration20261125020000CustomerPhones } from '../src/database/migrations/Migration20261125020000CustomerPhones.js';
import { createTicket, isoDaysAgo } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let owner: SignedIn;
let webhookId: string;
const API_KEY = 'key_retell_matching_0123456789';

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  await owner.agent.put('/api/settings').send({ brands: ['IronJack'], retell_api_key: API_KEY }).expect(200);
  webhookId = (await owner.agent.post('/api/webhooks').send({ name: 'IronJack line', brand: 'IronJack' }).expect(201)).body.id;
});
afterAll(async () => app.close());

async function customersWith(organizationId: string, phone: string): Promise<{ id: string; phone: string }[]> {
  return (await app.db.query('select id, phone from customers where organization_id = $1 and phone = $2', [organizationId, phone])).rows;
}

describe('customer matching at the ticket form and API', () => {
  it('takes (555) 123-4567, 555.123.4567 and +1 555 123 4567 for one customer, kept as E.164', async () => {
    const first = await createTicket(owner.agent, { customerPhone: '(737) 555-0601', customerEmail: 'one@example.com' });
    const second = await createTicket(owner.agent, { customerPhone: '737.555.0601', customerEmail: 'one@example.com' });
    const third = await createTicket(owner.agent, { customerPhone: '+1 737 555 0601', customerEmail: 'other-address@example.com' });
    expect(first.customer.phone).toBe('+17375550601');
    expect([second.customer.id, third.customer.id]).toEqual([first.customer.id, first.customer.id]);
    expect(await customersWith(owner.user.organization_id, '+17375550601')).toEqual([{ id: first.customer.id, phone: '+17375550601' }]);
  });

  it('matches a known e-mail in any case when no phone is given', async () => {
    const first = await createTicket(owner.agent, { customerPhone: '', customerEmail: 'Zoe.Moss@Example.com' });
    const second = await createTicket(owner.agent, { customerPhone: '', customerEmail: 'zoe.moss@EXAMPLE.COM' });
    expect(second.customer).toMatchObject({ id: first.customer.id, email: 'zoe.moss@example.com' });
  });

  it("reads a number without a country code in the organization's country", async () => {
    const uk = await registerOwner(app);
    await app.db.query(`update organizations set business_country = 'GB' where id = $1`, [uk.user.organization_id]);
    const first = await createTicket(uk.agent, { customerPhone: '020 7946 0958' });
    const second = await createTicket(uk.agent, { customerPhone: '+44 20 7946 0958' });
    expect(first.customer.phone).toBe('+442079460958');
    expect(second.customer.id).toBe(first.customer.id);
  });

  it('keeps a number that is not a phone number as typed, matching only itself', async () => {
    const first = await createTicket(owner.agent, { customerPhone: ' 12345 ' });
    const second = await createTicket(owner.agent, { customerPhone: '12345' });
    expect(first.customer.phone).toBe('12345');
    expect(second.customer.id).toBe(first.customer.id);
  });

  it('resolves concurrent creates of one number typed in different formats to one customer', async () => {
    const formats = ['(737) 555-0602', '737.555.0602', '+1 737 555 0602', '17375550602', '737-555-0602', '+17375550602'];
    const results = await Promise.all(formats.map((customerPhone) => owner.agent.post('/api/tickets').send({ ...baseTicket(), customerPhone })));
    expect(results.map((r) => r.status)).toEqual(formats.map(() => 201));
    expect(new Set(results.map((r) => r.body.customer.id)).size).toBe(1);
    expect(await customersWith(owner.user.organization_id, '+17375550602')).toHaveLength(1);
  });
});

let sequence = 0;
function baseTicket(): Record<string, unknown> {
  sequence += 1;
  return {
    customerName: 'Concurrent Caller',
    customerEmail: `concurrent${sequence}@example.com`,
    contactMethod: 'Phone',
    orderNumber: `ORD-MATCH-${sequence}`,
    purchaseDate: isoDaysAgo(30),
    purchaseLocation: 'Walmart',
    productSku: 'FJ-250',
    jackModel: '3-Ton Floor Jack',
    issueCategory: 'Hydraulic Oil Leak',
    issueDescription: 'Oil is leaking from the ram seal.',
    issueStartTime: 'Within first week',
    troubleshootingAttempted: 'No',
    preferredResolution: 'Replacement',
  };
}

describe('customer matching at an AI-agent call', () => {
  let callSequence = 0;
  const newCallId = () => `call_match_${Date.now().toString(36)}_${++callSequence}`;
  const call = (callId: string, from: string) => ({
    call_id: callId,
    agent_id: 'agent_abc',
    call_type: 'phone_call',
    from_number: from,
    to_number: '+15125550199',
    direction: 'inbound',
    start_timestamp: Date.now() - 60_000,
  });

  async function post(path: string, body: unknown, status: number) {
    const raw = JSON.stringify(body);
    const res = await app.request().post(path).set('Content-Type', 'application/json').set('x-retell-signature', await sign(raw, API_KEY)).send(raw);
    if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
    return res;
  }
  const logOf = async (callId: string) =>
    (await app.db.query('select customer_id, ticket_id from call_logs where retell_call_id = $1', [callId])).rows[0] as { customer_id: string | null; ticket_id: string | null };

  it('names the known customer on the call as soon as it starts, whatever format the number is on file in', async () => {
    const known = await createTicket(owner.agent, { customerPhone: '(512) 555-0611' });
    const callId = newCallId();
    await post(`/api/webhooks/retell/${webhookId}`, { event: 'call_started', call: call(callId, '+15125550611') }, 204);
    expect(await logOf(callId)).toEqual({ customer_id: known.customer.id, ticket_id: null });
  });

  it('files the agent ticket under the customer the caller number or the given number belongs to', async () => {
    const known = await createTicket(owner.agent, { customerPhone: '512-555-0612', customerEmail: 'caller@example.com' });
    const args = {
      customer_name: 'Dana Whitfield',
      product_sku: 'FJ-250',
      purchase_date: isoDaysAgo(100),
      issue_description: 'The jack sinks slowly under load.',
    };
    const byCaller = newCallId();
    const first = await post(`/api/functions/create_warranty_ticket/${webhookId}`, { name: 'create_warranty_ticket', call: call(byCaller, '+15125550612'), args }, 200);
    const byArgs = newCallId();
    const second = await post(
      `/api/functions/create_warranty_ticket/${webhookId}`,
      { name: 'create_warranty_ticket', call: call(byArgs, '+15125550699'), args: { ...args, customer_phone: '(512) 555.0612', customer_email: 'CALLER@example.com' } },
      200,
    );
    for (const res of [first, second]) {
      const ticket = await owner.agent.get(`/api/tickets/${res.body.ticket_id}`).expect(200);
      expect(ticket.body.customer).toMatchObject({ id: known.customer.id, phone: '+15125550612', email: 'caller@example.com' });
    }
    expect(await logOf(byCaller)).toEqual({ customer_id: known.customer.id, ticket_id: first.body.ticket_id });
    expect(await logOf(byArgs)).toEqual({ customer_id: known.customer.id, ticket_id: second.body.ticket_id });
  });

  it('leaves an unknown caller unnamed until the agent files a ticket, then names its new customer', async () => {
    const callId = newCallId();
    await post(`/api/webhooks/retell/${webhookId}`, { event: 'call_started', call: call(callId, '+15125550613') }, 204);
    expect(await logOf(callId)).toEqual({ customer_id: null, ticket_id: null });
    const res = await post(
      `/api/functions/create_warranty_ticket/${webhookId}`,
      { name: 'create_warranty_ticket', call: call(callId, '+15125550613'), args: { customer_name: 'New Caller', product_sku: 'FJ-250', issue_description: 'Handle is bent.' } },
      200,
    );
    const ticket = await owner.agent.get(`/api/tickets/${res.body.ticket_id}`).expect(200);
    expect(ticket.body.customer.phone).toBe('+15125550613');
    expect(await logOf(callId)).toEqual({ customer_id: ticket.body.customer.id, ticket_id: res.body.ticket_id });
  });
});

describe('the customer phone migration', () => {
  it('rewrites phones on file to E.164 in their organization country and keeps both rows of one number', async () => {
    const us = await registerOwner(app);
    const uk = await registerOwner(app);
    await app.db.query(`update organizations set business_country = 'GB' where id = $1`, [uk.user.organization_id]);
    const insert = async (organizationId: string, name: string, phone: string, email: string | null, createdAt: string) =>
      (
        await app.db.query('insert into customers (organization_id, name, phone, email, created_at) values ($1, $2, $3, $4, $5) returning id', [
          organizationId,
          name,
          phone,
          email,
          createdAt,
        ])
      ).rows[0].id as string;
    const typed = await insert(us.user.organization_id, 'Typed', '(555) 123-4567', 'Typed@Example.COM', '2026-01-01T00:00:00Z');
    const dotted = await insert(us.user.organization_id, 'Dotted', '555.765.4321', null, '2026-01-01T00:00:00Z');
    const older = await insert(us.user.organization_id, 'Older', '555-765-4321 ', null, '2025-06-01T00:00:00Z');
    const already = await insert(us.user.organization_id, 'Already', '+15550001111', null, '2025-01-01T00:00:00Z');
    const newerSame = await insert(us.user.organization_id, 'Newer same', '(555) 000-1111', null, '2026-02-01T00:00:00Z');
    const junk = await insert(us.user.organization_id, 'Junk', 'ask at front desk', null, '2026-01-01T00:00:00Z');
    const british = await insert(uk.user.organization_id, 'British', '020 7946 0958', null, '2026-01-01T00:00:00Z');

    const migration = new Migration20261125020000CustomerPhones(app.em.getDriver(), app.em.config);
    await migration.up();

    const rows = await app.db.query('select id, phone, email from customers where id = any($1)', [[typed, dotted, older, already, newerSame, junk, british]]);
    const byId = new Map(rows.rows.map((r) => [r.id, r]));
    expect(byId.get(typed)).toMatchObject({ phone: '+15551234567', email: 'typed@example.com' });
    // One number on two rows: never merged; the newest takes E.164, the older keeps what it had.
    expect(byId.get(dotted).phone).toBe('+15557654321');
    expect(byId.get(older).phone).toBe('555-765-4321 ');
    // A row already in E.164 keeps it; the newer row of the same number keeps its own text.
    expect(byId.get(already).phone).toBe('+15550001111');
    expect(byId.get(newerSame).phone).toBe('(555) 000-1111');
    expect(byId.get(junk).phone).toBe('ask at front desk');
    expect(byId.get(british).phone).toBe('+442079460958');

    // The matching of every intake finds the rewritten rows.
    const again = await createTicket(us.agent, { customerPhone: '555 123 4567', customerEmail: 'typed@example.com' });
    expect(again.customer.id).toBe(typed);
  });
});
