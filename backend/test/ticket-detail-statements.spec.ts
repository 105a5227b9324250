import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { detailSql } from '../src/modules/tickets/ticket.repository.js';
import { ticketPayload } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { planNodes, planOf } from './support/plans.js';
import { statementsOf } from './support/statement-counter.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Under load every round trip to the database waits its turn (the pool, the event loop): the
// ticket screen and a create's answer read what they show in one statement each.
let app: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  app = await startTestApp({ JOBS_WORKER: 'false' });
  owner = await registerOwner(app);
});

afterAll(async () => {
  await app?.close();
});

describe('the ticket screen and a create answer in few round trips', () => {
  it('GET /api/tickets/{id}: one statement for the ticket, its customer, its products and its possible duplicates', async () => {
    const first = (await owner.agent.post('/api/tickets').send(ticketPayload({ orderNumber: 'ORD-DETAIL-1', serialNumber: 'SN-DETAIL-1' })).expect(201)).body;
    const second = (await owner.agent.post('/api/tickets').send(ticketPayload({ orderNumber: ' ord-detail-1 ', serialNumber: 'SN-DETAIL-2' })).expect(201)).body;
    let body: Record<string, unknown> = {};
    const { statements, error } = await statementsOf(app.em, async () => {
      body = (await owner.agent.get(`/api/tickets/${second.id}`).expect(200)).body;
    });
    expect(error).toBeUndefined();
    expect(statements).toHaveLength(1); // (the session store's lookup goes through its own client)
    expect(body).toMatchObject({
      id: second.id,
      ticket_number: second.ticketNumber,
      customer: { id: second.customer.id, name: 'Maria Gonzalez' },
      under_warranty: true,
      possible_duplicates: [{ id: first.id, ticket_number: first.ticketNumber, status: 'Open', matched_on: ['order_number'] }],
    });
    // The same answer as before the statement was merged: the first sees the second as its duplicate.
    const earlier = (await owner.agent.get(`/api/tickets/${first.id}`).expect(200)).body;
    expect(earlier.possible_duplicates.map((d: { id: string }) => d.id)).toEqual([second.id]);
    await owner.agent.get('/api/tickets/00000000-0000-4000-8000-000000000000').expect(404);
  });

  it('POST /api/tickets: the products and the possible duplicates come with the insert, in its one statement, then its announcement', async () => {
    let body: Record<string, unknown> = {};
    const { statements, error } = await statementsOf(app.em, async () => {
      body = (await owner.agent.post('/api/tickets').send(ticketPayload({ orderNumber: 'ORD-DETAIL-1', serialNumber: 'SN-DETAIL-1' })).expect(201)).body;
    });
    expect(error).toBeUndefined();
    // (the intake settings come from memory after their first read)
    expect(statements.filter((s) => !/system_settings|business_country/.test(s))).toEqual([expect.stringMatching(/^with quiet as materialized/), expect.stringMatching(/^select pg_notify\(/)]);
    expect((body.possibleDuplicates as { matched_on: string[] }[]).map((d) => d.matched_on)).toEqual([['order_number', 'serial_number'], ['order_number']]);
  });

  it('the possible duplicates are found through the order and serial keys, not by reading the organization', async () => {
    // 3,000 tickets with order numbers and no serial numbers (the planner's statistics taken), then
    // a ticket with an order number and no serial: its duplicates are one lookup in the order key's
    // index. A single "order key = … or serial key = …" walked every ticket of the organization,
    // newest first, filtering each (50 ms a read at 11,000 tickets, in each create's answer too).
    const model = (await owner.agent.post('/api/tickets').send(ticketPayload({ orderNumber: 'ORD-PLAN-0' })).expect(201)).body;
    await app.db.query(
      `insert into tickets select (jsonb_populate_record(t, jsonb_build_object('id', gen_random_uuid(), 'ticket_number', 'PLAN-' || g,
         'order_number', 'ORD-PLAN-' || g, 'serial_number', null))).* from tickets t, generate_series(1, 3000) g where t.id = $1`,
      [model.id],
    );
    await app.db.query('analyze tickets');
    const probe = (await owner.agent.post('/api/tickets').send(ticketPayload({ orderNumber: 'ord-plan-17 ' })).expect(201)).body;
    expect(probe.possibleDuplicates.map((d: { ticket_number: string }) => d.ticket_number)).toEqual(['PLAN-17']);
    const plan = await planOf(app.db, owner.user.organization_id, { sql: detailSql(20), params: [probe.id] }, { analyze: true });
    const examined = planNodes(plan)
      .filter((node) => node['Relation Name'] === 'tickets')
      .map((node) => Number(node['Actual Rows'] ?? 0) + Number(node['Rows Removed by Filter'] ?? 0));
    expect(examined.length).toBeGreaterThan(0);
    expect(Math.max(...examined)).toBeLessThan(10);
  });
});
