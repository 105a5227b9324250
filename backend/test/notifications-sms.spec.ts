import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FakeAccount } from '../src/dev/fake-twilio/fake-twilio.js';
import { inviteMember, type InvitedMember } from './factories/members.js';
import { connectAccount, leaveVoicemail, startTelephonyApp, type TelephonyApp } from './factories/telephony.js';
import { ticketPayload } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { eventually, queueIdle } from './support/job-probe.js';

let t: TelephonyApp;
let owner: SignedIn;
let member: InvitedMember;
let account: FakeAccount;
let acme: { phone_number: string };
let beta: { phone_number: string };

const MEMBER_PHONE = '+15125550177';

async function buy(brand: string, areaCode: string) {
  const found = await owner.agent.get('/api/phone-numbers/search').query({ areaCode }).expect(200);
  return (await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: found.body[0].phoneNumber, brand }).expect(201)).body;
}

async function deliveries(sourceKey: string, channel: string) {
  return (await t.app.db.query('select status, detail from notification_deliveries where source_key = $1 and channel = $2', [sourceKey, channel])).rows;
}

const textsTo = (to: string) => t.fake.messages.filter((m) => m.to === to);

beforeAll(async () => {
  t = await startTelephonyApp({ JOBS_POLL_INTERVAL_MS: '200' });
  owner = await registerOwner(t.app);
  member = await inviteMember(t.app, owner);
  await member.agent.patch('/api/user/profile').send({ notification_phone: MEMBER_PHONE }).expect(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('SMS notifications through Twilio', () => {
  it('skips the text with the reason while the organization has no Twilio account, then sends from the brand’s number', async () => {
    const before = await owner.agent.post('/api/tickets').send(ticketPayload({ productBrand: 'Beta' })).expect(201);
    await eventually('the skipped SMS is recorded', async () => (await deliveries(`new_ticket:${before.body.id}`, 'sms')).length === 1);
    expect(await deliveries(`new_ticket:${before.body.id}`, 'sms')).toEqual([{ status: 'skipped', detail: 'No Twilio account connected' }]);

    account = await connectAccount(t.fake, owner.agent);
    const noNumber = await owner.agent.post('/api/tickets').send(ticketPayload({ productBrand: 'Beta' })).expect(201);
    await eventually('the second skipped SMS is recorded', async () => (await deliveries(`new_ticket:${noNumber.body.id}`, 'sms')).length === 1);
    expect(await deliveries(`new_ticket:${noNumber.body.id}`, 'sms')).toEqual([{ status: 'skipped', detail: 'No organization phone number to send from' }]);

    acme = await buy('Acme', '512');
    beta = await buy('Beta', '212');
    const res = await owner.agent.post('/api/tickets').send(ticketPayload({ productBrand: 'Beta', customerName: 'Texted Customer' })).expect(201);
    await eventually('the text reached Twilio', () => textsTo(MEMBER_PHONE).length === 1);
    const [text] = textsTo(MEMBER_PHONE);
    expect(text.from).toBe(beta.phone_number);
    expect(text.accountSid).toBe(account.sid);
    expect(text.body).toContain(`New ticket ${res.body.ticketNumber}: Texted Customer (Beta)`);
    expect(text.body).toContain(`http://127.0.0.1:3999/tickets/${res.body.id}`);
    await eventually('the SMS delivery is recorded', async () => (await deliveries(`new_ticket:${res.body.id}`, 'sms')).length === 1);
    expect((await deliveries(`new_ticket:${res.body.id}`, 'sms'))[0]).toMatchObject({ status: 'sent', detail: `${MEMBER_PHONE} ${text.sid}` });
  });

  it('retries while Twilio answers 500 and sends the text exactly once when it recovers', async () => {
    t.fake.failNext(2);
    const res = await owner.agent.post('/api/tickets').send(ticketPayload({ productBrand: 'Acme', customerName: 'Retry Customer' })).expect(201);
    const attemptsOf = () =>
      t.fake.requests.filter((r) => r.path.endsWith('/Messages.json') && r.form.Body?.includes(res.body.ticketNumber)).length;
    const textsOf = () => textsTo(MEMBER_PHONE).filter((m) => m.body.includes(res.body.ticketNumber));
    const lookupsOf = () => t.fake.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/Messages.json') && r.query.To === MEMBER_PHONE).length;
    await eventually('the text arrived after two failures', () => textsOf().length === 1, 40_000);
    await queueIdle(t.app.db);
    // The first attempt's send fails; each retry first asks Twilio for the text (the second's look-up
    // fails too), and the third sends it.
    expect(attemptsOf()).toBe(2);
    expect(lookupsOf()).toBe(2);
    expect(textsOf()).toHaveLength(1);
    expect(textsOf()[0].from).toBe(acme.phone_number);
    expect(await deliveries(`new_ticket:${res.body.id}`, 'sms')).toHaveLength(1);
  });

  it('does not text twice when Twilio took the message but its answer was lost: the retry finds it by its reference', async () => {
    t.fake.failNext(1, 'lost-response');
    const res = await owner.agent.post('/api/tickets').send(ticketPayload({ productBrand: 'Acme', customerName: 'Lost Answer Customer' })).expect(201);
    const textsOf = () => textsTo(MEMBER_PHONE).filter((m) => m.body.includes('Lost Answer Customer'));
    await eventually('the delivery is recorded after the retry', async () => (await deliveries(`new_ticket:${res.body.id}`, 'sms')).length === 1, 40_000);
    expect(textsOf()).toHaveLength(1);
    expect(textsOf()[0].body).toMatch(/\nRef [0-9a-f]{10}$/);
    expect((await deliveries(`new_ticket:${res.body.id}`, 'sms'))[0]).toEqual({ status: 'sent', detail: `${MEMBER_PHONE} ${textsOf()[0].sid}` });
    const posts = t.fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/Messages.json') && r.form.Body?.includes('Lost Answer Customer'));
    expect(posts).toHaveLength(1);
  });

  it('texts a voicemail left through Twilio’s webhooks from the called number’s brand, once the user turned SMS on for it', async () => {
    await member.agent.patch('/api/notification-preferences').send({ event_type: 'text_voicemail_missed', sms: true }).expect(200);
    await leaveVoicemail(t, account, { from: '+13105550142', to: beta.phone_number, callerName: 'Voicemail Caller', transcript: 'Call me back please.' });
    const texts = () => textsTo(MEMBER_PHONE).filter((m) => m.body.includes('Voicemail Caller'));
    await eventually('the voicemail text arrived', () => texts().length === 1, 30_000);
    expect(texts()[0].body).toContain('New voicemail from Voicemail Caller');
    expect(texts()[0].from).toBe(beta.phone_number);
    // The owner kept the default (no SMS for voicemails): no SMS job at all for them.
    const rows = await t.app.db.query(
      `select d.status, d.detail from notification_deliveries d where d.user_id = $1 and d.channel = 'sms' and d.event_type = 'text_voicemail_missed'`,
      [owner.user.id],
    );
    expect(rows.rows).toEqual([]);
  });

  it('sends a real test SMS and reports Twilio’s refusal', async () => {
    const ok = await owner.agent.post('/api/test-sms').send({ to: '+15125550188' }).expect(200);
    expect(ok.body).toEqual({ success: true, message: 'Test SMS sent!' });
    expect(textsTo('+15125550188')).toHaveLength(1);
    expect(textsTo('+15125550188')[0].body).toBe('Test SMS from Warranty CRM: your SMS notifications are set up.');
    const refused = await owner.agent.post('/api/test-sms').send({ to: '' }).expect(400);
    expect(refused.body.error).toBe('No phone number configured');
    t.fake.failNext(1);
    const down = await owner.agent.post('/api/test-sms').send({ to: '+15125550188' }).expect(502);
    expect(down.body.error).toMatch(/^Twilio error: /);
  });
});
