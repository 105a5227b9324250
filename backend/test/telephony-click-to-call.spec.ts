import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FakeAccount } from '../src/dev/fake-twilio/fake-twilio.js';
import { connectAccount, startTelephonyApp, type TelephonyApp, twilioPost } from './factories/telephony.js';
import { registerOwner, type SignedIn } from './factories/users.js';

let t: TelephonyApp;
let owner: SignedIn;
let account: FakeAccount;
let ours: string;

beforeAll(async () => {
  t = await startTelephonyApp();
  owner = await registerOwner(t.app);
  account = await connectAccount(t.fake, owner.agent);
  const found = await owner.agent.get('/api/phone-numbers/search').query({ areaCode: '305' }).expect(200);
  ours = (await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: found.body[0].phoneNumber, brand: 'Acme' }).expect(201)).body.phone_number;
});
afterAll(async () => t.close());

const CUSTOMER = '+15125550123';

async function callLog(id: string) {
  return (await t.app.db.query('select * from call_logs where id = $1', [id])).rows[0];
}

function jwtPayload(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

describe('POST /api/phone-numbers/make-call with a phone', () => {
  it('has Twilio ring the agent, then bridges to the customer with our number as caller ID, and logs a call', async () => {
    const res = await owner.agent.post('/api/phone-numbers/make-call').send({ from: ours, to: '+1 (512) 555-0123', agentPhone: '+1 212-555-0199' }).expect(200);
    expect(res.body).toMatchObject({ success: true, message: `Connecting agent to ${CUSTOMER}`, mode: 'phone' });
    const placed = t.fake.calls.at(-1)!;
    expect(placed).toMatchObject({ accountSid: account.sid, to: '+12125550199', from: ours });
    expect(res.body.call_sid).toBe(placed.sid);
    expect(await callLog(res.body.call_log_id)).toMatchObject({ call_type: 'call', call_sid: placed.sid, from_phone: ours, to_phone: CUSTOMER, brand: 'Acme', is_read: true });

    // The agent answers: Twilio fetches the call's URL (its own To is the agent's phone).
    const bridge = await twilioPost(t.app, placed.url!, { AccountSid: account.sid, CallSid: placed.sid, From: ours, To: '+12125550199', Direction: 'outbound-api' }, account.authToken).expect(200);
    expect(bridge.text).toContain(`<Dial callerId="${ours}" answerOnBridge="true"><Number>${CUSTOMER}</Number></Dial>`);
  });

  it('uses the profile phone when no agent phone is given, and asks for one when there is none', async () => {
    const missing = await owner.agent.post('/api/phone-numbers/make-call').send({ from: ours, to: CUSTOMER }).expect(400);
    expect(missing.body.error).toBe('Missing agent phone');
    await t.app.db.query('update users set phone = $2 where id = $1', [owner.user.id, '+1 305 555 0111']);
    await owner.agent.post('/api/phone-numbers/make-call').send({ from: ours, to: CUSTOMER }).expect(200);
    expect(t.fake.calls.at(-1)!.to).toBe('+13055550111');
  });

  it('validates with the launcher’s messages', async () => {
    const post = (body: Record<string, unknown>) => owner.agent.post('/api/phone-numbers/make-call').send(body);
    expect((await post({ to: CUSTOMER, agentPhone: 'computer' }).expect(400)).body.error).toBe('Please fill in all required fields');
    expect((await post({ from: ours, to: '', agentPhone: 'computer' }).expect(400)).body.error).toBe('Please fill in all required fields');
    const invalid = 'Please enter a valid phone number (E.164 format recommended, e.g., +1234567890)';
    expect((await post({ from: ours, to: '0123', agentPhone: 'computer' }).expect(400)).body.error).toBe(invalid);
    expect((await post({ from: ours, to: '+1234567890123456', agentPhone: 'computer' }).expect(400)).body.error).toBe(invalid);
    expect((await post({ from: ours, to: CUSTOMER, agentPhone: 'my phone' }).expect(400)).body.error).toBe(invalid);
    expect((await post({ from: '+15005550006', to: CUSTOMER, agentPhone: 'computer' }).expect(400)).body.error).toBe('The provider number must be one of your phone numbers');
  });

  it.each(['12', '+12', '123', '+1234567890', '+1 555'])('refuses the agent phone %j, as a customer phone would be, and dials nothing', async (agentPhone) => {
    const placed = t.fake.calls.length;
    const logs = (await t.app.db.query(`select count(*)::int as n from call_logs where call_type = 'call'`)).rows[0].n;
    const res = await owner.agent.post('/api/phone-numbers/make-call').send({ from: ours, to: CUSTOMER, agentPhone }).expect(400);
    const message = 'Please enter a valid phone number (E.164 format recommended, e.g., +1234567890)';
    expect(res.body).toMatchObject({ statusCode: 400, error: message, code: 'phone_numbers.invalid_agent_phone', errors: [{ field: 'agentPhone', message }] });
    expect(t.fake.calls.length).toBe(placed);
    expect((await t.app.db.query(`select count(*)::int as n from call_logs where call_type = 'call'`)).rows[0].n).toBe(logs);
  });

  it('refuses a profile phone of "12" the same way', async () => {
    await t.app.db.query('update users set phone = $2 where id = $1', [owner.user.id, '12']);
    const placed = t.fake.calls.length;
    await owner.agent.post('/api/phone-numbers/make-call').send({ from: ours, to: CUSTOMER }).expect(400);
    expect(t.fake.calls.length).toBe(placed);
    await t.app.db.query('update users set phone = $2 where id = $1', [owner.user.id, '+1 305 555 0111']);
  });

  it('reads an agent phone without a country code in the organization’s country', async () => {
    await owner.agent.post('/api/phone-numbers/make-call').send({ from: ours, to: CUSTOMER, agentPhone: '(212) 555-0199' }).expect(200);
    expect(t.fake.calls.at(-1)!.to).toBe('+12125550199');
  });

  it("answers 502 with the spec's fallback when Twilio is down, and logs nothing", async () => {
    const before = (await t.app.db.query(`select count(*)::int as n from call_logs where call_type = 'call'`)).rows[0].n;
    t.fake.failNext(1, 'unreachable');
    const down = await owner.agent.post('/api/phone-numbers/make-call').send({ from: ours, to: CUSTOMER, agentPhone: '+12125550199' }).expect(502);
    expect(down.body.error).toBe('Could not initiate the call');
    expect((await t.app.db.query(`select count(*)::int as n from call_logs where call_type = 'call'`)).rows[0].n).toBe(before);
  });
});

describe('in-browser calls (agentPhone "computer")', () => {
  it('returns the Device.connect params and the TwiML app dials the customer, logging the call', async () => {
    const callsBefore = t.fake.calls.length;
    const res = await owner.agent.post('/api/phone-numbers/make-call').send({ from: ours, to: CUSTOMER, agentPhone: 'computer' }).expect(200);
    expect(res.body).toMatchObject({ success: true, mode: 'computer', message: `Connecting agent to ${CUSTOMER}`, params: { To: CUSTOMER, CallerId: ours, CallLogId: res.body.call_log_id } });
    expect(t.fake.calls.length).toBe(callsBefore);

    const token = await owner.agent.get('/api/phone-numbers/voice-token').expect(200);
    const payload = jwtPayload(token.body.token);
    const app = [...t.fake.applications.values()].find((a) => a.accountSid === account.sid)!;
    const key = [...t.fake.keys.values()].find((k) => k.accountSid === account.sid)!;
    expect(payload).toMatchObject({ iss: key.sid, sub: account.sid, grants: { identity: `user-${owner.user.id}`, voice: { outgoing: { application_sid: app.sid } } } });
    expect(token.body).toMatchObject({ identity: `user-${owner.user.id}`, expires_in: 3600 });
    expect(app.voiceUrl).toBe('http://127.0.0.1:3999/api/webhooks/twilio/outbound');

    // The browser connects: Twilio posts the TwiML app's voice URL with the Device params.
    const callSid = `CA${'7'.repeat(32)}`;
    const dial = await twilioPost(t.app, app.voiceUrl, {
      AccountSid: account.sid, CallSid: callSid, From: `client:user-${owner.user.id}`, ApplicationSid: app.sid, ...res.body.params,
    }, account.authToken).expect(200);
    expect(dial.text).toContain(`<Number>${CUSTOMER}</Number>`);
    expect(await callLog(res.body.call_log_id)).toMatchObject({ call_type: 'call', call_sid: callSid, to_phone: CUSTOMER });
  });

  it('creates the API key and TwiML app once and reuses them', async () => {
    await owner.agent.get('/api/phone-numbers/voice-token').expect(200);
    await owner.agent.get('/api/phone-numbers/voice-token').expect(200);
    expect([...t.fake.keys.values()].filter((k) => k.accountSid === account.sid)).toHaveLength(1);
    expect([...t.fake.applications.values()].filter((a) => a.accountSid === account.sid)).toHaveLength(1);
    const row = (await t.app.db.query('select twilio_api_key_secret from organizations where id = $1', [owner.user.organization_id])).rows[0];
    const key = [...t.fake.keys.values()].find((k) => k.accountSid === account.sid)!;
    expect(row.twilio_api_key_secret).not.toContain(key.secret);
  });

  it('refuses to bridge to a caller ID the organization does not own', async () => {
    const res = await twilioPost(t.app, '/api/webhooks/twilio/outbound', { AccountSid: account.sid, CallSid: `CA${'8'.repeat(32)}`, To: CUSTOMER, CallerId: '+15005550006' }, account.authToken).expect(200);
    expect(res.text).toContain('cannot be connected');
    expect(res.text).not.toContain('<Dial');
  });

  it('creates one key and one TwiML app even when two tokens are asked for at once', async () => {
    const other = await registerOwner(t.app);
    const otherAccount = await connectAccount(t.fake, other.agent);
    const [a, b] = await Promise.all([other.agent.get('/api/phone-numbers/voice-token'), other.agent.get('/api/phone-numbers/voice-token')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([...t.fake.keys.values()].filter((k) => k.accountSid === otherAccount.sid)).toHaveLength(1);
    expect([...t.fake.applications.values()].filter((app) => app.accountSid === otherAccount.sid)).toHaveLength(1);
    expect(jwtPayload(a.body.token).iss).toBe(jwtPayload(b.body.token).iss);
  });

  it("refuses another organization's number as the caller ID and places no call", async () => {
    const stranger = await registerOwner(t.app);
    await connectAccount(t.fake, stranger.agent);
    const before = t.fake.calls.length;
    const res = await stranger.agent.post('/api/phone-numbers/make-call').send({ from: ours, to: CUSTOMER, agentPhone: '+12125550199' }).expect(400);
    expect(res.body.error).toBe('The provider number must be one of your phone numbers');
    expect(t.fake.calls.length).toBe(before);
  });

  it('needs a connected Twilio account', async () => {
    const other = await registerOwner(t.app);
    const res = await other.agent.get('/api/phone-numbers/voice-token').expect(400);
    expect(res.body.error).toBe('Connect a Twilio account in Settings → Phone Setup first');
  });
});
