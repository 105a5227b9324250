import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { inviteMember, type InvitedMember } from './factories/members.js';
import { ticketPayload } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { CallEvents, CallEventsModule } from './support/call-events.js';
import { eventually, queueIdle } from './support/job-probe.js';
import { SmtpCatcher } from './support/smtp-catcher.js';
import { SseClient } from './support/sse-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const QUEUE_ENV = { JOBS_POLL_INTERVAL_MS: '200' };

let a: TestApp;
let b: TestApp;
let bUrl: string;
let smtp: SmtpCatcher;
let calls: CallEvents;
let owner: SignedIn;
let m1: InvitedMember;
let m2: InvitedMember;

const names = () => ({ [owner.user.id]: 'owner', [m1.user.id]: 'm1', [m2.user.id]: 'm2' });
const emailOf = (who: SignedIn) => `${who.user.username}@example.com`;
const org = () => owner.user.organization_id;

beforeAll(async () => {
  smtp = await new SmtpCatcher().start();
  a = await startTestApp(QUEUE_ENV, { imports: [CallEventsModule] });
  // A second instance on the same database that only serves HTTP (its queue worker is off).
  b = await startTestApp({ JOBS_WORKER: 'false' }, { databaseUrl: a.databaseUrl });
  const server = b.created.app.getHttpServer() as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  bUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  calls = a.created.app.get(CallEvents);
  owner = await registerOwner(a);
  m1 = await inviteMember(a, owner);
  m2 = await inviteMember(a, owner);
  await owner.agent
    .put('/api/settings')
    .send({ smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_from_email: 'crm@example.com', smtp_from_name: 'Warranty CRM' })
    .expect(200);
  for (const who of [owner, m1, m2]) {
    await who.agent.patch('/api/user/profile').send({ notification_email: emailOf(who) }).expect(200);
  }
  await m1.agent.patch('/api/user/profile').send({ notification_phone: '+15125550111' }).expect(200);
}, 120_000);

afterAll(async () => {
  await b?.close();
  await a?.close();
  await smtp?.stop();
});

async function prefer(who: SignedIn, eventType: string, flag: Record<string, boolean>): Promise<void> {
  await who.agent.patch('/api/notification-preferences').send({ event_type: eventType, ...flag }).expect(200);
}

/** Each delivery of a source as `who:channel:status[:reason]`, sorted. */
async function deliveries(sourceKey: string): Promise<string[]> {
  const rows = await a.db.query('select user_id, channel, status, detail from notification_deliveries where source_key = $1', [sourceKey]);
  const who = names();
  return rows.rows
    .map((r) => `${who[r.user_id]}:${r.channel}:${r.status}${r.status === 'skipped' ? `:${r.detail}` : ''}`)
    .sort();
}

async function inAppRecipients(type: string, relatedId: string): Promise<string[]> {
  const rows = await a.db.query('select user_id from notifications where type = $1 and related_entity_id = $2', [type, relatedId]);
  const who = names();
  return rows.rows.map((r) => who[r.user_id]).sort();
}

async function pendingJobs(): Promise<number> {
  const rows = await a.db.query(`select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier like 'notifications.%'`);
  return rows.rows[0].n;
}

async function settled(sourceKey: string, expected: number): Promise<void> {
  await eventually(`${expected} deliveries of ${sourceKey}`, async () => (await deliveries(sourceKey)).length >= expected && (await pendingJobs()) === 0, 30_000);
}

const NO_PHONE = 'No phone number configured';
const NO_TWILIO = 'No Twilio account connected';
const NO_PUSH = 'No push subscription';

interface Case {
  name: string;
  eventType: string;
  preferences: () => Promise<void>;
  /** Publishes the source; returns the related entity id and the source key. */
  trigger: () => Promise<{ relatedId: string; sourceKey: string }>;
  inApp: string[];
  deliveries: string[];
  emailSubject: RegExp;
  emailedTo: () => string[];
}

let firstTicket: { id: string; ticketNumber: string };

const CASES: Case[] = [
  {
    name: 'a ticket created by the owner notifies the other users by their channels, never its creator',
    eventType: 'new_ticket',
    preferences: () => prefer(m2, 'new_ticket', { email: false }),
    trigger: async () => {
      const res = await owner.agent.post('/api/tickets').send(ticketPayload({ customerName: 'Ana Ruiz' })).expect(201);
      firstTicket = { id: res.body.id, ticketNumber: res.body.ticketNumber };
      return { relatedId: res.body.id, sourceKey: `new_ticket:${res.body.id}` };
    },
    inApp: ['m1', 'm2'],
    deliveries: [
      'm1:browser:sent', 'm1:email:sent', `m1:mobile_push:skipped:${NO_PUSH}`, `m1:sms:skipped:${NO_TWILIO}`,
      'm2:browser:sent', `m2:mobile_push:skipped:${NO_PUSH}`, `m2:sms:skipped:${NO_PHONE}`,
    ],
    emailSubject: /^New ticket WC-\d+$/,
    emailedTo: () => [emailOf(m1)],
  },
  {
    name: 'a voicemail notifies every user on the quiet defaults, with the e-mail one user turned on and without the in-app row one turned off',
    eventType: 'text_voicemail_missed',
    preferences: async () => {
      await prefer(m1, 'text_voicemail_missed', { email: true });
      await prefer(m2, 'text_voicemail_missed', { in_app: false });
    },
    trigger: async () => {
      const id = await calls.voicemail(org(), { callerName: 'Jane Caller', brand: 'Acme', transcription: 'My jack is leaking oil.' });
      return { relatedId: id, sourceKey: `text_voicemail_missed:${id}` };
    },
    inApp: ['m1', 'owner'],
    deliveries: [
      'm1:browser:sent', 'm1:email:sent', `m1:mobile_push:skipped:${NO_PUSH}`,
      'm2:browser:sent', `m2:mobile_push:skipped:${NO_PUSH}`,
      'owner:browser:sent', `owner:mobile_push:skipped:${NO_PUSH}`,
    ],
    emailSubject: /^New voicemail from Jane Caller$/,
    emailedTo: () => [emailOf(m1)],
  },
  {
    name: 'an AI-agent call notifies every user on all five channels, less the SMS the owner turned off',
    eventType: 'inquiry_received',
    preferences: () => prefer(owner, 'inquiry_received', { sms: false }),
    trigger: async () => {
      const id = await calls.agentCall(org(), { callerName: 'Bob Agentcall', ticketId: firstTicket.id });
      return { relatedId: firstTicket.id, sourceKey: `inquiry_received:${id}` };
    },
    inApp: ['m1', 'm2', 'owner'],
    deliveries: [
      'm1:browser:sent', 'm1:email:sent', `m1:mobile_push:skipped:${NO_PUSH}`, `m1:sms:skipped:${NO_TWILIO}`,
      'm2:browser:sent', 'm2:email:sent', `m2:mobile_push:skipped:${NO_PUSH}`, `m2:sms:skipped:${NO_PHONE}`,
      'owner:browser:sent', 'owner:email:sent', `owner:mobile_push:skipped:${NO_PUSH}`,
    ],
    emailSubject: /^Inquiry received from Bob Agentcall$/,
    emailedTo: () => [emailOf(m1), emailOf(m2), emailOf(owner)],
  },
  {
    name: 'a call linked to an existing ticket notifies every user by their channels',
    eventType: 'assigned_existing_ticket',
    preferences: async () => {
      await prefer(owner, 'assigned_existing_ticket', { browser: false });
      await prefer(m1, 'assigned_existing_ticket', { email: false });
    },
    trigger: async () => {
      const id = await calls.linkedCall(org(), firstTicket.id, { callerName: 'Ana Ruiz' });
      return { relatedId: firstTicket.id, sourceKey: `assigned_existing_ticket:${id}:${firstTicket.id}` };
    },
    inApp: ['m1', 'm2', 'owner'],
    deliveries: [
      'm1:browser:sent', `m1:mobile_push:skipped:${NO_PUSH}`, `m1:sms:skipped:${NO_TWILIO}`,
      'm2:browser:sent', 'm2:email:sent', `m2:mobile_push:skipped:${NO_PUSH}`, `m2:sms:skipped:${NO_PHONE}`,
      'owner:email:sent', `owner:mobile_push:skipped:${NO_PUSH}`, `owner:sms:skipped:${NO_PHONE}`,
    ],
    emailSubject: /^New voicemail on ticket WC-\d+$/,
    emailedTo: () => [emailOf(m2), emailOf(owner)],
  },
];

describe('fan-out of source events by preference', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      await c.preferences();
      const { relatedId, sourceKey } = await c.trigger();
      await settled(sourceKey, c.deliveries.length);
      expect(await deliveries(sourceKey)).toEqual(c.deliveries);
      expect(await inAppRecipients(c.eventType, relatedId)).toEqual(c.inApp);
      const mails = smtp.messages.filter((m) => c.emailSubject.test(m.subject));
      expect(mails.flatMap((m) => m.to).sort()).toEqual(c.emailedTo().sort());
    });
  }

  it('writes the in-app notification with its metadata and a link into the app in the e-mail', async () => {
    const list = await m1.agent.get('/api/notifications').query({ is_read: 'false' }).expect(200);
    const ticket = list.body.find((n: { type: string }) => n.type === 'new_ticket');
    expect(ticket).toMatchObject({
      title: `New ticket ${firstTicket.ticketNumber}`,
      related_entity_type: 'ticket',
      related_entity_id: firstTicket.id,
      is_read: false,
      is_followup: false,
    });
    expect(ticket.metadata).toMatchObject({ ticket_number: firstTicket.ticketNumber, customer: 'Ana Ruiz' });
    const mail = smtp.to(emailOf(m1)).find((m) => m.subject === `New ticket ${firstTicket.ticketNumber}`);
    expect(mail?.text).toContain(`http://127.0.0.1:3999/tickets/${firstTicket.id}`);
    expect(mail?.html).toContain(`href="http://127.0.0.1:3999/tickets/${firstTicket.id}"`);
    expect(mail?.from).toBe('crm@example.com');
  });
});

describe('durable e-mail delivery', () => {
  it('delivers every e-mail exactly once after the SMTP server was down and came back', async () => {
    await smtp.stop();
    const numbers: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await owner.agent.post('/api/tickets').send(ticketPayload({ customerName: `Outage ${i}` })).expect(201);
      numbers.push(res.body.ticketNumber);
    }
    // Both members get each ticket by e-mail, except m2 who turned new_ticket e-mail off.
    await eventually('the e-mail jobs failed against the stopped server', async () => {
      const rows = await a.db.query(
        `select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
         where t.identifier = 'notifications.deliver-batch' and j.payload ->> 'channel' = 'email' and j.attempts >= 1 and j.last_error is not null`,
      );
      return rows.rows[0].n === 2;
    });
    await smtp.start();
    const subjects = numbers.map((n) => `New ticket ${n}`);
    const caught = () => smtp.messages.filter((m) => subjects.includes(m.subject));
    await eventually('the e-mails arrived after the server came back', () => caught().length >= 2, 30_000);
    await queueIdle(a.db);
    expect(caught().map((m) => `${m.to.join(',')} ${m.subject}`).sort()).toEqual(subjects.map((s) => `${emailOf(m1)} ${s}`).sort());
  });
});

describe('the live stream', () => {
  async function cookieOn(baseUrl: string, who: InvitedMember): Promise<string> {
    const res = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: who.user.username, password: who.password }),
    });
    expect(res.status).toBe(200);
    return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  }

  it('refuses a visitor without a session', async () => {
    const client = await SseClient.connect(`${bUrl}/api/events/stream`, '');
    expect(client.status).toBe(401);
    client.close();
  });

  it("pushes a new notification, the unread count and the browser alert to the user's tab on another instance, and nothing to other users", async () => {
    const tab = await SseClient.connect(`${bUrl}/api/events/stream`, await cookieOn(bUrl, m1));
    const otherTab = await SseClient.connect(`${bUrl}/api/events/stream`, await cookieOn(bUrl, m2));
    expect(tab.status).toBe(200);
    const before = (await m1.agent.get('/api/notifications/unread-count').expect(200)).body.count;
    // Instance A's worker handles the event; the tab is connected to instance B.
    const callId = await calls.voicemail(org(), { callerName: 'Live Caller', transcription: 'Please call me back.' });
    await tab.waitFor('the notification and the browser alert', (events) => events.some((e) => e.event === 'notification') && events.some((e) => e.event === 'browser'));
    const [pushed] = tab.of('notification') as Array<{ notification: Record<string, unknown>; unread_count: number }>;
    expect(pushed.notification).toMatchObject({ type: 'text_voicemail_missed', title: 'New voicemail from Live Caller', related_entity_id: callId });
    expect(pushed.unread_count).toBe(before + 1);
    expect(tab.of('browser')[0]).toMatchObject({ title: 'New voicemail from Live Caller', url: `http://127.0.0.1:3999/phone-system?call=${callId}` });
    // m2 turned in-app off for voicemails: the browser alert still comes, no notification.
    await otherTab.waitFor('the browser alert for m2', (events) => events.some((e) => e.event === 'browser'));
    expect(otherTab.of('notification')).toEqual([]);

    await m1.agent.patch(`/api/notifications/${pushed.notification.id}/read`).expect(200);
    await tab.waitFor('the unread count after reading', (events) => events.some((e) => e.event === 'unread_count'));
    expect(tab.of('unread_count')).toEqual([{ count: before }]);
    tab.close();
    otherTab.close();
  });
});

describe('web push', () => {
  const require = createRequire(import.meta.url);
  const ece = require('http_ece') as { decrypt(buffer: Buffer, params: Record<string, unknown>): Buffer };

  it('encrypts the notification to a subscribed device, which decrypts it to the payload', async () => {
    const received: Array<{ headers: IncomingHttpHeaders; body: Buffer; path: string }> = [];
    const pushService = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks), path: req.url ?? '' });
        res.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
    try {
      const device = createECDH('prime256v1');
      device.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}/push/device-1`;
      await m2.agent
        .post('/api/push/subscriptions')
        .send({ endpoint, keys: { p256dh: device.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } })
        .expect(200, { subscribed: true });
      expect((await m2.agent.get('/api/push/subscriptions').query({ endpoint }).expect(200)).body).toEqual({ subscribed: true });
      const vapid = (await m2.agent.get('/api/push/vapid-public-key').expect(200)).body.public_key as string;

      const res = await owner.agent.post('/api/tickets').send(ticketPayload({ customerName: 'Push Person' })).expect(201);
      await eventually('the push service received the message', () => received.length === 1);
      const [message] = received;
      expect(message.path).toBe('/push/device-1');
      expect(message.headers['content-encoding']).toBe('aes128gcm');
      expect(String(message.headers.authorization)).toContain(`k=${vapid}`);
      const plain = JSON.parse(ece.decrypt(message.body, { version: 'aes128gcm', privateKey: device, authSecret: auth.toString('base64url') }).toString('utf8'));
      expect(plain).toMatchObject({
        title: `New ticket ${res.body.ticketNumber}`,
        url: `http://127.0.0.1:3999/tickets/${res.body.id}`,
      });
      expect(plain.body).toContain('Push Person');
      await settled(`new_ticket:${res.body.id}`, 7);
      expect(await deliveries(`new_ticket:${res.body.id}`)).toContain('m2:mobile_push:sent');

      await m2.agent.delete('/api/push/subscriptions').send({ endpoint }).expect(200, { subscribed: false });
    } finally {
      await new Promise((resolve) => pushService.close(resolve));
    }
  });
});
