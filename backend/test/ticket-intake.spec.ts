import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sign } from 'retell-sdk';
import { createTicket, isoDaysAgo, ticketPayload } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  other = await registerOwner(app);
  await owner.agent.put('/api/settings').send({ brands: ['IronJack', 'LiftPro'], ticket_brand: 'LiftPro' }).expect(200);
});
afterAll(async () => app.close());

const TRANSCRIPT = 'Hi, my floor jack loses pressure and drops the car slowly. Please call me back.';

async function voicemail(org: SignedIn, fields: { from?: string; brand?: string | null; caller?: string | null } = {}): Promise<string> {
  const { rows } = await app.db.query(
    `insert into call_logs (organization_id, call_type, from_phone, to_phone, brand, caller_name, transcription)
     values ($1, 'voicemail', $2, '+15125550199', $3, $4, $5) returning id`,
    [org.user.organization_id, fields.from ?? '+15125550177', fields.brand === undefined ? 'IronJack' : fields.brand, fields.caller ?? null, TRANSCRIPT],
  );
  return rows[0].id as string;
}

async function setQuestions(list: string[]): Promise<void> {
  await owner.agent.put('/api/settings').send({ ticket_fields_enabled: list }).expect(200);
}
const ALL_QUESTIONS = ['product_model', 'purchase_location', 'purchase_date', 'issue_description', 'injury_reported', 'property_damage'];

describe('POST /api/tickets/from-call', () => {
  it("creates the call's ticket with its brand, the product, priority and description, the caller as customer, and links the call", async () => {
    const callLogId = await voicemail(owner, { caller: 'DANA W' });
    const res = await owner.agent
      .post('/api/tickets/from-call')
      .send({ call_log_id: callLogId, productModel: 'Floor Jack 250', productSku: 'FJ-250', issueDescription: TRANSCRIPT, priority: 'High' })
      .expect(201);
    expect(res.body).toMatchObject({
      ticketNumber: expect.stringMatching(/^WC-\d{6}$/),
      product_brand: 'IronJack',
      product_model: 'Floor Jack 250',
      product_sku: 'FJ-250',
      priority: 'High',
      issue_description: TRANSCRIPT,
      status: 'Open',
      source: 'phone_call',
      contact_method: 'Phone',
      order_number: null,
      purchase_date: null,
      customer: { name: 'DANA W', phone: '+15125550177', email: null },
    });
    const linked = (await app.db.query('select ticket_id from call_logs where id = $1', [callLogId])).rows[0];
    expect(linked.ticket_id).toBe(res.body.id);
    const calls = await owner.agent.get(`/api/tickets/${res.body.id}/call-logs`).expect(200);
    expect(calls.body.map((c: { id: string }) => c.id)).toEqual([callLogId]);

    const again = await owner.agent.post('/api/tickets/from-call').send({ call_log_id: callLogId, issueDescription: TRANSCRIPT }).expect(409);
    expect(again.body.error).toBe('This call already has a ticket');
  });

  it('takes another brand when one is picked, the default brand for a call without one, and Medium by default', async () => {
    const picked = await owner.agent
      .post('/api/tickets/from-call')
      .send({ call_log_id: await voicemail(owner), productBrand: 'LiftPro', issueDescription: TRANSCRIPT })
      .expect(201);
    expect(picked.body).toMatchObject({ product_brand: 'LiftPro', priority: 'Medium', product_model: null });
    const unbranded = await owner.agent
      .post('/api/tickets/from-call')
      .send({ call_log_id: await voicemail(owner, { brand: null, from: '+15125550166' }), issueDescription: TRANSCRIPT })
      .expect(201);
    expect(unbranded.body).toMatchObject({ product_brand: 'LiftPro', customer: { name: '+15125550166', phone: '+15125550166' } });
  });

  it('takes the dialled number as the customer of an outbound call (click-to-call)', async () => {
    const { rows } = await app.db.query(
      `insert into call_logs (organization_id, call_type, call_sid, from_phone, to_phone, brand) values ($1, 'call', 'CA-outbound-1', '+15125550199', '+15125550122', 'IronJack') returning id`,
      [owner.user.organization_id],
    );
    const res = await owner.agent.post('/api/tickets/from-call').send({ call_log_id: rows[0].id, issueDescription: TRANSCRIPT }).expect(201);
    expect(res.body.customer).toMatchObject({ name: '+15125550122', phone: '+15125550122' });
  });

  it('refuses a short description, an unknown priority, and another organization\'s call', async () => {
    const callLogId = await voicemail(owner);
    const short = await owner.agent.post('/api/tickets/from-call').send({ call_log_id: callLogId, issueDescription: 'call me' }).expect(400);
    expect(short.body.errors).toEqual([{ field: 'issueDescription', message: 'Issue description must be at least 20 characters' }]);
    const urgent = await owner.agent.post('/api/tickets/from-call').send({ call_log_id: callLogId, issueDescription: TRANSCRIPT, priority: 'Urgent' }).expect(400);
    expect(urgent.body.error).toBe('Priority must be one of: High, Medium, Low');
    const stranger = await other.agent.post('/api/tickets/from-call').send({ call_log_id: callLogId, issueDescription: TRANSCRIPT }).expect(404);
    expect(stranger.body.error).toBe('Call log not found');
    expect((await app.db.query('select ticket_id from call_logs where id = $1', [callLogId])).rows[0].ticket_id).toBeNull();
  });
});

describe('PUT /api/tickets/{id}/intake (the Edit view)', () => {
  it("completes a call's ticket with the create payload, and the customer keeps the caller's number", async () => {
    const created = await owner.agent
      .post('/api/tickets/from-call')
      .send({ call_log_id: await voicemail(owner, { from: '+15125550155', caller: 'SAM' }), issueDescription: TRANSCRIPT })
      .expect(201);
    const payload = ticketPayload({ customerName: 'Sam Ortiz', customerEmail: 'sam@example.com', customerPhone: undefined, priority: 'Low', productBrand: 'IronJack', purchaseDate: isoDaysAgo(12) });
    const res = await owner.agent.put(`/api/tickets/${created.body.id}/intake`).send(payload).expect(200);
    expect(res.body).toMatchObject({
      id: created.body.id,
      ticket_number: created.body.ticket_number,
      priority: 'Low',
      product_brand: 'IronJack',
      order_number: payload.orderNumber,
      purchase_date: isoDaysAgo(12),
      purchase_location: 'Walmart',
      product_sku: 'FJ-250',
      product_model: '3-Ton Floor Jack',
      issue_category: 'Hydraulic Oil Leak',
      issue_start_time: 'Within first week',
      preferred_resolution: 'Replacement',
      issue_description: payload.issueDescription,
      customer: { name: 'Sam Ortiz', email: 'sam@example.com', phone: '+15125550155' },
    });
    const read = await owner.agent.get(`/api/tickets/${created.body.id}`).expect(200);
    expect(read.body).toMatchObject({ priority: 'Low', order_number: payload.orderNumber, customer: { email: 'sam@example.com' } });
    const activity = await owner.agent.get(`/api/tickets/${created.body.id}/activity`).expect(200);
    expect(activity.body.map((e: { kind: string }) => e.kind)).toEqual(expect.arrayContaining(['priority_changed']));
  });

  it("answers the create form's messages, every failing field listed, and changes nothing", async () => {
    const ticket = await createTicket(owner.agent, { priority: 'High' });
    const empty = await owner.agent.put(`/api/tickets/${ticket.id}/intake`).send({}).expect(400);
    expect(empty.body.error).toBe('Full name is required');
    expect(empty.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'Full name is required',
      'Valid email is required',
      'Order number is required',
      'Purchase date is required',
      'Purchase location is required',
      'Product SKU/Model is required',
      'Jack model is required',
      'Issue category is required',
      'Issue description must be at least 20 characters',
      'Please select when the issue started',
      'Please select your preferred resolution',
    ]);
    const future = await owner.agent.put(`/api/tickets/${ticket.id}/intake`).send(ticketPayload({ purchaseDate: isoDaysAgo(-3) })).expect(400);
    expect(future.body.errors).toEqual([{ field: 'purchaseDate', message: 'Purchase date must be within the last 5 years and not in the future' }]);
    const steps = await owner.agent.put(`/api/tickets/${ticket.id}/intake`).send(ticketPayload({ troubleshootingAttempted: 'Yes' })).expect(400);
    expect(steps.body.error).toBe('Please describe the troubleshooting steps you tried');
    const read = await owner.agent.get(`/api/tickets/${ticket.id}`).expect(200);
    expect(read.body).toMatchObject({ priority: 'High', order_number: ticket.order_number });
    await other.agent.put(`/api/tickets/${ticket.id}/intake`).send(ticketPayload()).expect(404);
  });
});

describe('a body that is not an object', () => {
  it("is answered with the create's 400 by POST /api/tickets and PUT /api/tickets/{id}/intake", async () => {
    const ticket = await createTicket(owner.agent);
    for (const request of [owner.agent.post('/api/tickets'), owner.agent.put(`/api/tickets/${ticket.id}/intake`)]) {
      const res = await request.send([ticketPayload()]).expect(400);
      expect(res.body.error).toBe('Full name is required');
    }
    for (const request of [owner.agent.post('/api/tickets'), owner.agent.put(`/api/tickets/${ticket.id}/intake`)]) {
      await request.set('Content-Type', 'application/json').send('null').expect(400);
    }
  });
});

describe('enabled ticket questions (settings.ticket_fields_enabled)', () => {
  afterAll(async () => setQuestions(ALL_QUESTIONS));

  it('sets injury reported and property damage from the create payload while they are asked', async () => {
    await setQuestions(ALL_QUESTIONS);
    const res = await owner.agent.post('/api/tickets').send(ticketPayload({ injuryReported: true, propertyDamage: true })).expect(201);
    expect(res.body).toMatchObject({ injury_reported: true, property_damage: true });
  });

  it('neither requires nor keeps an answer to a question that is not asked, on create and on edit', async () => {
    await setQuestions(['product_model', 'issue_description']);
    const created = await owner.agent
      .post('/api/tickets')
      .send(ticketPayload({ purchaseDate: undefined, purchaseLocation: 'Walmart', injuryReported: true, propertyDamage: true }))
      .expect(201);
    expect(created.body).toMatchObject({ purchase_date: null, purchase_location: null, injury_reported: false, property_damage: false, under_warranty: null });
    const empty = await owner.agent.post('/api/tickets').send({}).expect(400);
    const fields = empty.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['jackModel', 'issueDescription']));
    expect(fields).not.toContain('purchaseDate');
    expect(fields).not.toContain('purchaseLocation');

    // A ticket made while every question was asked keeps its answers to the unasked ones when edited.
    await setQuestions(ALL_QUESTIONS);
    const full = await createTicket(owner.agent, { purchaseDate: isoDaysAgo(40), injuryReported: true });
    await setQuestions(['product_model', 'issue_description']);
    const edited = await owner.agent.put(`/api/tickets/${full.id}/intake`).send(ticketPayload({ purchaseDate: undefined, purchaseLocation: undefined, priority: 'High' })).expect(200);
    expect(edited.body).toMatchObject({ purchase_date: isoDaysAgo(40), purchase_location: 'Walmart', injury_reported: true, priority: 'High' });
  });

  it('does not require the jack model or the description when those are not asked', async () => {
    await setQuestions(['purchase_date']);
    const res = await owner.agent.post('/api/tickets').send(ticketPayload({ jackModel: undefined, issueDescription: 'short', priority: 'Low' })).expect(201);
    expect(res.body).toMatchObject({ product_model: null, issue_description: '', priority: 'Low' });
  });

  describe("the AI agent's create_warranty_ticket function", () => {
    const API_KEY = 'key_retell_intake_0123456789';
    let webhookId: string;
    let sequence = 0;
    beforeAll(async () => {
      await owner.agent.put('/api/settings').send({ retell_api_key: API_KEY }).expect(200);
      webhookId = (await owner.agent.post('/api/webhooks').send({ name: 'IronJack line', brand: 'IronJack' }).expect(201)).body.id;
    });

    async function agentCreates(args: Record<string, unknown>, status: number) {
      const raw = JSON.stringify({
        name: 'create_warranty_ticket',
        call: { call_id: `call_intake_${++sequence}_${Date.now()}`, from_number: '+15125550144', to_number: '+15125550199', call_type: 'phone_call' },
        args: { customer_name: 'Dana Whitfield', product_sku: 'FJ-250', ...args },
      });
      const res = await app.request().post(`/api/functions/create_warranty_ticket/${webhookId}`).set('Content-Type', 'application/json').set('x-retell-signature', await sign(raw, API_KEY)).send(raw);
      expect(res.status).toBe(status);
      return res;
    }
    const ticketOf = async (id: string) => (await owner.agent.get(`/api/tickets/${id}`).expect(200)).body;

    it('keeps the asked questions, injury reported and property damage included', async () => {
      await setQuestions(ALL_QUESTIONS);
      const res = await agentCreates({ issue_description: 'The jack sinks slowly under load.', injury_reported: true, property_damage: true, purchase_location: 'Walmart' }, 200);
      expect(await ticketOf(res.body.ticket_id)).toMatchObject({ injury_reported: true, property_damage: true, purchase_location: 'Walmart' });
      const missing = await agentCreates({}, 400);
      expect(missing.body.error).toBe('Please describe the issue');
    });

    it('ignores the arguments of questions not asked and does not require the description then', async () => {
      await setQuestions(['purchase_date']);
      const res = await agentCreates({ injury_reported: true, property_damage: true, purchase_location: 'Walmart', product_model: '3-Ton Floor Jack', purchase_date: isoDaysAgo(3) }, 200);
      expect(await ticketOf(res.body.ticket_id)).toMatchObject({
        injury_reported: false,
        property_damage: false,
        purchase_location: null,
        product_model: null,
        purchase_date: isoDaysAgo(3),
        issue_description: '',
      });
      const noProduct = await agentCreates({ product_sku: undefined, product_model: '3-Ton Floor Jack' }, 400);
      expect(noProduct.body.error).toBe('Please provide the product SKU or model');
    });
  });
});
