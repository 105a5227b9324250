import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FakeAccount } from '../src/dev/fake-twilio/fake-twilio.js';
import { connectAccount, startTelephonyApp, type TelephonyApp } from './factories/telephony.js';
import { inviteMember } from './factories/members.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { eventually } from './support/job-probe.js';
import { SseClient } from './support/sse-client.js';
import { startTestApp } from './support/test-app.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

/**
 * The built-in phone simulation (issue 34): a simulated Twilio inside the app, switched on and off
 * over the API, that sells numbers and leaves voicemails through the app's real, signed webhooks.
 * The test app's own TWILIO_API_BASE_URL fake stands for the real Twilio.
 */

const UNAVAILABLE = 'The phone simulation is only available in development or with the demo data';

describe('in production without the demo data', () => {
  it('answers available: false and refuses the switch and the calls with 404 and a clear message', async () => {
    const app = await startTestApp({ NODE_ENV: 'production', SEED_DEMO: '0', SESSION_SECURE: 'false' });
    try {
      const owner = await registerOwner(app);
      expect((await owner.agent.get('/api/phone-system/simulation').expect(200)).body).toEqual({ available: false, enabled: false, account_sid: null });
      const refused = await owner.agent.post('/api/phone-system/simulation').send({ enabled: true }).expect(404);
      expect(refused.body).toMatchObject({ statusCode: 404, message: UNAVAILABLE, code: 'phone_simulation.unavailable' });
      const call = await owner.agent.post('/api/phone-system/simulation/calls').send({ number_id: '00000000-0000-4000-8000-000000000000', from: '+15125550123' }).expect(404);
      expect(call.body.message).toBe(UNAVAILABLE);
      expect(existsSync(join(app.config.dataDir, 'simulated-twilio.json'))).toBe(false);
    } finally {
      await app.close();
    }
  });
});

describe('in development', () => {
  let t: TelephonyApp;
  let owner: SignedIn;
  let real: FakeAccount;
  let base: string;

  beforeAll(async () => {
    t = await startTelephonyApp();
    // The simulated call posts the webhooks to the app itself over HTTP.
    const server = await t.app.created.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    owner = await registerOwner(t.app);
    real = await connectAccount(t.fake, owner.agent);
  });
  afterAll(async () => t.close());

  it('runs the simulated Twilio in the app: numbers are bought from it, a simulated call leaves a voicemail with recording and transcription, and off brings the real account back', async () => {
    expect((await owner.agent.get('/api/phone-system/simulation').expect(200)).body).toEqual({ available: true, enabled: false, account_sid: null });

    const on = await owner.agent.post('/api/phone-system/simulation').send({ enabled: true }).expect(200);
    expect(on.body).toMatchObject({ available: true, enabled: true });
    expect(on.body.account_sid).toMatch(/^AC[0-9a-f]{32}$/);
    expect(on.body.account_sid).not.toBe(real.sid);
    expect((await owner.agent.get('/api/phone-system/simulation').expect(200)).body).toEqual(on.body);

    // Search, purchase: the app's own Twilio code, answered by the simulation; the real Twilio hears nothing.
    t.fake.clearRequests();
    const found = await owner.agent.get('/api/phone-numbers/search').query({ areaCode: '512', country: 'US' }).expect(200);
    expect(found.body.length).toBeGreaterThan(0);
    const number = (await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: found.body[0].phoneNumber, brand: 'Acme' }).expect(201)).body;
    await owner.agent.post(`/api/phone-numbers/${number.id}/reconfigure-webhook`).send({}).expect(200);
    expect(t.fake.received()).toEqual([]);
    const saved = JSON.parse(readFileSync(join(t.app.config.dataDir, 'simulated-twilio.json'), 'utf8'));
    expect(saved.numbers.map((n: { phoneNumber: string; accountSid: string; voiceUrl: string }) => [n.phoneNumber, n.accountSid, n.voiceUrl]))
      .toEqual([[number.phone_number, on.body.account_sid, `${t.app.config.publicBaseUrl}/api/webhooks/twilio/voice`]]);

    const placed = await owner.agent.post('/api/phone-system/simulation/calls')
      .send({ number_id: number.id, from: '+15125550177', transcript: 'My floor jack leaks oil.', seconds: 6 }).expect(201);
    expect(placed.body.call_sid).toMatch(/^CA[0-9a-f]{32}$/);
    expect(placed.body.recording_sid).toMatch(/^RE[0-9a-f]{32}$/);

    let log: Record<string, unknown> | undefined;
    await eventually('the voicemail with its recording and transcription', async () => {
      const list = await owner.agent.get('/api/call-logs').expect(200);
      log = list.body.find((c: { call_sid: string }) => c.call_sid === placed.body.call_sid);
      return log?.transcription_status === 'completed' && log?.recording_duration === 6;
    });
    expect(log).toMatchObject({ from_phone: '+15125550177', brand: 'Acme', call_type: 'voicemail', transcription: 'My floor jack leaks oil.', is_read: false });
    // The recording streams from the simulated Twilio, through the app.
    const audio = await owner.agent.get(String(log!.recording_url)).set('Range', 'bytes=0-3').expect(206);
    expect(audio.headers['content-range']).toBe(`bytes 0-3/${44 + 6 * 8000 * 2}`);
    expect(t.fake.received()).toEqual([]);

    // Off: the real account is the organization's again and the real Twilio answers.
    const off = await owner.agent.post('/api/phone-system/simulation').send({ enabled: false }).expect(200);
    expect(off.body).toEqual({ available: true, enabled: false, account_sid: null });
    const org = await t.app.db.query('select twilio_subaccount_sid, subaccount_origin, twilio_link_before_simulation from organizations where id = $1', [owner.user.organization_id]);
    expect(org.rows[0]).toEqual({ twilio_subaccount_sid: real.sid, subaccount_origin: 'imported', twilio_link_before_simulation: null });
    await owner.agent.get('/api/phone-numbers/search').query({ areaCode: '512', country: 'US' }).expect(200);
    const searches = t.fake.received('GET', /AvailablePhoneNumbers\/US\/Local\.json$/);
    expect(searches.map((r) => r.username)).toEqual([real.sid]);

    const refused = await owner.agent.post('/api/phone-system/simulation/calls').send({ number_id: number.id, from: '+15125550177' }).expect(409);
    expect(refused.body).toMatchObject({ message: 'Turn the phone simulation on first', code: 'phone_simulation.off' });

    // On again: the same simulated account, with the number bought before.
    const again = await owner.agent.post('/api/phone-system/simulation').send({ enabled: true }).expect(200);
    expect(again.body.account_sid).toBe(on.body.account_sid);
    await owner.agent.post('/api/phone-system/simulation').send({ enabled: false }).expect(200);
  });

  it('ticks the onboarding checklist’s Twilio step while the simulation is on, for an organization without Twilio', async () => {
    const fresh = await registerOwner(t.app);
    const twilioStep = async () =>
      ((await fresh.agent.get('/api/onboarding').expect(200)).body.steps as { key: string; done: boolean }[]).find((s) => s.key === 'twilio')!.done;
    expect(await twilioStep()).toBe(false);
    await fresh.agent.post('/api/phone-system/simulation').send({ enabled: true }).expect(200);
    expect(await twilioStep()).toBe(true);
    await fresh.agent.post('/api/phone-system/simulation').send({ enabled: false }).expect(200);
    expect(await twilioStep()).toBe(false);
    const org = await t.app.db.query('select twilio_subaccount_sid, subaccount_origin from organizations where id = $1', [fresh.user.organization_id]);
    expect(org.rows[0]).toEqual({ twilio_subaccount_sid: null, subaccount_origin: null });
  });

  it('refuses a number not bought in the simulation, and lets only admins switch it or place calls', async () => {
    const other = await registerOwner(t.app);
    const account = await connectAccount(t.fake, other.agent);
    const found = await other.agent.get('/api/phone-numbers/search').query({ areaCode: '415', country: 'US' }).expect(200);
    const realNumber = (await other.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: found.body[0].phoneNumber, brand: 'Acme' }).expect(201)).body;
    expect(t.fake.numberByPhone(realNumber.phone_number)?.accountSid).toBe(account.sid);
    await other.agent.post('/api/phone-system/simulation').send({ enabled: true }).expect(200);
    const refused = await other.agent.post('/api/phone-system/simulation/calls').send({ number_id: realNumber.id, from: '+15125550177' }).expect(409);
    expect(refused.body.code).toBe('phone_simulation.number_not_simulated');
    await other.agent.post('/api/phone-system/simulation/calls').send({ number_id: '00000000-0000-4000-8000-000000000000', from: '+15125550177' }).expect(404);
    const bad = await other.agent.post('/api/phone-system/simulation/calls').send({ number_id: realNumber.id, from: '12' }).expect(400);
    expect(bad.body.message).toBe('Please use E.164 format (e.g., +15551234567)');

    const member = await inviteMember(t.app, other);
    expect((await member.agent.get('/api/phone-system/simulation').expect(200)).body.enabled).toBe(true);
    await member.agent.post('/api/phone-system/simulation').send({ enabled: false }).expect(403);
    await member.agent.post('/api/phone-system/simulation/calls').send({ number_id: realNumber.id, from: '+15125550177' }).expect(403);
  });

  it("tells the organization's open tabs live when the simulated voicemail arrives, and no other organization's", async () => {
    const cookieOf = async (who: SignedIn) => {
      const res = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: who.user.username, password: who.password }) });
      expect(res.status).toBe(200);
      return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    };
    const mine = await registerOwner(t.app);
    const stranger = await registerOwner(t.app);
    await mine.agent.post('/api/phone-system/simulation').send({ enabled: true }).expect(200);
    const found = await mine.agent.get('/api/phone-numbers/search').query({ country: 'GB' }).expect(200);
    const number = (await mine.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: found.body[0].phoneNumber, brand: 'Acme' }).expect(201)).body;
    const tab = await SseClient.connect(`${base}/api/events/stream`, await cookieOf(mine));
    const strangerTab = await SseClient.connect(`${base}/api/events/stream`, await cookieOf(stranger));
    try {
      expect(tab.status).toBe(200);
      const placed = await mine.agent.post('/api/phone-system/simulation/calls').send({ number_id: number.id, from: '+447700900123' }).expect(201);
      const log = await t.app.db.query('select id from call_logs where call_sid = $1', [placed.body.call_sid]);
      await tab.waitFor('the voicemail is announced', () => tab.of('call_log').some((d) => (d as { call_log_id: string }).call_log_id === log.rows[0].id));
      expect([...new Set(tab.of('call_log').map((d) => (d as { call_log_id: string }).call_log_id))]).toEqual([log.rows[0].id]);
      expect(strangerTab.of('call_log')).toEqual([]);
    } finally {
      tab.close();
      strangerTab.close();
    }
  });
});

describe('after a restart', () => {
  it('keeps the simulation: the next process starts the simulated Twilio again with the numbers bought, and a call goes through', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wcrm-sim-'));
    const first = await startTestApp({ DATA_DIR: dataDir });
    let databaseUrl: string;
    let owner: SignedIn;
    let numberId: string;
    try {
      databaseUrl = first.databaseUrl;
      owner = await registerOwner(first);
      await owner.agent.post('/api/phone-system/simulation').send({ enabled: true }).expect(200);
      const found = await owner.agent.get('/api/phone-numbers/search').query({ country: 'CA' }).expect(200);
      numberId = (await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: found.body[0].phoneNumber, brand: 'Acme' }).expect(201)).body.id;
    } finally {
      await first.close();
    }
    const second = await startTestApp({ DATA_DIR: dataDir }, { databaseUrl });
    try {
      await second.created.app.listen(0, '127.0.0.1');
      const agent = second.agent();
      await agent.post('/api/login').send({ username: owner.user.username, password: owner.password }).expect(200);
      // Before anything asks the simulation: the app's own Twilio calls reach it (there is no other Twilio here).
      const found = await agent.get('/api/phone-numbers/search').query({ country: 'GB' }).expect(200);
      expect(found.body.length).toBeGreaterThan(0);
      expect((await agent.get('/api/phone-system/simulation').expect(200)).body.enabled).toBe(true);
      const placed = await agent.post('/api/phone-system/simulation/calls').send({ number_id: numberId, from: '+14165550100', transcript: 'Still here after a restart' }).expect(201);
      await eventually('the voicemail after the restart', async () => {
        const list = await agent.get('/api/call-logs').expect(200);
        return list.body.some((c: { call_sid: string; transcription: string | null }) => c.call_sid === placed.body.call_sid && c.transcription === 'Still here after a restart');
      });
    } finally {
      await second.close();
    }
  });
});
