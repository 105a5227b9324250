import { CUSTOMER_SMS_OPTED_OUT_MESSAGE } from '@warranty-crm/contract';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TenantRunner } from '../src/common/tenancy/tenant-runner.js';
import { matchTicket } from '../src/modules/conversations/inbound/ticket-matcher.js';
import { messageIdsOf } from '../src/modules/conversations/reply-address.js';
import { subjectTicketNumber } from '../src/modules/conversations/inbound/ticket-matcher.js';
import { parseReplyAddress } from '../src/modules/conversations/reply-address.js';
import { connectAccount, startTelephonyApp, type TelephonyApp } from './factories/telephony.js';
import { createTicket, type CreatedTicket } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { eventually } from './support/job-probe.js';
import { SmtpCatcher } from './support/smtp-catcher.js';

let t: TelephonyApp;
let smtp: SmtpCatcher;
let owner: SignedIn;
let other: SignedIn;

const SUPPORT = 'support@acme.example';

interface ThreadMessage {
  id: string;
  channel: string;
  direction: string;
  status: string;
  author_name: string | null;
  subject: string | null;
  body: string;
  error: string | null;
  attempts: number;
  sent_at: string | null;
  from: string | null;
  to: string | null;
}

async function thread(who: SignedIn, ticketId: string): Promise<ThreadMessage[]> {
  return (await who.agent.get(`/api/tickets/${ticketId}/messages`).expect(200)).body;
}

async function messageOf(ticketId: string, id: string): Promise<ThreadMessage | undefined> {
  return (await thread(owner, ticketId)).find((m) => m.id === id);
}

async function settled(ticketId: string, id: string, status: string, timeoutMs = 30_000): Promise<ThreadMessage> {
  let last: ThreadMessage | undefined;
  await eventually(`message ${id} is ${status}`, async () => (last = await messageOf(ticketId, id))?.status === status, timeoutMs);
  return last!;
}

async function storedMessageId(id: string): Promise<string> {
  return (await t.app.db.query('select message_id from ticket_messages where id = $1', [id])).rows[0].message_id;
}

/** A ticket whose customer's confirmation e-mail went out (so the thread starts with it). */
async function confirmedTicket(overrides: Record<string, unknown> = {}): Promise<CreatedTicket> {
  const ticket = await createTicket(owner.agent, { productBrand: 'Acme', ...overrides });
  await eventually('the confirmation is sent', async () => (await owner.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body.confirmation_status === 'sent');
  return ticket;
}

beforeAll(async () => {
  smtp = await new SmtpCatcher().start();
  t = await startTelephonyApp({ JOBS_POLL_INTERVAL_MS: '200' });
  owner = await registerOwner(t.app);
  other = await registerOwner(t.app);
  await owner.agent
    .put('/api/settings')
    .send({ brands: ['Acme', 'Beta'], smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_from_email: SUPPORT, smtp_from_name: 'Acme Support' })
    .expect(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('replying by e-mail', () => {
  it('sends the reply from the support address with the ticket number in the subject, threading headers and a reply address of this ticket', async () => {
    const ticket = await confirmedTicket({ customerName: 'Ana Ruiz', customerEmail: 'ana.ruiz@example.com' });
    const confirmation = smtp.to('ana.ruiz@example.com')[0]!;

    const res = await owner.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'email', body: '  Please send a photo of the leak.  ' }).expect(201);
    expect(res.body).toMatchObject({ channel: 'email', direction: 'outbound', status: 'queued', body: 'Please send a photo of the leak.', to: 'ana.ruiz@example.com', from: SUPPORT });
    expect(res.body.author_name).toBe(owner.user.username);
    const sent = await settled(ticket.id, res.body.id, 'sent');
    expect(sent.sent_at).not.toBeNull();
    expect(sent.attempts).toBe(1);

    const [, first] = smtp.to('ana.ruiz@example.com');
    expect(first!.text).toContain('Please send a photo of the leak.');
    expect(first!.fromHeader).toBe(SUPPORT);
    expect(subjectTicketNumber(first!.subject)).toBe(ticket.ticketNumber);
    expect(first!.subject).toMatch(/^Re: \[#WC-\d+\] /);
    expect(first!.messageId).toBe(`<${await storedMessageId(res.body.id)}>`);
    expect(first!.messageId).toMatch(/@acme\.example>$/);
    // The customer's client threads it under the confirmation e-mail.
    expect(first!.inReplyTo).toBe(confirmation.messageId);
    expect(first!.references).toEqual([confirmation.messageId]);
    expect(first!.replyTo).toMatch(/^support\+[0-9a-f]{32}@acme\.example$/);
    expect(parseReplyAddress(first!.replyTo, SUPPORT)).toBe(ticket.id);

    // The next reply answers the previous one and names the whole thread.
    const again = await owner.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'email', body: 'Any news?', subject: 'Photo request' }).expect(201);
    await settled(ticket.id, again.body.id, 'sent');
    const second = smtp.to('ana.ruiz@example.com')[2]!;
    expect(second.subject).toBe(`Re: [#${ticket.ticketNumber}] Photo request`);
    expect(second.inReplyTo).toBe(first!.messageId);
    expect(second.references).toEqual([confirmation.messageId, first!.messageId]);
    expect(second.replyTo).toBe(first!.replyTo);

    const messages = await thread(owner, ticket.id);
    expect(messages.map((m) => m.body)).toEqual(['Please send a photo of the leak.', 'Any news?']);
  });

  it('keeps retrying while the SMTP server is down and sends the reply once when it is back', async () => {
    const ticket = await confirmedTicket({ customerEmail: 'down.time@example.com' });
    const { port } = smtp;
    await smtp.stop();
    try {
      const res = await owner.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'email', body: 'Sent during an outage' }).expect(201);
      let last: ThreadMessage | undefined;
      await eventually('the first attempt failed', async () => ((last = await messageOf(ticket.id, res.body.id))?.attempts ?? 0) >= 1, 30_000);
      expect(last!.status).toBe('queued');
      expect(last!.error).toMatch(/ECONNREFUSED|connect/i);
      await smtp.start();
      expect(smtp.port).toBe(port);
      const sent = await settled(ticket.id, res.body.id, 'sent', 60_000);
      expect(sent.error).toBeNull();
      expect(sent.attempts).toBeGreaterThanOrEqual(2);
      const mails = smtp.to('down.time@example.com').filter((m) => m.text.includes('Sent during an outage'));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.messageId).toBe(`<${await storedMessageId(res.body.id)}>`);
    } finally {
      // Running again for the next tests (a second start on the same port is refused).
      await smtp.start().catch(() => undefined);
    }
  }, 120_000);

  it('marks a reply the server refuses as failed with the reason, and Retry sends the same message again', async () => {
    const ticket = await confirmedTicket({ customerEmail: 'refused@example.com' });
    smtp.onMessage = (mail) => {
      if (!mail.to.includes('refused@example.com')) return;
      smtp.onMessage = undefined;
      throw Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
    };
    const res = await owner.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'email', body: 'Refused once' }).expect(201);
    const failed = await settled(ticket.id, res.body.id, 'failed');
    expect(failed.error).toContain('Mailbox unavailable');
    expect(failed.sent_at).toBeNull();

    const retried = await owner.agent.post(`/api/tickets/${ticket.id}/messages/${res.body.id}/retry`).expect(200);
    expect(retried.body).toMatchObject({ id: res.body.id, status: 'queued', error: null });
    await settled(ticket.id, res.body.id, 'sent');
    const tries = smtp.to('refused@example.com').filter((m) => m.text.includes('Refused once'));
    expect(tries).toHaveLength(2); // the refused one and the accepted resend: one message
    expect(new Set(tries.map((m) => m.messageId)).size).toBe(1);

    const again = await owner.agent.post(`/api/tickets/${ticket.id}/messages/${res.body.id}/retry`).expect(409);
    expect(again.body).toMatchObject({ error: 'Only a failed message can be sent again', code: 'conversations.not_failed' });
  });

  it('refuses an empty reply, a reply too long, and an e-mail to a customer without an address, with messages that say so', async () => {
    const ticket = await createTicket(owner.agent);
    const empty = await owner.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'email', body: '   ' }).expect(400);
    expect(empty.body.error).toBe('Message is required');
    const channel = await owner.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'fax', body: 'Hi' }).expect(400);
    expect(channel.body.error).toBe('Channel must be one of: email, sms, comment');
    const long = await owner.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'sms', body: 'x'.repeat(1601) }).expect(400);
    expect(long.body.error).toBe('An SMS must be at most 1600 characters');

    await t.app.db.query('update customers set email = null where id = $1', [ticket.customer.id]);
    const noEmail = await owner.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'email', body: 'Hello' }).expect(400);
    expect(noEmail.body).toMatchObject({ error: 'This customer does not have an email address on file.', code: 'conversations.no_customer_email' });
    expect(await thread(owner, ticket.id)).toEqual([]);
  });
});

describe('routing an answer back to its ticket (for the inbound receiver)', () => {
  it('finds the ticket by the reply address, else by a Message-ID it answers, else by the number in the subject; never another organization’s', async () => {
    const ticket = await confirmedTicket({ customerEmail: 'router@example.com' });
    const res = await owner.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'email', body: 'Route me back' }).expect(201);
    await settled(ticket.id, res.body.id, 'sent');
    const reply = smtp.to('router@example.com').find((m) => m.text.includes('Route me back'))!;
    // The inbound receiver's matcher (inbound/ticket-matcher.ts), with Message-IDs as its parser gives them (no brackets).
    const route = (organizationId: string, mail: { recipients: string[]; inReplyTo?: string; references?: string; subject?: string; from?: string }) =>
      t.app.created.app.get(TenantRunner).run(organizationId, ({ em }) =>
        matchTicket(em, {
          recipients: mail.recipients,
          inReplyTo: messageIdsOf(mail.inReplyTo)[0] ?? null,
          references: messageIdsOf(mail.references),
          subject: mail.subject ?? '',
          from: { address: mail.from ?? 'Router@Example.com' },
        }),
      );
    const ours = owner.user.organization_id;

    expect(await route(ours, { recipients: ['someone@else.example', `Acme <${reply.replyTo}>`] })).toBe(ticket.id);
    expect(await route(ours, { recipients: [SUPPORT], inReplyTo: reply.messageId, subject: 'Re: hello' })).toBe(ticket.id);
    expect(await route(ours, { recipients: [SUPPORT], references: `<unknown@x.example> ${reply.messageId}` })).toBe(ticket.id);
    expect(await route(ours, { recipients: [SUPPORT], subject: `Re: [#${ticket.ticketNumber}] Photo` })).toBe(ticket.id);
    // A ticket number is guessable: it routes only the customer's own e-mail; the tokens route anyone.
    expect(await route(ours, { recipients: [SUPPORT], subject: `Re: [#${ticket.ticketNumber}] Photo`, from: 'stranger@example.net' })).toBeNull();
    expect(await route(ours, { recipients: [SUPPORT.replace('@', `+${ticket.ticketNumber.toLowerCase()}@`)], from: 'stranger@example.net' })).toBeNull();
    expect(await route(ours, { recipients: [SUPPORT.replace('@', `+${ticket.ticketNumber.toLowerCase()}@`)] })).toBe(ticket.id);
    expect(await route(ours, { recipients: [reply.replyTo], from: 'stranger@example.net' })).toBe(ticket.id);
    expect(await route(ours, { recipients: [SUPPORT], subject: 'A new question' })).toBeNull();
    // The same answer delivered to another organization finds none of this ticket.
    expect(await route(other.user.organization_id, { recipients: [reply.replyTo], inReplyTo: reply.messageId, subject: `Re: [#${ticket.ticketNumber}]` })).toBeNull();
  });
});

describe('internal comments', () => {
  it('are kept on the thread as internal and never sent to the customer', async () => {
    const ticket = await confirmedTicket({ customerEmail: 'quiet@example.com' });
    const comment = await owner.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'comment', body: 'Customer sounded upset; escalate if no photo' }).expect(201);
    expect(comment.body).toMatchObject({ channel: 'comment', direction: 'internal', status: 'internal', to: null });
    // A reply queued after the comment is sent: the queue has run past the comment.
    const reply = await owner.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'email', body: 'We are on it.' }).expect(201);
    await settled(ticket.id, reply.body.id, 'sent');
    expect(smtp.messages.filter((m) => m.text.includes('escalate'))).toEqual([]);
    expect((await messageOf(ticket.id, comment.body.id))!.status).toBe('internal');
    const jobs = await t.app.db.query(`select count(*)::int as n from graphile_worker._private_jobs where payload::text like $1`, [`%${comment.body.id}%`]);
    expect(jobs.rows[0].n).toBe(0);
  });
});

describe('the response promise', () => {
  it('is met by the first reply to the customer, not by an internal comment', async () => {
    const ticket = await createTicket(owner.agent, { customerEmail: 'promise@example.com' });
    await owner.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'comment', body: 'Looking into it' }).expect(201);
    let detail = (await owner.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body;
    expect(detail.responded_at).toBeNull();
    expect(detail.sla).toBe('on_track');

    const reply = await owner.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'email', body: 'We have your claim.' }).expect(201);
    detail = (await owner.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body;
    expect(detail.responded_at).toBe(reply.body.created_at);
    expect(detail.sla).toBe('met');
  });
});

describe('replying by SMS', () => {
  it('says what is missing, then texts the customer from the number of the ticket’s brand through Twilio', async () => {
    const ticket = await createTicket(owner.agent, { productBrand: 'Beta', customerPhone: '+15125550161' });
    const noTwilio = await owner.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'sms', body: 'Hi' }).expect(400);
    expect(noTwilio.body.error).toBe('SMS is not set up: connect a Twilio account in Phone Setup');

    await connectAccount(t.fake, owner.agent);
    const noNumber = await owner.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'sms', body: 'Hi' }).expect(400);
    expect(noNumber.body).toMatchObject({ code: 'conversations.no_sender_number' });
    expect(noNumber.body.error).toContain('add a phone number for Beta in the Phone System');

    const buy = async (brand: string, areaCode: string) => {
      const found = await owner.agent.get('/api/phone-numbers/search').query({ areaCode }).expect(200);
      return (await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: found.body[0].phoneNumber, brand }).expect(201)).body as { phone_number: string };
    };
    await buy('Acme', '512');
    const beta = await buy('Beta', '212');

    const res = await owner.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'sms', body: 'Your replacement ships today.' }).expect(201);
    expect(res.body).toMatchObject({ channel: 'sms', status: 'queued', from: beta.phone_number, to: '+15125550161' });
    await settled(ticket.id, res.body.id, 'sent');
    const texts = t.fake.messages.filter((m) => m.to === '+15125550161');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.from).toBe(beta.phone_number);
    expect(texts[0]!.body).toMatch(new RegExp(`^Your replacement ships today\\.\\n\\[#${ticket.ticketNumber} ref [0-9a-f]{8}\\]$`));
    const row = await t.app.db.query('select provider_id from ticket_messages where id = $1', [res.body.id]);
    expect(row.rows[0].provider_id).toBe(texts[0]!.sid);
  });

  it('does not text twice when Twilio took the text but its answer was lost', async () => {
    const ticket = await createTicket(owner.agent, { productBrand: 'Acme', customerPhone: '+15125550162' });
    t.fake.failNext(1, 'lost-response');
    const res = await owner.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'sms', body: 'Once only' }).expect(201);
    const sent = await settled(ticket.id, res.body.id, 'sent', 40_000);
    expect(sent.attempts).toBe(2);
    const texts = t.fake.messages.filter((m) => m.to === '+15125550162');
    expect(texts).toHaveLength(1);
    const row = await t.app.db.query('select provider_id from ticket_messages where id = $1', [res.body.id]);
    expect(row.rows[0].provider_id).toBe(texts[0]!.sid);
  }, 60_000);

  it('never texts a customer who sent STOP, and says why', async () => {
    const ticket = await createTicket(owner.agent, { productBrand: 'Acme', customerPhone: '+15125550163' });
    await t.app.db.query('update customers set sms_opted_out_at = now() where id = $1', [ticket.customer.id]);
    const refused = await owner.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'sms', body: 'Are you there?' }).expect(400);
    expect(refused.body).toMatchObject({ error: CUSTOMER_SMS_OPTED_OUT_MESSAGE, code: 'conversations.sms_opted_out' });
    expect(t.fake.messages.filter((m) => m.to === '+15125550163')).toEqual([]);
    expect(await thread(owner, ticket.id)).toEqual([]);
  });
});

describe("another organization's ticket", () => {
  it('answers 404 to reading, writing and retrying its thread', async () => {
    const ticket = await createTicket(owner.agent);
    const comment = await owner.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'comment', body: 'Ours' }).expect(201);
    const read = await other.agent.get(`/api/tickets/${ticket.id}/messages`).expect(404);
    expect(read.body).toMatchObject({ error: 'Ticket not found', code: 'tickets.not_found' });
    await other.agent.post(`/api/tickets/${ticket.id}/messages`).send({ channel: 'comment', body: 'Theirs' }).expect(404);
    await other.agent.post(`/api/tickets/${ticket.id}/messages/${comment.body.id}/retry`).expect(404);
    await owner.agent.get('/api/tickets/not-a-uuid/messages').expect(404);
    expect((await thread(owner, ticket.id)).map((m) => m.body)).toEqual(['Ours']);
  });
});
