import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { sign } from 'retell-sdk';
import { isoDaysAgo } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { EventProbe, EventProbeModule } from './support/event-probe.js';
import { queueIdle } from './support/job-probe.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let probe: EventProbe;
let owner: SignedIn;
let webhookId: string;
const API_KEY = 'key_retell_test_0123456789';

beforeAll(async () => {
  app = await startTestApp({}, { imports: [EventProbeModule] });
  probe = app.created.app.get(EventProbe);
  owner = await registerOwner(app);
  await owner.agent.put('/api/settings').send({ brands: ['IronJack'], retell_api_key: API_KEY }).expect(200);
  webhookId = (await owner.agent.post('/api/webhooks').send({ name: 'IronJack line', brand: 'IronJack' }).expect(201)).body.id;
});
afterAll(async () => app.close());

let sequence = 0;
const newCallId = () => `call_${Date.now().toString(36)}_${++sequence}`;

/**
 * Posts `raw` (a JSON text) signed by the real retell-sdk with `key` (none when null), or with the
 * given signature; fails unless the answer has `status` (when one is given).
 */
async function post(path: string, raw: string, status?: number, key: string | null = API_KEY, signature?: string) {
  const header = signature ?? (key ? await sign(raw, key) : undefined);
  const request = app.request().post(path).set('Content-Type', 'application/json');
  if (header) request.set('x-retell-signature', header);
  const res = await request.send(raw);
  if (status !== undefined && res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res;
}

const eventPath = (id = webhookId) => `/api/webhooks/retell/${id}`;
const functionPath = (id = webhookId) => `/api/functions/create_warranty_ticket/${id}`;

function callEvent(event: string, callId: string, extra: Record<string, unknown> = {}) {
  return {
    event,
    call: {
      call_id: callId,
      agent_id: 'agent_abc',
      call_type: 'phone_call',
      from_number: '+15125550142',
      to_number: '+15125550199',
      direction: 'inbound',
      start_timestamp: Date.now() - 120_000,
      ...extra,
    },
  };
}

async function callLogs(callId: string) {
  return (await app.db.query('select * from call_logs where retell_call_id = $1', [callId])).rows;
}

const receivedFor = (logId: string) => probe.seen.filter((e) => e.name === 'voice_agent.call_received' && e.payload.callLogId === logId);

describe('POST /api/webhooks/retell/{webhookId}', () => {
  it('records call_started as a call log of the webhook\'s brand and announces it once', async () => {
    const callId = newCallId();
    await post(eventPath(), JSON.stringify(callEvent('call_started', callId)), 204);
    const [log] = await callLogs(callId);
    expect(log).toMatchObject({
      organization_id: owner.user.organization_id,
      call_type: 'call',
      brand: 'IronJack',
      from_phone: '+15125550142',
      to_phone: '+15125550199',
      ticket_id: null,
    });
    const [seen] = await probe.waitFor((e) => e.name === 'voice_agent.call_received' && e.payload.callLogId === log.id);
    expect(seen).toMatchObject({ scopedTo: owner.user.organization_id, payload: { organizationId: owner.user.organization_id, brand: 'IronJack' } });
  });

  it('keeps one call log when the same event arrives three times, and fills it from later events', async () => {
    const callId = newCallId();
    const ended = JSON.stringify(
      callEvent('call_ended', callId, { duration_ms: 95_400, transcript: 'Agent: Hello\nUser: My jack leaks.', recording_url: 'https://retell.example/rec.wav' }),
    );
    const results = await Promise.all([post(eventPath(), ended), post(eventPath(), ended), post(eventPath(), ended)]);
    expect(results.map((r) => r.status)).toEqual([204, 204, 204]);
    await post(eventPath(), JSON.stringify(callEvent('call_started', callId)), 204);
    await post(eventPath(), JSON.stringify(callEvent('call_analyzed', callId, { duration_ms: 95_400, call_analysis: { call_summary: 'Caller reports a leaking floor jack.', user_sentiment: 'Neutral' } })), 204);

    const logs = await callLogs(callId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      recording_duration: 95,
      transcription: 'Agent: Hello\nUser: My jack leaks.',
      recording_url: 'https://retell.example/rec.wav',
      call_summary: 'Caller reports a leaking floor jack.',
      brand: 'IronJack',
    });
    await probe.waitFor((e) => e.name === 'voice_agent.call_received' && e.payload.callLogId === logs[0].id);
    await queueIdle(app.db);
    expect(receivedFor(logs[0].id)).toHaveLength(1);
  });

  it('verifies the signature over the exact raw bytes, not a re-serialisation', async () => {
    const callId = newCallId();
    const pretty = JSON.stringify(callEvent('call_started', callId), null, 2);
    await post(eventPath(), pretty, 204);
    expect(await callLogs(callId)).toHaveLength(1);
  });

  it('accepts a long call whose analysed payload passes 1 MB', async () => {
    const callId = newCallId();
    const transcript = 'User: the jack sinks. Agent: I see. '.repeat(40_000);
    const words = Array.from({ length: 8000 }, (_, i) => ({ word: 'jack', start: i / 10, end: i / 10 + 0.1 }));
    const raw = JSON.stringify(callEvent('call_analyzed', callId, { transcript, transcript_object: [{ role: 'user', content: 'x', words }] }));
    expect(raw.length).toBeGreaterThan(1_500_000);
    await post(eventPath(), raw, 204);
    const [log] = await callLogs(callId);
    expect(log.transcription).toHaveLength(transcript.length);
  });

  it('refuses a forged, tampered, missing or stale signature and writes nothing', async () => {
    const callId = newCallId();
    const raw = JSON.stringify(callEvent('call_started', callId));
    const forged = await post(eventPath(), raw, 401, 'key_of_someone_else');
    expect(forged.body).toEqual({ statusCode: 401, error: 'Invalid or expired Retell signature', message: 'Invalid or expired Retell signature', code: 'voice_agent.invalid_signature' });

    const tampered = raw.replace('+15125550142', '+15125550000');
    await post(eventPath(), tampered, 401, null, await sign(raw, API_KEY));
    await post(eventPath(), raw, 401, null);
    await post(eventPath(), raw, 401, null, 'v=123,d=abc');

    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now - 6 * 60_000);
    const stale = await sign(raw, API_KEY);
    clock.mockRestore();
    await post(eventPath(), raw, 401, null, stale);

    expect(await callLogs(callId)).toHaveLength(0);
  });

  it("refuses a call signed with another organization's key, and an organization without a key", async () => {
    const other = await registerOwner(app);
    await other.agent.put('/api/settings').send({ retell_api_key: 'key_other_org_987654' }).expect(200);
    const callId = newCallId();
    await post(eventPath(), JSON.stringify(callEvent('call_started', callId)), 401, 'key_other_org_987654');

    const keyless = await registerOwner(app);
    const keylessHook = (await keyless.agent.post('/api/webhooks').send({ name: 'x', brand: 'B' }).expect(201)).body.id;
    const res = await post(eventPath(keylessHook), JSON.stringify(callEvent('call_started', callId)), 403);
    expect(res.body.error).toBe('Retell is not configured for this organization: save its API key in Settings');
    expect(await callLogs(callId)).toHaveLength(0);
  });

  it('answers 404 for an unknown or malformed webhook id', async () => {
    const raw = JSON.stringify(callEvent('call_started', newCallId()));
    await post(eventPath('4a1e1d7e-0000-4000-8000-000000000000'), raw, 404);
    await post(eventPath('nope'), raw, 404);
  });

  it('answers 400 for a signed payload without a call, and ignores other events', async () => {
    const bad = await post(eventPath(), JSON.stringify({ event: 'call_started' }), 400);
    expect(bad.body.error).toBe('call is required');
    const callId = newCallId();
    await post(eventPath(), JSON.stringify(callEvent('transcript_updated', callId)), 204);
    expect(await callLogs(callId)).toHaveLength(0);
  });
});

describe('POST /api/functions/create_warranty_ticket/{webhookId}', () => {
  const args = (overrides: Record<string, unknown> = {}) => ({
    customer_name: 'Dana Whitfield',
    customer_email: 'dana@example.com',
    product_sku: 'FJ-250',
    product_model: '3-Ton Floor Jack',
    purchase_date: isoDaysAgo(200),
    purchase_location: 'Walmart',
    issue_description: 'The jack sinks slowly under load.',
    ...overrides,
  });
  const functionCall = (callId: string, a: Record<string, unknown> = args()) =>
    JSON.stringify({ name: 'create_warranty_ticket', call: callEvent('call_started', callId).call, args: a });

  beforeAll(async () => {
    await owner.agent
      .post('/api/products')
      .send({ brand: 'IronJack', sku: 'FJ-250', product_name: 'Floor Jack 250', warranty_term: '1 year', sale_locations: ['online'] })
      .expect(201);
  });

  it('creates the ticket once, links the call and answers a sentence with the number and warranty', async () => {
    const callId = newCallId();
    const res = await post(functionPath(), functionCall(callId), 200);
    expect(res.body).toEqual({
      success: true,
      ticket_id: expect.any(String),
      ticket_number: expect.stringMatching(/^WC-\d{6}$/),
      under_warranty: true,
      warranty_days_left: 165,
      message: `Your warranty ticket number is ${res.body.ticket_number}. Your product is under warranty, with 165 days left.`,
    });

    const ticket = await owner.agent.get(`/api/tickets/${res.body.ticket_id}`).expect(200);
    expect(ticket.body).toMatchObject({
      ticket_number: res.body.ticket_number,
      product_brand: 'IronJack',
      product_sku: 'FJ-250',
      contact_method: 'Phone',
      customer: { name: 'Dana Whitfield', phone: '+15125550142', email: 'dana@example.com' },
      under_warranty: true,
    });
    const [log] = await callLogs(callId);
    expect(log).toMatchObject({ ticket_id: res.body.ticket_id, caller_name: 'Dana Whitfield', brand: 'IronJack' });
    const linked = await owner.agent.get(`/api/tickets/${res.body.ticket_id}/call-logs`).expect(200);
    expect(linked.body.map((c: { id: string }) => c.id)).toEqual([log.id]);
    await probe.waitFor((e) => e.name === 'ticket.created' && e.payload.ticketId === res.body.ticket_id);
  });

  it('answers the same ticket to retries and concurrent calls of one call_id', async () => {
    const callId = newCallId();
    const body = functionCall(callId);
    const [a, b, c] = await Promise.all([post(functionPath(), body), post(functionPath(), body), post(functionPath(), body)]);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(new Set([a.body.ticket_number, b.body.ticket_number, c.body.ticket_number]).size).toBe(1);
    const again = await post(functionPath(), body, 200);
    expect(again.body.ticket_id).toBe(a.body.ticket_id);
    const count = await app.db.query(
      'select count(*)::int as n from tickets t join call_logs c on c.ticket_id = t.id where c.retell_call_id = $1',
      [callId],
    );
    expect(count.rows[0].n).toBe(1);
    const all = await app.db.query("select count(*)::int as n from tickets where organization_id = $1 and issue_description = 'The jack sinks slowly under load.'", [
      owner.user.organization_id,
    ]);
    expect(all.rows[0].n).toBe(2);
  });

  it('accepts the arguments alone with their call_id, and speaks a lifetime or unknown warranty', async () => {
    await owner.agent
      .post('/api/products')
      .send({ brand: 'IronJack', sku: 'LIFE-9', product_name: 'Lifetime Jack', warranty_term: 'Lifetime', sale_locations: [] })
      .expect(201);
    const callId = newCallId();
    const res = await post(functionPath(), JSON.stringify(args({ call_id: callId, product_sku: 'LIFE-9', customer_email: '' })), 200);
    expect(res.body).toMatchObject({ under_warranty: true, warranty_days_left: null });
    expect(res.body.message).toBe(`Your warranty ticket number is ${res.body.ticket_number}. Your product is covered by a lifetime warranty.`);

    const noDate = await post(functionPath(), functionCall(newCallId(), args({ purchase_date: undefined, product_sku: 'OTHER-1' })), 200);
    expect(noDate.body.message).toBe(
      `Your warranty ticket number is ${noDate.body.ticket_number}. We could not check the warranty without a purchase date; our team will follow up.`,
    );
    const old = await post(functionPath(), functionCall(newCallId(), args({ purchase_date: isoDaysAgo(120), product_sku: 'OTHER-1' })), 200);
    expect(old.body).toMatchObject({ under_warranty: false, warranty_days_left: 0 });
  });

  it.each([
    [{ customer_name: '  ' }, "Please provide the caller's name"],
    [{ product_sku: undefined, product_model: undefined }, 'Please provide the product SKU or model'],
    [{ issue_description: '' }, 'Please describe the issue'],
    [{ customer_email: 'not-an-email' }, 'Please provide a valid email address'],
    [{ purchase_date: '2999-01-01' }, 'Purchase date must be within the last 5 years and not in the future'],
    [{ purchase_date: 'last spring' }, 'Purchase date must be a date in the form YYYY-MM-DD'],
  ])('refuses %j with a message the agent can act on, creating nothing', async (overrides, message) => {
    const callId = newCallId();
    const res = await post(functionPath(), functionCall(callId, args(overrides)), 400);
    expect(res.body).toMatchObject({ statusCode: 400, error: message, message });
    expect(await callLogs(callId)).toHaveLength(0);
  });

  it('needs a call id and a valid signature', async () => {
    const noCall = await post(functionPath(), JSON.stringify(args()), 400);
    expect(noCall.body.error).toBe('call.call_id is required');
    const callId = newCallId();
    await post(functionPath(), functionCall(callId), 401, 'key_forged_000000');
    await post(functionPath('nope'), functionCall(callId), 404);
    expect(await callLogs(callId)).toHaveLength(0);
  });
});
