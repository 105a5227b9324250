import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTicket, isoDaysAgo, ticketPayload } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { EventProbe, EventProbeModule, type SeenEvent } from './support/event-probe.js';
import { queueIdle } from './support/job-probe.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let owner: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  app = await startTestApp({}, { imports: [EventProbeModule] });
  owner = await registerOwner(app);
  other = await registerOwner(app);
});
afterAll(async () => app.close());

describe('POST /api/tickets', () => {
  it('creates a ticket with every payload field, a sequential number and the customer', async () => {
    const payload = ticketPayload({
      customerName: 'James Carter',
      customerEmail: 'James.Carter@Example.com',
      customerPhone: '+13125550102',
      contactMethod: 'Phone',
      troubleshootingAttempted: 'Yes',
      troubleshootingSteps: 'Bled the air from the system twice.',
      purchaseDate: isoDaysAgo(10),
      priority: 'High',
    });
    const res = await owner.agent.post('/api/tickets').send(payload).expect(201);
    expect(res.body.ticketNumber).toMatch(/^WC-\d{6}$/);
    expect(res.body).toMatchObject({
      ticket_number: res.body.ticketNumber,
      status: 'Open',
      priority: 'High',
      product_brand: null,
      product_model: '3-Ton Floor Jack',
      product_sku: 'FJ-250',
      serial_number: payload.serialNumber,
      order_number: payload.orderNumber,
      purchase_location: 'Walmart',
      purchase_date: isoDaysAgo(10),
      issue_category: 'Hydraulic Oil Leak',
      issue_description: payload.issueDescription,
      issue_start_time: 'Within first week',
      troubleshooting_attempted: true,
      troubleshooting_steps: 'Bled the air from the system twice.',
      preferred_resolution: 'Replacement',
      contact_method: 'Phone',
      injury_reported: false,
      property_damage: false,
      purchase_verified: false,
      under_warranty: true,
      warranty_days_left: 80,
      customer: { name: 'James Carter', email: 'james.carter@example.com', phone: '+13125550102', country: 'US' },
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);

    const history = await app.db.query('select from_status, to_status, changed_by_id from ticket_status_changes where ticket_id = $1', [res.body.id]);
    expect(history.rows).toEqual([{ from_status: null, to_status: 'Open', changed_by_id: owner.user.id }]);
  });

  it('numbers tickets one after another per organization', async () => {
    const a = await createTicket(owner.agent);
    const b = await createTicket(owner.agent);
    expect(Number(b.ticketNumber.slice(3))).toBe(Number(a.ticketNumber.slice(3)) + 1);
    const first = await createTicket(other.agent);
    const fresh = await registerOwner(app);
    expect((await createTicket(fresh.agent)).ticketNumber).toBe('WC-000001');
    expect(first.ticketNumber).toMatch(/^WC-/);
  });

  it('gives 50 parallel creates 50 distinct numbers', async () => {
    const org = await registerOwner(app);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => org.agent.post('/api/tickets').send(ticketPayload({ customerPhone: '+15550000000', customerEmail: `p${i}@example.com` }))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const numbers = new Set(results.map((r) => r.body.ticketNumber));
    expect(numbers.size).toBe(50);
    expect([...numbers].sort()[49]).toBe('WC-000050');
    // One phone: one customer, however the creates interleaved.
    expect(new Set(results.map((r) => r.body.customer.id)).size).toBe(1);
  });

  it('defaults contact method, troubleshooting and the brand from settings', async () => {
    await owner.agent.put('/api/settings').send({ brands: ['IronJack', 'TorqueLine'], ticket_brand: 'TorqueLine' }).expect(200);
    const { contactMethod: _c, troubleshootingAttempted: _t, ...payload } = ticketPayload({ troubleshootingSteps: 'ignored when No' });
    const res = await owner.agent.post('/api/tickets').send(payload).expect(201);
    expect(res.body).toMatchObject({ contact_method: 'Email', troubleshooting_attempted: false, troubleshooting_steps: null, product_brand: 'TorqueLine', priority: 'Medium' });
    const explicit = await createTicket(owner.agent, { productBrand: 'IronJack' });
    expect(explicit.product_brand).toBe('IronJack');
  });

  it('marks an old purchase as out of warranty', async () => {
    const res = await createTicket(owner.agent, { purchaseDate: isoDaysAgo(91) });
    expect(res).toMatchObject({ under_warranty: false, warranty_days_left: 0 });
    const edge = await createTicket(owner.agent, { purchaseDate: isoDaysAgo(90) });
    expect(edge).toMatchObject({ under_warranty: true, warranty_days_left: 0 });
  });

  describe('validation (spec part 1 section 5, verbatim)', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['customerName', { customerName: undefined }, 'Full name is required'],
      ['customerName', { customerName: '   ' }, 'Full name is required'],
      ['customerEmail', { customerEmail: undefined }, 'Valid email is required'],
      ['customerEmail', { customerEmail: 'not-an-email' }, 'Valid email is required'],
      ['orderNumber', { orderNumber: '' }, 'Order number is required'],
      ['purchaseDate', { purchaseDate: undefined }, 'Purchase date is required'],
      ['purchaseDate', { purchaseDate: isoDaysAgo(-3) }, 'Purchase date must be within the last 5 years and not in the future'],
      ['purchaseDate', { purchaseDate: isoDaysAgo(5 * 366 + 2) }, 'Purchase date must be within the last 5 years and not in the future'],
      ['purchaseDate', { purchaseDate: '12/31/2025' }, 'Purchase date must be a date in the form YYYY-MM-DD'],
      ['purchaseLocation', { purchaseLocation: undefined }, 'Purchase location is required'],
      ['productSku', { productSku: ' ' }, 'Product SKU/Model is required'],
      ['jackModel', { jackModel: undefined }, 'Jack model is required'],
      ['jackModel', { jackModel: '10-Ton Bottle Jack' }, 'Jack model must be one of: 2-Ton Floor Jack, 2.5-Ton Floor Jack, 3-Ton Floor Jack, Other'],
      ['issueCategory', { issueCategory: undefined }, 'Issue category is required'],
      ['issueCategory', { issueCategory: 'Exploded' }, expect.stringMatching(/^Issue category must be one of: Won't Lift \/ Lifting Issues, /) as unknown as string],
      ['issueDescription', { issueDescription: undefined }, 'Issue description must be at least 20 characters'],
      ['issueDescription', { issueDescription: '  too short, really  ' }, 'Issue description must be at least 20 characters'],
      ['issueStartTime', { issueStartTime: undefined }, 'Please select when the issue started'],
      ['issueStartTime', { issueStartTime: 'Yesterday' }, expect.stringMatching(/^When the issue started must be one of: First use \/ brand new, /) as unknown as string],
      ['preferredResolution', { preferredResolution: '' }, 'Please select your preferred resolution'],
      ['troubleshootingSteps', { troubleshootingAttempted: 'Yes' }, 'Please describe the troubleshooting steps you tried'],
      ['troubleshootingSteps', { troubleshootingAttempted: 'Yes', troubleshootingSteps: '   ' }, 'Please describe the troubleshooting steps you tried'],
      ['troubleshootingAttempted', { troubleshootingAttempted: 'Maybe' }, 'Troubleshooting attempted must be Yes or No'],
      ['contactMethod', { contactMethod: 'Fax' }, 'Contact method must be one of: Email, Phone, SMS'],
      ['priority', { priority: 'Urgent' }, 'Priority must be one of: High, Medium, Low'],
    ];

    it.each(cases)('%s: %j answers %p', async (field, overrides, message) => {
      const res = await owner.agent.post('/api/tickets').send(ticketPayload(overrides)).expect(400);
      expect(res.body).toEqual({ statusCode: 400, error: message, message, errors: [{ field, message }] });
    });

    it('accepts a purchase today and exactly five years ago', async () => {
      await createTicket(owner.agent, { purchaseDate: isoDaysAgo(0) });
      const now = new Date();
      const fiveYears = new Date(Date.UTC(now.getUTCFullYear() - 5, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);
      await createTicket(owner.agent, { purchaseDate: fiveYears });
    });

    it('lists every failing field of an empty payload, the first one in error', async () => {
      const res = await owner.agent.post('/api/tickets').send({}).expect(400);
      expect(res.body.error).toBe('Full name is required');
      expect(res.body.errors.map((e: { message: string }) => e.message)).toEqual([
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
    });

    it('creates nothing when validation fails', async () => {
      const before = await app.db.query('select count(*)::int as n from tickets');
      await owner.agent.post('/api/tickets').send(ticketPayload({ customerName: '' })).expect(400);
      const after = await app.db.query('select count(*)::int as n from tickets');
      expect(after.rows[0].n).toBe(before.rows[0].n);
    });
  });

  describe('customers', () => {
    it('finds the customer by phone and takes name and e-mail from the latest ticket', async () => {
      const first = await createTicket(owner.agent, { customerPhone: '+19995550001', customerName: 'Ann Old', customerEmail: 'ann@old.example' });
      const second = await createTicket(owner.agent, { customerPhone: '+19995550001', customerName: 'Ann New', customerEmail: 'ann@new.example' });
      expect(second.customer.id).toBe(first.customer.id);
      expect(second.customer).toMatchObject({ name: 'Ann New', email: 'ann@new.example' });
      const again = await owner.agent.get(`/api/tickets/${first.id}`).expect(200);
      expect(again.body.customer.name).toBe('Ann New');
    });

    it('finds the customer by e-mail (any case) when no phone is given, and fills in a new phone', async () => {
      const first = await createTicket(owner.agent, { customerPhone: undefined, customerEmail: 'bob@example.org' });
      const second = await createTicket(owner.agent, { customerPhone: '', customerEmail: 'BOB@example.org' });
      expect(second.customer.id).toBe(first.customer.id);
      const third = await createTicket(owner.agent, { customerPhone: '+19995550002', customerEmail: 'bob@example.org' });
      expect(third.customer).toMatchObject({ id: first.customer.id, phone: '+19995550002' });
    });

    it('writes the customer found only when the ticket changes its name, e-mail or phone', async () => {
      const first = await createTicket(owner.agent, { customerPhone: '+19995550006', customerName: 'Cy Same', customerEmail: 'cy@example.org' });
      const version = async () => (await app.db.query('select xmin::text as v, name from customers where id = $1', [first.customer.id])).rows[0];
      const before = await version();
      const same = await createTicket(owner.agent, { customerPhone: '+19995550006', customerName: 'Cy Same', customerEmail: 'CY@example.org' });
      expect(same.customer).toMatchObject({ id: first.customer.id, name: 'Cy Same', email: 'cy@example.org', phone: '+19995550006' });
      expect(await version()).toEqual(before);
      const renamed = await createTicket(owner.agent, { customerPhone: '+19995550006', customerName: 'Cy Renamed', customerEmail: 'cy@example.org' });
      expect(renamed.customer).toMatchObject({ id: first.customer.id, name: 'Cy Renamed' });
      expect(await version()).toMatchObject({ name: 'Cy Renamed' });
      expect((await version()).v).not.toBe(before.v);
    });

    it('does not merge a different phone into a customer found by e-mail', async () => {
      const first = await createTicket(owner.agent, { customerPhone: '+19995550003', customerEmail: 'shared@example.org' });
      const second = await createTicket(owner.agent, { customerPhone: '+19995550004', customerEmail: 'shared@example.org' });
      expect(second.customer.id).not.toBe(first.customer.id);
    });

    it('keeps customers apart across organizations', async () => {
      const mine = await createTicket(owner.agent, { customerPhone: '+19995550005', customerEmail: 'cross@example.org' });
      const theirs = await createTicket(other.agent, { customerPhone: '+19995550005', customerEmail: 'cross@example.org', customerName: 'Other Name' });
      expect(theirs.customer.id).not.toBe(mine.customer.id);
      const again = await owner.agent.get(`/api/tickets/${mine.id}`).expect(200);
      expect(again.body.customer.name).toBe('Maria Gonzalez');
      const rows = await app.db.query('select organization_id from customers where phone = $1', ['+19995550005']);
      expect(rows.rows).toHaveLength(2);
    });
  });
});

describe('GET /api/tickets/{id}', () => {
  it("answers a create with the ticket as the ticket's screen then reads it", async () => {
    const payload = ticketPayload({ customerPhone: '+13125550177', serialNumber: 'SN-ANSWER-1', purchaseDate: isoDaysAgo(30), priority: 'Low' });
    const { body: created } = await owner.agent.post('/api/tickets').send(payload).expect(201);
    // Read once the create's handlers are done, so that what they change is known: the confirmation
    // e-mail, pending in the answer, is settled by then (this organization has no SMTP).
    await queueIdle(app.db);
    const { body: read } = await owner.agent.get(`/api/tickets/${created.id}`).expect(200);
    const { ticketNumber, possibleDuplicates, confirmation_status: answeredConfirmation, ...answered } = created;
    expect(answeredConfirmation).toBe('pending');
    expect(read.confirmation_status).toBe('not_sent_no_smtp');
    expect(ticketNumber).toBe(read.ticket_number);
    expect(possibleDuplicates).toEqual([]);
    // every field the create answers, with the same value and format as the read's
    expect(read).toMatchObject(answered);
    // the read's own additions aside, the two carry the same fields
    expect(Object.keys(read).filter((k) => !(k in created)).sort()).toEqual(['merged_into', 'possible_duplicates', 'serial_history']);
    expect(answered).toMatchObject({ purchase_date: isoDaysAgo(30), priority: 'Low', assignee: null, merged_into_id: null, customer_id: read.customer.id });
    for (const at of [answered.created_at, answered.updated_at, answered.respond_by]) expect(at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('answers the ticket with its customer', async () => {
    const created = await createTicket(owner.agent);
    const res = await owner.agent.get(`/api/tickets/${created.id}`).expect(200);
    expect(res.body).toMatchObject({ id: created.id, ticket_number: created.ticketNumber, customer: { id: created.customer.id } });
    expect(res.body).not.toHaveProperty('ticketNumber');
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1'])('answers 404 for %s', async (id) => {
    const res = await owner.agent.get(`/api/tickets/${id}`).expect(404);
    expect(res.body).toEqual({ statusCode: 404, error: 'Ticket not found', message: 'Ticket not found', code: 'tickets.not_found' });
  });

  it("answers 404 for another organization's ticket", async () => {
    const theirs = await createTicket(other.agent);
    await owner.agent.get(`/api/tickets/${theirs.id}`).expect(404);
    await owner.agent.get(`/api/tickets/${theirs.id}/call-logs`).expect(404);
  });
});

describe('PATCH /api/tickets/{id}', () => {
  it('changes the status, records the history and keeps the other fields', async () => {
    const created = await createTicket(owner.agent);
    const res = await owner.agent.patch(`/api/tickets/${created.id}`).send({ status: 'Pending' }).expect(200);
    expect(res.body).toMatchObject({ status: 'Pending', priority: 'Medium', issue_description: created.issue_description });
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(created.updated_at as string).getTime());
    await owner.agent.patch(`/api/tickets/${created.id}`).send({ status: 'Pending' }).expect(200);
    await owner.agent.patch(`/api/tickets/${created.id}`).send({ status: 'Closed' }).expect(200);
    const history = await app.db.query('select from_status, to_status from ticket_status_changes where ticket_id = $1 order by created_at, from_status nulls first', [created.id]);
    expect(history.rows).toEqual([
      { from_status: null, to_status: 'Open' },
      { from_status: 'Open', to_status: 'Pending' },
      { from_status: 'Pending', to_status: 'Closed' },
    ]);
  });

  it('changes priority and purchase verification', async () => {
    const created = await createTicket(owner.agent);
    const res = await owner.agent.patch(`/api/tickets/${created.id}`).send({ priority: 'Low', purchase_verified: true }).expect(200);
    expect(res.body).toMatchObject({ priority: 'Low', purchase_verified: true, status: 'Open' });
    const off = await owner.agent.patch(`/api/tickets/${created.id}`).send({ purchase_verified: false }).expect(200);
    expect(off.body.purchase_verified).toBe(false);
  });

  it('appends a note to the description as the admin does, keeping the old text', async () => {
    const created = await createTicket(owner.agent);
    const note = `${created.issue_description}\n\n--- ${new Date().toLocaleString('en-US')} ---\nCalled the customer, sending a seal kit.`;
    const res = await owner.agent.patch(`/api/tickets/${created.id}`).send({ issue_description: note }).expect(200);
    expect(res.body.issue_description).toBe(note);
    const stored = await app.db.query('select issue_description from tickets where id = $1', [created.id]);
    expect(stored.rows[0].issue_description.startsWith(created.issue_description as string)).toBe(true);
    expect(stored.rows[0].issue_description).toContain('\n\n--- ');
  });

  it.each([
    [{ status: 'In Progress' }, 'status', 'Status must be one of: Open, Pending, Resolved, Closed'],
    [{ priority: 'Urgent' }, 'priority', 'Priority must be one of: High, Medium, Low'],
    [{ issue_description: '   ' }, 'issue_description', 'Issue description cannot be empty'],
    [{ purchase_verified: 'yes' }, 'purchase_verified', 'purchase_verified must be true or false'],
  ])('rejects %j', async (body, field, message) => {
    const created = await createTicket(owner.agent);
    const res = await owner.agent.patch(`/api/tickets/${created.id}`).send(body).expect(400);
    expect(res.body).toEqual({ statusCode: 400, error: message, message, errors: [{ field, message }] });
  });

  it('rejects an empty update', async () => {
    const created = await createTicket(owner.agent);
    const res = await owner.agent.patch(`/api/tickets/${created.id}`).send({}).expect(400);
    expect(res.body.error).toBe('Nothing to update: send status, priority, issue_description, purchase_verified or assignee_id');
  });

  it("leaves another organization's ticket alone (404)", async () => {
    const theirs = await createTicket(other.agent);
    await owner.agent.patch(`/api/tickets/${theirs.id}`).send({ status: 'Closed', issue_description: 'Hijacked description text here' }).expect(404);
    const row = await app.db.query('select status, issue_description from tickets where id = $1', [theirs.id]);
    expect(row.rows[0]).toEqual({ status: 'Open', issue_description: theirs.issue_description });
    await owner.agent.patch('/api/tickets/not-a-uuid').send({ status: 'Closed' }).expect(404);
  });
});

describe('GET /api/tickets/{id}/call-logs', () => {
  it('lists the calls linked to the ticket, newest first, and no others', async () => {
    const ticket = await createTicket(owner.agent);
    const unrelated = await createTicket(owner.agent);
    const insert = `insert into call_logs (organization_id, ticket_id, call_type, from_phone, caller_name, recording_url, recording_sid, recording_duration, transcription, created_at)
                    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`;
    const org = owner.user.organization_id;
    const recordingSid = `RE${Date.now()}`;
    const older = await app.db.query(insert, [org, ticket.id, 'voicemail', '+15125550101', 'Maria', 'https://api.twilio.com/rec/1', recordingSid, 65, 'It leaks.', new Date(Date.now() - 3_600_000)]);
    const newer = await app.db.query(insert, [org, ticket.id, 'call', '+15125550101', null, null, null, null, null, new Date()]);
    await app.db.query(insert, [org, unrelated.id, 'call', '+15125550199', null, null, null, 10, null, new Date()]);
    const res = await owner.agent.get(`/api/tickets/${ticket.id}/call-logs`).expect(200);
    expect(res.body).toEqual([
      { id: newer.rows[0].id, created_at: expect.any(String), call_duration: null, recording_url: null, transcription: null, from_phone: '+15125550101', caller_name: null, call_type: 'call' },
      { id: older.rows[0].id, created_at: expect.any(String), call_duration: 65, recording_url: `/api/call-logs/${older.rows[0].id}/recording`, transcription: 'It leaks.', from_phone: '+15125550101', caller_name: 'Maria', call_type: 'voicemail' },
    ]);
  });

  it('answers an empty list for a ticket without calls, 404 for a malformed id', async () => {
    const ticket = await createTicket(owner.agent);
    await owner.agent.get(`/api/tickets/${ticket.id}/call-logs`).expect(200, []);
    await owner.agent.get('/api/tickets/xyz/call-logs').expect(404);
  });
});

describe('bulk actions', () => {
  it('PATCH bulk-update sets the status of own tickets only, with history, and counts them', async () => {
    const [a, b, c] = [await createTicket(owner.agent), await createTicket(owner.agent), await createTicket(owner.agent)];
    const theirs = await createTicket(other.agent);
    const res = await owner.agent.patch('/api/tickets/bulk-update').send({ ticketIds: [a.id, b.id, theirs.id], status: 'Resolved' }).expect(200);
    expect(res.body).toEqual({ updated: 2 });
    const rows = await app.db.query('select id, status from tickets where id = any($1::uuid[])', [[a.id, b.id, c.id, theirs.id]]);
    const status = Object.fromEntries(rows.rows.map((r) => [r.id, r.status]));
    expect(status).toEqual({ [a.id]: 'Resolved', [b.id]: 'Resolved', [c.id]: 'Open', [theirs.id]: 'Open' });
    const history = await app.db.query(
      "select ticket_id, from_status, changed_by_id from ticket_status_changes where to_status = 'Resolved' and ticket_id = any($1::uuid[])",
      [[a.id, b.id, theirs.id]],
    );
    expect(history.rows).toHaveLength(2);
    expect(history.rows.every((r) => r.from_status === 'Open' && r.changed_by_id === owner.user.id)).toBe(true);
  });

  it('counts tickets already in the status but writes no history for them', async () => {
    const a = await createTicket(owner.agent);
    await owner.agent.patch('/api/tickets/bulk-update').send({ ticketIds: [a.id], status: 'Pending' }).expect(200, { updated: 1 });
    await owner.agent.patch('/api/tickets/bulk-update').send({ ticketIds: [a.id, a.id], status: 'Pending' }).expect(200, { updated: 1 });
    const history = await app.db.query('select count(*)::int as n from ticket_status_changes where ticket_id = $1', [a.id]);
    expect(history.rows[0].n).toBe(2);
  });

  it('DELETE bulk-delete removes own tickets only and counts them', async () => {
    const [a, b] = [await createTicket(owner.agent), await createTicket(owner.agent)];
    const theirs = await createTicket(other.agent);
    const res = await owner.agent.delete('/api/tickets/bulk-delete').send({ ticketIds: [a.id, theirs.id, '00000000-0000-4000-8000-000000000000'] }).expect(200);
    expect(res.body).toEqual({ deleted: 1 });
    const rows = await app.db.query('select id from tickets where id = any($1::uuid[])', [[a.id, b.id, theirs.id]]);
    expect(rows.rows.map((r) => r.id).sort()).toEqual([b.id, theirs.id].sort());
    await owner.agent.get(`/api/tickets/${a.id}`).expect(404);
  });

  it.each([
    ['no ids', { status: 'Closed' }, 'ticketIds', 'ticketIds must be a list of ticket ids'],
    ['an empty list', { ticketIds: [], status: 'Closed' }, 'ticketIds', 'Select at least one ticket'],
    ['a malformed id', { ticketIds: ['abc'], status: 'Closed' }, 'ticketIds', 'Every ticket id must be a UUID'],
    ['1001 ids', { ticketIds: Array(1001).fill('00000000-0000-4000-8000-000000000000'), status: 'Closed' }, 'ticketIds', 'At most 1000 tickets can be changed at once'],
    ['no status', { ticketIds: ['00000000-0000-4000-8000-000000000000'] }, 'status', 'Status is required'],
    ['an unknown status', { ticketIds: ['00000000-0000-4000-8000-000000000000'], status: 'Done' }, 'status', 'Status must be one of: Open, Pending, Resolved, Closed'],
  ] as [string, Record<string, unknown>, string, string][])('bulk-update rejects %s', async (_label, body, field, message) => {
    const res = await owner.agent.patch('/api/tickets/bulk-update').send(body).expect(400);
    expect(res.body.error).toBe(message);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('bulk-delete validates the ids', async () => {
    const res = await owner.agent.delete('/api/tickets/bulk-delete').send({ ticketIds: [] }).expect(400);
    expect(res.body.error).toBe('Select at least one ticket');
  });
});

describe('domain events', () => {
  it('publishes ticket.created and ticket.status_changed (single and bulk) with ids, handled in the organization', async () => {
    const probe = app.created.app.get(EventProbe);
    const org = owner.user.organization_id;
    const ticket = await createTicket(owner.agent, { productBrand: 'IronJack' });
    await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ status: 'Pending' }).expect(200);
    await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ priority: 'Low' }).expect(200);
    await owner.agent.patch('/api/tickets/bulk-update').send({ ticketIds: [ticket.id], status: 'Closed' }).expect(200);
    const ofTicket = (event: SeenEvent) => event.payload.ticketId === ticket.id;
    const seen = await probe.waitFor(ofTicket, 3);
    await queueIdle(app.db); // then nothing more arrives for this ticket
    expect(probe.seen.filter(ofTicket)).toHaveLength(3);
    expect(seen).toEqual(
      expect.arrayContaining([
        { name: 'ticket.created', scopedTo: org, payload: { organizationId: org, ticketId: ticket.id, brand: 'IronJack', createdByUserId: owner.user.id } },
        {
          name: 'ticket.status_changed',
          scopedTo: org,
          payload: { organizationId: org, ticketId: ticket.id, from: 'Open', to: 'Pending', changedBy: owner.user.id },
        },
        {
          name: 'ticket.status_changed',
          scopedTo: org,
          payload: { organizationId: org, ticketId: ticket.id, from: 'Pending', to: 'Closed', changedBy: owner.user.id },
        },
      ]),
    );
  });
});

describe('signed out', () => {
  it.each([
    ['post', '/api/tickets'],
    ['get', '/api/tickets'],
    ['get', '/api/tickets/metrics'],
    ['get', '/api/tickets/metrics/trends'],
    ['get', '/api/tickets/recent'],
    ['get', '/api/tickets/00000000-0000-4000-8000-000000000000'],
    ['patch', '/api/tickets/00000000-0000-4000-8000-000000000000'],
    ['get', '/api/tickets/00000000-0000-4000-8000-000000000000/call-logs'],
    ['patch', '/api/tickets/bulk-update'],
    ['delete', '/api/tickets/bulk-delete'],
    ['get', '/api/analytics/brands'],
    ['get', '/api/analytics/status'],
    ['get', '/api/analytics/timeline'],
    ['get', '/api/analytics/response-times'],
    ['get', '/api/settings'],
    ['put', '/api/settings'],
  ] as const)('%s %s answers 401', async (method, path) => {
    const res = await app.request()[method](path).send({}).expect(401);
    expect(res.body).toEqual({ statusCode: 401, error: 'Not signed in', message: 'Not signed in' });
  });
});

describe('duplicate claims', () => {
  it('answers a create with the earlier tickets of the same order or serial number and still creates it', async () => {
    const first = await createTicket(owner.agent, { orderNumber: 'DUP-ORDER-1', serialNumber: 'DUP-SN-A' });
    const second = await createTicket(owner.agent, { orderNumber: 'DUP-ORDER-2', serialNumber: 'DUP-SN-B' });
    const unrelated = await createTicket(owner.agent, { orderNumber: 'DUP-ORDER-3', serialNumber: 'DUP-SN-C' });
    const res = await owner.agent
      .post('/api/tickets')
      .send(ticketPayload({ orderNumber: ' dup-order-1 ', serialNumber: 'DUP-SN-B' }))
      .expect(201);
    expect(res.body.possibleDuplicates).toEqual([
      expect.objectContaining({ id: first.id, ticket_number: first.ticketNumber, status: 'Open', matched_on: ['order_number'] }),
      expect.objectContaining({ id: second.id, ticket_number: second.ticketNumber, matched_on: ['serial_number'] }),
    ]);
    expect(res.body.possibleDuplicates.map((d: { id: string }) => d.id)).not.toContain(unrelated.id);
    await owner.agent.get(`/api/tickets/${res.body.id}`).expect(200);
  });

  it('lists the possible duplicates on the detail of each ticket of the claim', async () => {
    const first = await createTicket(owner.agent, { orderNumber: 'DUP-DETAIL-9', serialNumber: 'DUP-DETAIL-SN' });
    const again = await createTicket(owner.agent, { orderNumber: 'DUP-DETAIL-9', serialNumber: 'DUP-DETAIL-SN' });
    const later = await owner.agent.get(`/api/tickets/${again.id}`).expect(200);
    expect(later.body.possible_duplicates).toEqual([
      expect.objectContaining({ id: first.id, ticket_number: first.ticketNumber, matched_on: ['order_number', 'serial_number'] }),
    ]);
    const earlier = await owner.agent.get(`/api/tickets/${first.id}`).expect(200);
    expect(earlier.body.possible_duplicates.map((d: { id: string }) => d.id)).toEqual([again.id]);
  });

  it('finds no duplicates for a fresh order or in another organization, and none from empty numbers', async () => {
    const fresh = await createTicket(owner.agent, { orderNumber: 'DUP-UNIQUE-77', serialNumber: 'DUP-UNIQUE-SN' });
    expect(fresh.possibleDuplicates).toEqual([]);
    const elsewhere = await createTicket(other.agent, { orderNumber: 'DUP-UNIQUE-77', serialNumber: 'DUP-UNIQUE-SN' });
    expect(elsewhere.possibleDuplicates).toEqual([]);
    const noSerial = await createTicket(owner.agent, { orderNumber: 'DUP-NOSERIAL-1', serialNumber: undefined });
    expect(noSerial.possibleDuplicates).toEqual([]);
    const noSerialAgain = await createTicket(owner.agent, { orderNumber: 'DUP-NOSERIAL-2', serialNumber: undefined });
    expect(noSerialAgain.possibleDuplicates).toEqual([]);
  });
});
