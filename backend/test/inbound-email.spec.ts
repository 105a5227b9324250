import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import nodemailer from 'nodemailer';
import { messageIdFor } from '../src/modules/mail/outgoing-mail.js';
import { createTicket, type CreatedTicket } from './factories/tickets.js';
import { inviteMember } from './factories/members.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { SseClient } from './support/sse-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const SUPPORT = 'support@acme-inbound.test';

let app: TestApp;
let owner: SignedIn;
let smtpPort: number;
let baseUrl: string;
let signingKey: string;

interface MessageRow {
  id: string;
  ticket_id: string;
  channel: string;
  direction: string;
  status: string;
  from_address: string;
  subject: string;
  body: string;
  body_html: string | null;
  quoted: string | null;
  message_id: string;
  attachments: Array<{ filename: string; content_type: string; size: number; object_path: string }>;
}

async function messagesOf(ticketId: string): Promise<MessageRow[]> {
  return (await app.db.query<MessageRow>('select * from ticket_messages where ticket_id = $1 order by created_at', [ticketId])).rows;
}

async function messagesWithId(messageId: string): Promise<MessageRow[]> {
  return (await app.db.query<MessageRow>('select * from ticket_messages where message_id = $1', [messageId])).rows;
}

async function ticketCount(): Promise<number> {
  return Number((await app.db.query('select count(*) as n from tickets where organization_id = $1', [owner.user.organization_id])).rows[0].n);
}

/** Sends through the app's SMTP receiver with nodemailer, as a customer's mail server would. */
function sendMail(mail: nodemailer.SendMailOptions) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
  return transport.sendMail(mail).finally(() => transport.close());
}

/** A Mailgun forward() post, signed with `key`. */
function postWebhook(fields: Record<string, string>, key: string, files: Array<{ field: string; name: string; type: string; bytes: Buffer }> = []) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = randomUUID().replace(/-/g, '');
  const signature = createHmac('sha256', key).update(timestamp + token).digest('hex');
  let req = app.request().post('/api/webhooks/inbound-email');
  for (const [name, value] of Object.entries({ ...fields, timestamp, token, signature })) req = req.field(name, value);
  for (const f of files) req = req.attach(f.field, f.bytes, { filename: f.name, contentType: f.type });
  return req;
}

beforeAll(async () => {
  app = await startTestApp({ INBOUND_SMTP_PORT: '0' });
  const server = app.created.app.getHttpServer() as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  owner = await registerOwner(app);
  const settings = await owner.agent.put('/api/settings/inbound-email').send({ address: SUPPORT.toUpperCase() }).expect(200);
  expect(settings.body).toMatchObject({ address: SUPPORT, support_address: SUPPORT, signing_key_set: false, smtp_receiver: { enabled: true, host: '127.0.0.1' } });
  expect(settings.body.webhook_url).toBe('http://127.0.0.1:3999/api/webhooks/inbound-email');
  smtpPort = settings.body.smtp_receiver.port;
  const generated = await owner.agent.post('/api/settings/inbound-email/signing-key').expect(200);
  expect(generated.body.signing_key_set).toBe(true);
  signingKey = generated.body.signing_key;
  expect(signingKey).toMatch(/^[0-9a-f]{64}$/);
});

afterAll(async () => {
  await app?.close();
});

describe('the SMTP receiver', () => {
  let ticket: CreatedTicket;

  beforeAll(async () => {
    ticket = await createTicket(owner.agent, { customerName: 'Maria Gonzalez', customerEmail: 'maria.smtp@example.com' });
  });

  it("threads a customer's answer to the confirmation e-mail onto its ticket once, live, however often it is delivered", async () => {
    const tab = await SseClient.connect(`${baseUrl}/api/events/stream`, await cookieOf(owner));
    const confirmationId = messageIdFor(`ticket-confirmation:${ticket.id}`, SUPPORT);
    const messageId = `<${randomUUID()}@mail.example.com>`;
    const mail = {
      from: 'Maria Gonzalez <maria.smtp@example.com>',
      to: SUPPORT,
      subject: `Re: We received your request: ticket ${ticket.ticket_number}`,
      messageId,
      inReplyTo: confirmationId,
      references: [confirmationId],
      text: 'The seal still leaks after the weekend.\n\nOn Mon, Nov 23, 2026 at 10:00 AM Support <support@acme-inbound.test> wrote:\n> We received your request\n> Ticket number: ' + ticket.ticket_number + '\n',
      html: '<p>The seal still leaks after the weekend.<script>alert("x")</script><img src="x" onerror="alert(1)"></p>',
    };
    await sendMail(mail);
    await sendMail(mail);

    const rows = await messagesOf(ticket.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: 'email',
      direction: 'inbound',
      status: 'received',
      from_address: 'maria.smtp@example.com',
      body: 'The seal still leaks after the weekend.',
      message_id: messageId.slice(1, -1),
    });
    expect(rows[0]!.quoted).toContain('> We received your request');
    expect(rows[0]!.body_html).toContain('The seal still leaks');
    expect(rows[0]!.body_html).not.toMatch(/script|onerror|alert/);
    await tab.waitFor('the live thread event', (events) => events.some((e) => e.event === 'ticket_message' && (e.data as { ticket_id: string }).ticket_id === ticket.id));
    expect(tab.of('ticket_message').filter((d) => (d as { ticket_id: string }).ticket_id === ticket.id)).toHaveLength(1);
    tab.close();
  });

  it('threads by a [#ticket number] in the subject, and by a plus-address tag with the ticket id', async () => {
    await sendMail({ from: 'maria.smtp@example.com', to: SUPPORT, subject: `Photos [#${ticket.ticket_number}]`, text: 'Here are the photos.' });
    await sendMail({ from: 'maria.smtp@example.com', to: SUPPORT.replace('@', `+${ticket.id}@`), cc: 'maria.smtp@example.com', subject: 'One more thing', text: 'And the receipt.' });
    const bodies = (await messagesOf(ticket.id)).map((m) => m.body);
    expect(bodies).toEqual(['The seal still leaks after the weekend.', 'Here are the photos.', 'And the receipt.']);
  });

  it('keeps attachments through the storage driver, readable by the organization', async () => {
    const photo = Buffer.from('not really a jpeg, but bytes all the same');
    const messageId = `<${randomUUID()}@mail.example.com>`;
    await sendMail({
      from: 'maria.smtp@example.com',
      to: SUPPORT,
      subject: `Receipt [#${ticket.ticket_number}]`,
      messageId,
      text: 'Receipt attached.',
      attachments: [{ filename: 'receipt photo.jpg', content: photo, contentType: 'image/jpeg' }],
    });
    const [row] = await messagesWithId(messageId.slice(1, -1));
    expect(row!.attachments).toHaveLength(1);
    expect(row!.attachments[0]).toMatchObject({ filename: 'receipt photo.jpg', content_type: 'image/jpeg', size: photo.length });
    const file = await owner.agent.get(row!.attachments[0]!.object_path).buffer(true).expect(200);
    expect(Buffer.from(file.body as Buffer).equals(photo)).toBe(true);
    const stranger = await registerOwner(app);
    await stranger.agent.get(row!.attachments[0]!.object_path).expect(404);
  });

  it("puts a photo sent by e-mail among the ticket's attachments, as evidence from e-mail", async () => {
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } }).png().toBuffer();
    const messageId = `<${randomUUID()}@mail.example.com>`;
    await sendMail({
      from: 'maria.smtp@example.com',
      to: SUPPORT,
      subject: `Damage [#${ticket.ticket_number}]`,
      messageId,
      text: 'The cracked saddle.',
      attachments: [{ filename: 'saddle.png', content: png, contentType: 'image/png' }],
    });
    const [row] = await messagesWithId(messageId.slice(1, -1));
    expect(row!.attachments).toEqual([expect.objectContaining({ filename: 'saddle.png', content_type: 'image/png', size: png.length })]);
    const evidence = (await owner.agent.get(`/api/tickets/${ticket.id}/attachments`).expect(200)).body as { filename: string; source: string; tag: string }[];
    expect(evidence).toEqual([expect.objectContaining({ filename: 'saddle.png', source: 'email', tag: 'other' })]);
  });

  it('opens a ticket for an e-mail that answers no ticket, with the customer matched by e-mail', async () => {
    const known = await createTicket(owner.agent, { customerName: 'Kim Lee', customerEmail: 'kim.lee@example.com' });
    const before = await ticketCount();
    const messageId = `<${randomUUID()}@mail.example.com>`;
    await sendMail({ from: 'KIM.LEE@example.com', to: SUPPORT, subject: 'My other jack squeaks', messageId, text: 'The 2-ton jack squeaks when lowering.' });
    expect(await ticketCount()).toBe(before + 1);
    const [message] = await messagesWithId(messageId.slice(1, -1));
    expect(message!.ticket_id).not.toBe(known.id);
    const opened = (await owner.agent.get(`/api/tickets/${message!.ticket_id}`).expect(200)).body;
    expect(opened.customer_id).toBe(known.customer_id);
    expect(opened.source).toBe('email');
    expect(opened.issue_description).toBe('My other jack squeaks\n\nThe 2-ton jack squeaks when lowering.');
    expect((await messagesOf(opened.id)).map((m) => m.body)).toEqual(['The 2-ton jack squeaks when lowering.']);
    const activity = (await owner.agent.get(`/api/tickets/${opened.id}/activity`).expect(200)).body;
    expect(JSON.stringify(activity)).toContain('Ticket created from an e-mail to the support address');
  });

  it('opens nothing for an auto-reply or a bounce', async () => {
    const before = await ticketCount();
    const messages = Number((await app.db.query('select count(*) as n from ticket_messages')).rows[0].n);
    await sendMail({ from: 'away@example.com', to: SUPPORT, subject: 'Out of office', text: 'I am away until Monday.', headers: { 'Auto-Submitted': 'auto-replied' } });
    await sendMail({ from: 'away@example.com', to: SUPPORT, subject: 'Autoreply', text: 'Away.', headers: { 'X-Autoreply': 'yes' } });
    await sendMail({ from: 'news@example.com', to: SUPPORT, subject: 'Newsletter', text: 'News.', headers: { Precedence: 'bulk' } });
    await sendMail({
      from: 'MAILER-DAEMON@mx.example.com',
      to: SUPPORT,
      subject: 'Undelivered Mail Returned to Sender',
      text: 'This is the mail system at host mx.example.com. I am sorry to have to inform you that your message could not be delivered.',
    });
    // A delivery status notification as MTAs send it: the null sender, multipart/report.
    await sendMail({
      envelope: { from: '', to: SUPPORT },
      raw: [
        'From: Mail Delivery System <mail-system@mx.example.com>',
        `To: ${SUPPORT}`,
        'Subject: Delivery Status Notification (Failure)',
        `Message-ID: <${randomUUID()}@mx.example.com>`,
        'MIME-Version: 1.0',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
        '',
        '--b1',
        'Content-Type: text/plain',
        '',
        'Your message could not be delivered.',
        '--b1',
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; mx.example.com',
        '',
        'Final-Recipient: rfc822; gone@example.com',
        'Action: failed',
        'Status: 5.1.1',
        '--b1--',
        '',
      ].join('\r\n'),
    });
    // Our own support address writing to itself (a copy of our mail come back) cannot start a loop either.
    await sendMail({ from: SUPPORT, to: SUPPORT, subject: 'Re: We received your request', text: 'Our own words.' });
    expect(await ticketCount()).toBe(before);
    expect(Number((await app.db.query('select count(*) as n from ticket_messages')).rows[0].n)).toBe(messages);
  });

  it('refuses mail for an address that is no organization’s (no relaying)', async () => {
    await expect(sendMail({ from: 'maria.smtp@example.com', to: 'someone@elsewhere.test', subject: 'Hi', text: 'Hi' })).rejects.toThrow(/550/);
  });
});

describe('the signed inbound-mail webhook (Mailgun forward())', () => {
  let ticket: CreatedTicket;

  beforeAll(async () => {
    ticket = await createTicket(owner.agent, { customerName: 'Ana Ruiz', customerEmail: 'ana.ruiz@example.com' });
  });

  const reply = (messageId: string) => ({
    recipient: SUPPORT,
    sender: 'ana.ruiz@example.com',
    from: 'Ana Ruiz <ana.ruiz@example.com>',
    subject: `Re: [#${ticket.ticket_number}] your request`,
    'body-plain': 'Still broken.\n\nOn Tue, Nov 24, 2026 Support wrote:\n> How is the jack?\n',
    'body-html': '<div>Still <b>broken</b>.<script>steal()</script></div>',
    'Message-Id': `<${messageId}>`,
    'message-headers': JSON.stringify([['Message-Id', `<${messageId}>`], ['Subject', 'Re: your request']]),
  });

  it('threads the reply once; a redelivery answers 200 again and writes nothing', async () => {
    const messageId = `${randomUUID()}@mailgun.example.com`;
    const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const files = [{ field: 'attachment-1', name: 'jack.jpg', type: 'image/jpeg', bytes: photo }];
    const first = await postWebhook(reply(messageId), signingKey, files).expect(200);
    expect(first.body).toEqual({ outcome: 'threaded', ticket_id: ticket.id, reason: null });
    const again = await postWebhook(reply(messageId), signingKey, files).expect(200);
    expect(again.body).toEqual({ outcome: 'duplicate', ticket_id: ticket.id, reason: null });
    const rows = (await messagesOf(ticket.id)).filter((m) => m.message_id === messageId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ body: 'Still broken.', from_address: 'ana.ruiz@example.com', message_id: messageId });
    expect(rows[0]!.quoted).toContain('> How is the jack?');
    expect(rows[0]!.body_html).toBe('<div>Still <b>broken</b>.</div>');
    expect(rows[0]!.attachments).toEqual([expect.objectContaining({ filename: 'jack.jpg', content_type: 'image/jpeg', size: photo.length })]);
  });

  it('takes a form-encoded post larger than the API’s usual 1 MB (a long HTML body)', async () => {
    const messageId = `${randomUUID()}@mailgun.example.com`;
    const timestamp = String(Math.floor(Date.now() / 1000));
    const token = randomUUID();
    const form = {
      ...reply(messageId),
      'body-html': `<div>${'<p>Long history line.</p>'.repeat(70_000)}</div>`,
      timestamp,
      token,
      signature: createHmac('sha256', signingKey).update(timestamp + token).digest('hex'),
    };
    expect(form['body-html'].length).toBeGreaterThan(1_500_000);
    const res = await app.request().post('/api/webhooks/inbound-email').type('form').send(form).expect(200);
    expect(res.body.outcome).toBe('threaded');
    expect(await messagesWithId(messageId)).toHaveLength(1);
  });

  it('refuses a bad or missing signature with 403 and writes nothing', async () => {
    const messageId = `${randomUUID()}@mailgun.example.com`;
    const before = await ticketCount();
    const forged = await postWebhook(reply(messageId), 'not-the-key').expect(403);
    expect(forged.body).toMatchObject({ statusCode: 403, code: 'conversations.inbound_signature_invalid' });
    await app.request().post('/api/webhooks/inbound-email').type('form').send(reply(messageId)).expect(403);
    await postWebhook({ ...reply(messageId), recipient: 'nobody@elsewhere.test' }, signingKey).expect(403);
    expect(await messagesWithId(messageId)).toHaveLength(0);
    expect(await ticketCount()).toBe(before);
  });

  it('opens a ticket for a new e-mail and drops an auto-reply and a delivery report', async () => {
    const before = await ticketCount();
    const opened = await postWebhook({ recipient: SUPPORT, from: 'New Person <new.person@example.com>', subject: 'Question', 'body-plain': 'Do you ship to Canada?', 'Message-Id': `<${randomUUID()}@x.test>` }, signingKey).expect(200);
    expect(opened.body.outcome).toBe('opened');
    const created = (await owner.agent.get(`/api/tickets/${opened.body.ticket_id}`).expect(200)).body;
    expect(created.customer).toMatchObject({ name: 'New Person', email: 'new.person@example.com' });
    const auto = await postWebhook(
      { recipient: SUPPORT, from: 'new.person@example.com', subject: 'Auto: Question', 'body-plain': 'Away', 'message-headers': JSON.stringify([['Auto-Submitted', 'auto-replied']]) },
      signingKey,
    ).expect(200);
    expect(auto.body).toMatchObject({ outcome: 'ignored', ticket_id: null });
    const bounce = await postWebhook(
      { recipient: SUPPORT, from: 'postmaster@mx.example.com', subject: 'Delivery Status Notification (Failure)', 'body-plain': 'failed', 'message-headers': JSON.stringify([['Content-Type', 'multipart/report; report-type=delivery-status; boundary="b"']]) },
      signingKey,
    ).expect(200);
    expect(bounce.body.outcome).toBe('ignored');
    expect(await ticketCount()).toBe(before + 1);
  });
});

describe('Settings → Inbound E-mail', () => {
  it('is for owners and admins; the signing key is write-only; an address is one organization’s', async () => {
    const settings = (await owner.agent.get('/api/settings/inbound-email').expect(200)).body;
    expect(settings).not.toHaveProperty('signing_key');
    expect(JSON.stringify(settings)).not.toContain(signingKey);
    const other = await registerOwner(app);
    const taken = await other.agent.put('/api/settings/inbound-email').send({ address: SUPPORT }).expect(409);
    expect(taken.body.message).toBe('Another organization already receives e-mail at this address');
    await other.agent.put('/api/settings/inbound-email').send({ address: 'not an address' }).expect(400);
    const agent = await inviteMember(app, owner);
    await agent.agent.get('/api/settings/inbound-email').expect(403);
    await agent.agent.post('/api/settings/inbound-email/signing-key').expect(403);
    expect((await owner.agent.get('/api/settings/inbound-email').expect(200)).body.signing_key_set).toBe(true);
  });
});

async function cookieOf(who: SignedIn): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: who.user.username, password: who.password }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

