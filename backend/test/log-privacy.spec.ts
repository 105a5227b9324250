import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { sign as retellSign } from 'retell-sdk';
import { SMTPServer } from 'smtp-server';
import supertest from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { type FakeAccount, FakeTwilio } from '../src/dev/fake-twilio/fake-twilio.js';
import { callSid, parseRecordVerb, recordedForm, recordingStatusForm, sign, transcriptionForm, voiceForm, type Form } from '../src/dev/twilio-callbacks.js';
import { ticketPayload } from './factories/tickets.js';
import { freePort, MAIN, requireBuild, stopProcess } from './support/app-process.js';
import { eventually } from './support/job-probe.js';
import { createTestDatabase } from './support/test-app.js';

/**
 * Issue 35: no request log, error log or job log carries a customer's e-mail, phone number or name,
 * or a secret. The built app runs as its own process (as in production), its stdout and stderr
 * captured, once at the production level and once with every debug log on (ours, MikroORM's SQL,
 * the Twilio and Retell SDKs'); the flows that handle personal data run with marker values, and the
 * captured lines are searched for each marker, plain and URL-encoded.
 */

const NAME = 'Zyxmarker Qwvperson';
const PHONE = '+15550009876';
const STREET = '742 Zyxmarkerlane Road';
const ADDRESS = `${STREET}, Springfield`;
const email = (tag: string) => `zyx.marker+${tag}@example.test`;
const PASSWORD = 'Pw-zyxmarker-pass-9';
const SMTP_PASSWORD = 'smtp-zyxmarker-secret';
const TWILIO_TOKEN = 'twzyxmarkertoken0123456789abcdef';
const RETELL_KEY = 'key_zyxmarker_retell_0123456789';

/** What no line may contain (case-insensitive); the session cookie and the inbound signing key are added per run. */
const MARKERS = [
  'Zyxmarker',
  'Qwvperson',
  'zyx.marker',
  encodeURIComponent(email('x')).split('%2B')[0], // zyx.marker, as a form or query encodes it
  '555000987', // +15550009876, %2B15550009876, +15550009875
  '555-000-987',
  '(555) 000',
  'Zyxmarkerlane',
  PASSWORD,
  SMTP_PASSWORD,
  TWILIO_TOKEN,
  RETELL_KEY,
];

/** The built app as a child process whose every output line is kept. */
class LoggedApp {
  readonly lines: string[] = [];
  child?: ChildProcess;
  base = '';

  /**
   * Starts the app on a free port. A port that was free when picked may be taken by another test's
   * process before the app binds it (the app then exits): it starts again on another.
   */
  async start(databaseUrl: string, env: Record<string, string>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      if (await this.startOn(await freePort(), databaseUrl, env)) return;
      if (attempt === 3) throw new Error(`the app exited at start:\n${this.lines.slice(-30).join('\n')}`);
    }
  }

  /** Whether the app answers on `port` (false: it exited first). */
  private async startOn(port: number, databaseUrl: string, env: Record<string, string>): Promise<boolean> {
    this.base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_BASE_URL: this.base,
        APP_SECRET: 'test-secret-that-is-long-enough-0123456789',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'wcrm-logs-')),
        SEED_DEMO: '0',
        SESSION_SECURE: 'false',
        JOBS_POLL_INTERVAL_MS: '200',
        JOBS_MAX_ATTEMPTS: '3',
        INBOUND_SMTP_PORT: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let partial = { stdout: '', stderr: '' };
    for (const stream of ['stdout', 'stderr'] as const) {
      child[stream]!.setEncoding('utf8');
      child[stream]!.on('data', (chunk: string) => {
        const text = partial[stream] + chunk;
        const parts = text.split('\n');
        partial = { ...partial, [stream]: parts.pop() ?? '' };
        this.lines.push(...parts.map((line) => `${stream}: ${line}`));
        if (process.env.LOG_PRIVACY_OUT) appendFileSync(process.env.LOG_PRIVACY_OUT, parts.map((line) => `${stream}: ${line}\n`).join(''));
      });
      child[stream]!.on('end', () => {
        if (partial[stream]) this.lines.push(`${stream}: ${partial[stream]}`);
      });
    }
    // Its own line after it bound the port ("Sign in at <its base URL>"), so that another process
    // answering on the port is never taken for it.
    const listening = () => this.lines.some((line) => line.includes(`Sign in at ${this.base}`));
    await eventually('the app listens or exits', () => child.exitCode !== null || child.signalCode !== null || listening(), 60_000);
    if (!listening()) return false;
    await eventually('the app answers', async () => (await fetch(`${this.base}/api/health`).catch(() => undefined))?.status === 200, 30_000);
    return true;
  }

  async stop(): Promise<void> {
    if (this.child) await stopProcess(this.child, 'SIGTERM');
  }

  agent(): TestAgent {
    return supertest.agent(this.base) as unknown as TestAgent;
  }

  request() {
    return supertest(this.base);
  }

  /** The lines (numbered) that contain one of the values, case-insensitively. */
  linesWith(values: string[]): string[] {
    const wanted = values.map((v) => v.toLowerCase());
    return this.lines
      .map((line, i) => ({ line, i }))
      .filter(({ line }) => wanted.some((v) => line.toLowerCase().includes(v)))
      .map(({ line, i }) => `line ${i + 1}: ${line}`);
  }
}

/**
 * A mail server that accepts the organization's login (the SMTP password marker), delivers to every
 * address but the "bounce" ones, and refuses those quoting the address, as real servers do
 * ("550 5.1.1 <address>: Recipient address rejected"): the failed job's error then carries it.
 */
async function startMailServer(): Promise<{ server: SMTPServer; port: number; received: string[] }> {
  const received: string[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 500,
    onAuth: (auth, _session, callback) => (auth.password === SMTP_PASSWORD ? callback(null, { user: auth.username }) : callback(new Error('Invalid login'))),
    onRcptTo: (address, _session, callback) => {
      if (address.address.includes('bounce')) {
        return callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
      }
      callback();
    },
    onData: (stream, session, callback) => {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port)));
  return { server, port, received };
}

/** A progress line in LOG_PRIVACY_OUT (when set), for finding where a slow run spends its time. */
function step(name: string): void {
  if (process.env.LOG_PRIVACY_OUT) appendFileSync(process.env.LOG_PRIVACY_OUT, `--- ${new Date().toISOString()} ${name}\n`);
}

let fake: FakeTwilio;
let platform: FakeAccount;
let mail: Awaited<ReturnType<typeof startMailServer>>;

beforeAll(async () => {
  requireBuild();
  fake = await FakeTwilio.start();
  platform = fake.addAccount({ friendlyName: 'Platform' });
  mail = await startMailServer();
});

afterAll(async () => {
  await new Promise<void>((resolve) => mail?.server.close(() => resolve()));
  await fake?.stop();
});

const LEVELS: Array<[string, Record<string, string>]> = [
  ['at the production log level', { NODE_ENV: 'production' }],
  ['with every debug log on (ours, the SQL, the Twilio and Retell SDKs)', { NODE_ENV: 'development', LOG_LEVEL: 'debug', TWILIO_LOG_LEVEL: 'debug', RETELL_LOG: 'debug' }],
];

describe.each(LEVELS)('the logs %s', (_level, env) => {
  const app = new LoggedApp();
  const secrets: string[] = [];
  let db: pg.Client;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await app.start(databaseUrl, { TWILIO_API_BASE_URL: fake.url, TWILIO_ACCOUNT_SID: platform.sid, TWILIO_AUTH_TOKEN: platform.authToken, ...env });
  }, 90_000);
  afterAll(async () => {
    await app.stop();
    await db?.end();
  }, 90_000);

  it("carry no customer's name, e-mail, phone or address and no secret after the flows that handle them", async () => {
    try {
      await flows();
    } catch (error) {
      // What the app printed last, to tell a failed flow from an app that went away.
      throw Object.assign(error as Error, { message: `${(error as Error).message}\nthe app's last lines (exit ${app.child?.exitCode ?? 'none'}):\n${app.lines.slice(-30).join('\n')}` });
    }
  }, 400_000);

  async function flows(): Promise<void> {
    // Register and sign in (the password marker); the session cookie is a secret too.
    const owner = app.agent();
    const username = `logs${Date.now().toString(36)}`;
    const registered = await owner.post('/api/register').send({ username, password: PASSWORD }).expect(201);
    const cookie = String(registered.headers['set-cookie']?.[0] ?? '').split(';')[0];
    expect(cookie).toMatch(/=/);
    secrets.push(cookie.split('=')[1], decodeURIComponent(cookie.split('=')[1]));
    await app.agent().post('/api/login').send({ username, password: `${PASSWORD}-wrong` }).expect(401);
    await app.agent().post('/api/login').send({ username, password: PASSWORD }).expect(200);

    step('settings');
    // Settings with secrets: SMTP (login and password), Retell's key, the Twilio account's token.
    await owner.put('/api/settings').send({
      brands: ['Acme'],
      smtp_host: '127.0.0.1',
      smtp_port: mail.port,
      smtp_username: 'mailer',
      smtp_password: SMTP_PASSWORD,
      smtp_from_email: 'support@acme-logs.test',
      retell_api_key: RETELL_KEY,
    }).expect(200);
    const account = fake.addAccount({ friendlyName: 'Customer account', authToken: TWILIO_TOKEN });
    await owner.patch('/api/organizations/twilio-credentials').send({ twilio_account_sid: account.sid, twilio_auth_token: TWILIO_TOKEN }).expect(200);
    const found = await owner.get('/api/phone-numbers/search').query({ areaCode: '415' }).expect(200);
    const number = (await owner.post('/api/phone-numbers/purchase').send({ phoneNumber: found.body[0].phoneNumber, brand: 'Acme' }).expect(201)).body as { phone_number: string };

    step('tickets');
    // Tickets through the API: one whose confirmation is delivered, one whose address the server refuses.
    const delivered = await owner.post('/api/tickets').send(ticketPayload({ customerName: NAME, customerEmail: email('api'), customerPhone: PHONE })).expect(201);
    await owner.put(`/api/customers/${delivered.body.customer.id}`).send({ name: NAME, email: email('api'), phone: PHONE, street: STREET, city: 'Springfield', state: 'IL', zip_code: '62704' }).expect(200);
    await owner.post('/api/tickets').send(ticketPayload({ customerName: `${NAME} Junior`, customerEmail: email('bounce'), customerPhone: '(555) 000-9875' })).expect(201);
    // A failing request with the markers in its body and in its query.
    const bad = await owner.post('/api/tickets').send(ticketPayload({ customerName: NAME, customerEmail: email('bad'), customerPhone: PHONE, purchaseDate: '2999-01-01' }));
    expect(bad.status).toBe(400);
    await owner.get('/api/tickets').query({ search: email('query'), filter: JSON.stringify({ q: NAME }) }).expect(200);
    await owner.get('/api/search').query({ q: PHONE });

    step('twilio');
    // Twilio: a voicemail (voice, Record action, recording status, transcription) and a text, signed.
    const at = (path: string, form: Form) => {
      const url = path.startsWith('http') ? path : `${app.base}${path}`;
      return app.request().post(url.slice(app.base.length)).type('form').send(form).set('X-Twilio-Signature', sign(TWILIO_TOKEN, url, form));
    };
    const facts = { accountSid: account.sid, callSid: callSid(), from: PHONE, to: number.phone_number, callerName: NAME };
    const twiml = await at('/api/webhooks/twilio/voice', voiceForm(facts)).expect(200);
    const verb = parseRecordVerb(twiml.text)!;
    expect(verb).toBeTruthy();
    const recording = { recordingSid: fake.addRecording(account.sid, facts.callSid, 12).sid, duration: 12 };
    await at(verb.action!, recordedForm(facts, recording)).expect((res) => expect(res.status).toBeLessThan(300));
    await at(verb.recordingStatusCallback!, recordingStatusForm(facts, recording)).expect((res) => expect(res.status).toBeLessThan(300));
    if (verb.transcribeCallback) {
      await at(verb.transcribeCallback, transcriptionForm(facts, recording, `Hi this is ${NAME}, call me at ${PHONE} or ${email('voice')}`)).expect((res) => expect(res.status).toBeLessThan(300));
    }
    // A call to a number this account does not have (the warning names no number).
    await at('/api/webhooks/twilio/voice', voiceForm({ ...facts, callSid: callSid(), to: '+14155550000' })).expect(200);
    const sms = (from: string, body: string) => {
      const sid = `SM${randomUUID().replace(/-/g, '')}`;
      return at('/api/webhooks/twilio/sms', { AccountSid: account.sid, MessageSid: sid, SmsSid: sid, From: from, To: number.phone_number, Body: body, NumMedia: '0' }).expect(200);
    };
    await sms('+15550009877', `New here: ${NAME}, ${email('sms')}`); // opens an inquiry ticket
    await sms(PHONE, 'STOP');
    // A forged callback carrying the numbers.
    await app.request().post('/api/webhooks/twilio/sms').type('form').send({ AccountSid: account.sid, From: PHONE, To: number.phone_number, Body: NAME }).expect(403);

    step('retell');
    // Retell: a signed call event with the caller's number and a transcript naming them.
    const webhookId = (await owner.post('/api/webhooks').send({ name: 'Acme line', brand: 'Acme' }).expect(201)).body.id;
    const raw = JSON.stringify({
      event: 'call_ended',
      call: { call_id: `call_${Date.now().toString(36)}`, agent_id: 'agent_x', call_type: 'phone_call', from_number: PHONE, to_number: number.phone_number, direction: 'inbound', start_timestamp: Date.now() - 60_000, duration_ms: 40_000, transcript: `User: I am ${NAME}, ${email('retell')}, ${ADDRESS}` },
    });
    await app.request().post(`/api/webhooks/retell/${webhookId}`).set('Content-Type', 'application/json').set('x-retell-signature', await retellSign(raw, RETELL_KEY)).send(raw).expect((res) => expect(res.status).toBeLessThan(300));
    await app.request().post(`/api/webhooks/retell/${webhookId}`).set('Content-Type', 'application/json').set('x-retell-signature', 'v=1,d=forged').send(raw).expect(401);

    step('inbound e-mail');
    // Inbound e-mail: through the Mailgun-style webhook (signed) and through the SMTP receiver.
    const inbox = (await owner.put('/api/settings/inbound-email').send({ address: 'help@acme-logs.test' }).expect(200)).body as { smtp_receiver: { port: number } };
    const signingKey = (await owner.post('/api/settings/inbound-email/signing-key').expect(200)).body.signing_key as string;
    secrets.push(signingKey);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const token = randomUUID().replace(/-/g, '');
    const fields: Record<string, string> = {
      recipient: 'help@acme-logs.test',
      from: `${NAME} <${email('mail')}>`,
      subject: `Broken jack of ${NAME}`,
      'body-plain': `Please call ${PHONE}. ${ADDRESS}`,
      'Message-Id': `<${randomUUID()}@x.test>`,
      timestamp,
      token,
      signature: createHmac('sha256', signingKey).update(timestamp + token).digest('hex'),
    };
    let form = app.request().post('/api/webhooks/inbound-email');
    for (const [name, value] of Object.entries(fields)) form = form.field(name, value);
    await form.expect(200);
    await app.request().post('/api/webhooks/inbound-email').type('form').send({ ...fields, recipient: email('nobody'), signature: 'forged' }).expect(403);
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: inbox.smtp_receiver.port, secure: false, ignoreTLS: true });
    await transport.sendMail({ from: `${NAME} <${email('smtp')}>`, to: 'help@acme-logs.test', subject: `Hello from ${NAME}`, text: `My number is ${PHONE}` }).finally(() => transport.close());

    step('jobs');
    // The jobs ran: the confirmation was delivered, the refused one failed (and is retried).
    await eventually('the confirmation reached the mail server', () => mail.received.includes(email('api')), 60_000);
    await eventually('the refused confirmation failed in a job', async () => {
      const { rows } = await db.query('select count(*)::int as n from graphile_worker._private_jobs where last_error is not null');
      return rows[0].n > 0;
    }, 60_000);
    const ticket = await owner.get(`/api/tickets/${delivered.body.id}`).expect(200);
    expect(ticket.body.customer.name).toBe(NAME);

    step('stopped');
    await app.stop();
    const leaks = app.linesWith([...MARKERS, ...secrets.filter((s) => s.length >= 8)]);
    expect(leaks).toEqual([]);
    // The logs were written at all: the run is not silent (the failed job, and at debug the requests and SQL).
    expect(app.lines.length).toBeGreaterThan(5);
    if (env.LOG_LEVEL === 'debug') {
      expect(app.lines.some((line) => /DEBUG.*POST \/api\/tickets 201/.test(line))).toBe(true);
      // the create's statement, which carries the customer's contact as a parameter, never in its text
      expect(app.lines.some((line) => /DEBUG.*customer_for_ticket\(/.test(line))).toBe(true);
    }
  }
});
