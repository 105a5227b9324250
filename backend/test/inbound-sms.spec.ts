import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import type { FakeAccount } from '../src/dev/fake-twilio/fake-twilio.js';
import { connectAccount, startTelephonyApp, type TelephonyApp, twilioPost } from './factories/telephony.js';
import { createTicket } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';

let t: TelephonyApp;
let owner: SignedIn;
let account: FakeAccount;
let number: { id: string; phone_number: string };

const EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

function messageSid(): string {
  return `SM${randomBytes(16).toString('hex')}`;
}

/** A text to the brand number as Twilio posts it, signed with the account's token (null: unsigned). */
function text(from: string, body: string, sid = messageSid(), token: string | null = account.authToken) {
  const form = { AccountSid: account.sid, MessageSid: sid, SmsSid: sid, From: from, To: number.phone_number, Body: body, NumMedia: '0' };
  return twilioPost(t.app, '/api/webhooks/twilio/sms', form, token);
}

async function smsOf(ticketId: string) {
  return (await t.app.db.query("select * from ticket_messages where ticket_id = $1 and channel = 'sms' order by created_at", [ticketId])).rows;
}

async function ticketCount(): Promise<number> {
  return Number((await t.app.db.query('select count(*) as n from tickets where organization_id = $1', [owner.user.organization_id])).rows[0].n);
}

beforeAll(async () => {
  t = await startTelephonyApp();
  owner = await registerOwner(t.app);
  account = await connectAccount(t.fake, owner.agent);
  const found = await owner.agent.get('/api/phone-numbers/search').query({ areaCode: '415' }).expect(200);
  number = (await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: found.body[0].phoneNumber, brand: 'Acme' }).expect(201)).body;
  await owner.agent.put('/api/settings').send({ smtp_from_email: 'help@acme-sms.test' }).expect(200);
});
afterAll(async () => t?.close());

const SMS_URL = 'http://127.0.0.1:3999/api/webhooks/twilio/sms';

describe("brand numbers' messaging URL", () => {
  it('points at the SMS webhook when a number is bought, imported or its webhooks are fixed', async () => {
    expect(t.fake.numberByPhone(number.phone_number)!.smsUrl).toBe(SMS_URL);
    const owned = t.fake.addNumber(account.sid, '+14155550777', { smsUrl: 'https://old.example/sms' });
    await owner.agent.post('/api/phone-numbers/import').send({ phoneNumber: '+14155550777', brand: 'Acme' }).expect(201);
    expect(owned.smsUrl).toBe(SMS_URL);
    const atTwilio = t.fake.numberByPhone(number.phone_number)!;
    atTwilio.smsUrl = 'https://somewhere.else/sms';
    await owner.agent.post(`/api/phone-numbers/${number.id}/reconfigure-webhook`).expect(200);
    expect(atTwilio.smsUrl).toBe(SMS_URL);
  });
});

describe('POST /api/webhooks/twilio/sms', () => {
  it("threads a text onto the customer's open ticket once, however often Twilio delivers it", async () => {
    const ticket = await createTicket(owner.agent, { customerName: 'Maria Gonzalez', customerPhone: '(512) 555-0190' });
    const sid = messageSid();
    const first = await text('+15125550190', 'Is there any news on my jack?', sid).expect(200);
    expect(first.headers['content-type']).toMatch(/^text\/xml/);
    expect(first.text).toBe(EMPTY);
    await text('+15125550190', 'Is there any news on my jack?', sid).expect(200);
    const rows = await smsOf(ticket.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ direction: 'inbound', status: 'received', body: 'Is there any news on my jack?', from_address: '+15125550190', to_address: number.phone_number, provider_id: sid, author_name: 'Maria Gonzalez' });
  });

  it('opens an inquiry ticket for a text from a number without an open ticket, with the text as its first message', async () => {
    const before = await ticketCount();
    await text('+15125550191', 'My floor jack will not lift. Can you help?').expect(200);
    expect(await ticketCount()).toBe(before + 1);
    const [ticket] = (await t.app.db.query("select t.* from tickets t join customers c on c.id = t.customer_id where c.phone = '+15125550191'")).rows;
    expect(ticket).toMatchObject({ source: 'sms', product_brand: 'Acme', contact_method: 'SMS', issue_description: 'My floor jack will not lift. Can you help?' });
    expect((await smsOf(ticket.id)).map((m: { body: string }) => m.body)).toEqual(['My floor jack will not lift. Can you help?']);
    // A closed ticket is not continued: the next text opens another.
    await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ status: 'Closed' }).expect(200);
    await text('+15125550191', 'It broke again.').expect(200);
    expect(await ticketCount()).toBe(before + 2);
  });

  it('records STOP (and its synonyms) as the opt-out without opening a ticket; START clears it', async () => {
    const ticket = await createTicket(owner.agent, { customerName: 'Ana Ruiz', customerPhone: '+15125550192' });
    const before = await ticketCount();
    expect((await text('+15125550192', 'STOP').expect(200)).text).toBe(EMPTY);
    expect((await owner.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body.customer.sms_opted_out).toBe(true);
    await text('+15125550192', 'start').expect(200);
    expect((await owner.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body.customer.sms_opted_out).toBe(false);
    await text('+15125550192', ' Unsubscribe. ').expect(200);
    expect((await owner.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body.customer.sms_opted_out).toBe(true);
    await text('+15125550193', 'QUIT').expect(200);
    const [stranger] = (await t.app.db.query("select sms_opted_out_at from customers where phone = '+15125550193'")).rows;
    expect(stranger.sms_opted_out_at).not.toBeNull();
    expect(await ticketCount()).toBe(before);
    expect(await smsOf(ticket.id)).toHaveLength(0);
  });

  it("answers HELP with the organization's name and support contact, without opening a ticket", async () => {
    const before = await ticketCount();
    const [org] = (await t.app.db.query('select name from organizations where id = $1', [owner.user.organization_id])).rows;
    const res = await text('+15125550194', 'help').expect(200);
    expect(res.text).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${org.name} support: for help with your request, e-mail help@acme-sms.test or reply here. Reply STOP to opt out.</Message></Response>`,
    );
    expect(await ticketCount()).toBe(before);
  });

  it('refuses an unsigned or forged text with 403 and writes nothing', async () => {
    const before = await ticketCount();
    const unsigned = await text('+15125550195', 'Hello', messageSid(), null).expect(403);
    expect(unsigned.body.statusCode).toBe(403);
    await text('+15125550195', 'Hello', messageSid(), 'f'.repeat(32)).expect(403);
    expect(await ticketCount()).toBe(before);
    expect((await t.app.db.query("select count(*) as n from customers where phone = '+15125550195'")).rows[0].n).toBe('0');
  });
});
