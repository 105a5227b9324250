import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type TestAgent from 'supertest/lib/agent.js';
import type { FakeAccount } from '../src/dev/fake-twilio/fake-twilio.js';
import { connectAccount, startTelephonyApp, type TelephonyApp, uploadGreeting } from './factories/telephony.js';
import { registerOwner, type SignedIn } from './factories/users.js';

let t: TelephonyApp;
let owner: SignedIn;
let account: FakeAccount;
const VOICE_URL = 'http://127.0.0.1:3999/api/webhooks/twilio/voice';

beforeAll(async () => {
  // No platform account here: organizations connect their own.
  t = await startTelephonyApp({ TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '' });
  owner = await registerOwner(t.app);
  account = await connectAccount(t.fake, owner.agent);
});
afterAll(async () => t.close());

let nextNumber = 0;
/** A catalogue number of the fake not bought yet (Austin, 512). */
async function availableNumber(agent: TestAgent = owner.agent): Promise<string> {
  const res = await agent.get('/api/phone-numbers/search').query({ areaCode: '512' }).expect(200);
  const phone = res.body[nextNumber % res.body.length].phoneNumber as string;
  nextNumber += 1;
  return phone;
}

async function purchase(agent: TestAgent = owner.agent, brand = 'Acme'): Promise<{ id: string; phone_number: string; twilio_phone_sid: string }> {
  const res = await agent.post('/api/phone-numbers/purchase').send({ phoneNumber: await availableNumber(agent), brand }).expect(201);
  return res.body;
}

describe('GET /api/phone-numbers/search', () => {
  it('asks Twilio for voice and SMS numbers by default and returns number, locality and region', async () => {
    t.fake.clearRequests();
    const res = await owner.agent.get('/api/phone-numbers/search').query({ areaCode: '512' }).expect(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body[0]).toMatchObject({ phoneNumber: expect.stringMatching(/^\+1512\d{7}$/), locality: 'Austin', region: 'TX', isoCountry: 'US' });
    const [request] = t.fake.received('GET', /AvailablePhoneNumbers\/US\/Local\.json$/);
    expect(request.username).toBe(account.sid);
    expect(request.query).toMatchObject({ AreaCode: '512', VoiceEnabled: 'true', SmsEnabled: 'true' });
    expect(request.query).not.toHaveProperty('MmsEnabled');
    expect(request.query).not.toHaveProperty('FaxEnabled');
  });

  it("leaves out a number another organization of the app already holds (the built-in simulation offers every organization the same ones)", async () => {
    const offered = (await owner.agent.get('/api/phone-numbers/search').query({ areaCode: '512' }).expect(200)).body.map((n: { phoneNumber: string }) => n.phoneNumber);
    const stranger = await registerOwner(t.app);
    await t.app.db.query('insert into brand_phone_numbers (organization_id, phone_number) values ($1, $2)', [stranger.user.organization_id, offered[0]]);
    try {
      const now = (await owner.agent.get('/api/phone-numbers/search').query({ areaCode: '512' }).expect(200)).body.map((n: { phoneNumber: string }) => n.phoneNumber);
      expect(now).toEqual(offered.slice(1));
    } finally {
      await t.app.db.query('delete from brand_phone_numbers where organization_id = $1', [stranger.user.organization_id]);
    }
  });

  it('asks Twilio for more when the numbers held elsewhere would empty the page, so a search still shows a full page', async () => {
    const offered: string[] = (await owner.agent.get('/api/phone-numbers/search').expect(200)).body.map((n: { phoneNumber: string }) => n.phoneNumber);
    expect(offered).toHaveLength(30);
    const stranger = await registerOwner(t.app);
    await t.app.db.query('insert into brand_phone_numbers (organization_id, phone_number) select $1, unnest($2::text[])', [stranger.user.organization_id, offered]);
    try {
      const now: string[] = (await owner.agent.get('/api/phone-numbers/search').expect(200)).body.map((n: { phoneNumber: string }) => n.phoneNumber);
      expect(now).toHaveLength(30);
      expect(now.filter((n) => offered.includes(n))).toEqual([]);
    } finally {
      await t.app.db.query('delete from brand_phone_numbers where organization_id = $1', [stranger.user.organization_id]);
    }
  });

  it('anchors contains to the end of the number for match=last and passes capability flags', async () => {
    t.fake.clearRequests();
    const res = await owner.agent.get('/api/phone-numbers/search').query({ contains: '0', match: 'last', fax: 'true', sms: 'false' }).expect(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const n of res.body) {
      expect(n.phoneNumber.endsWith('0')).toBe(true);
      expect(n.capabilities.fax).toBe(true);
    }
    const [request] = t.fake.received('GET', /AvailablePhoneNumbers/);
    expect(request.query).toMatchObject({ Contains: '*********0', FaxEnabled: 'true', VoiceEnabled: 'true' });
    expect(request.query).not.toHaveProperty('SmsEnabled');
  });

  it('searches Canada and Great Britain and refuses other countries', async () => {
    const ca = await owner.agent.get('/api/phone-numbers/search').query({ country: 'CA' }).expect(200);
    expect(ca.body.map((n: { region: string }) => n.region)).toEqual(expect.arrayContaining(['ON']));
    const gb = await owner.agent.get('/api/phone-numbers/search').query({ country: 'gb' }).expect(200);
    expect(gb.body[0].phoneNumber).toMatch(/^\+44/);
    const fr = await owner.agent.get('/api/phone-numbers/search').query({ country: 'FR' }).expect(400);
    expect(fr.body.error).toBe('Country must be one of: US, CA, GB');
  });

  it("answers 502 with Twilio's message on a Twilio error, and the spec's fallback when it is down", async () => {
    const refused = await owner.agent.get('/api/phone-numbers/search').query({ country: 'GB', areaCode: '20' }).expect(502);
    expect(refused.body.error).toBe('AreaCode is only supported for US and CA numbers');
    t.fake.failNext(1, 'unreachable');
    const down = await owner.agent.get('/api/phone-numbers/search').expect(502);
    expect(down.body.error).toBe('Failed to search numbers');
  });

  it('asks to connect a Twilio account first', async () => {
    const other = await registerOwner(t.app);
    const res = await other.agent.get('/api/phone-numbers/search').expect(400);
    expect(res.body.error).toBe('Connect a Twilio account in Settings → Phone Setup first');
  });
});

describe('POST /api/phone-numbers/purchase', () => {
  it('checks the brand first, then the E.164 format', async () => {
    const noBrand = await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: 'abc' }).expect(400);
    expect(noBrand.body.error).toBe('Please select a brand before purchasing');
    const badFormat = await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: '5125550100', brand: 'Acme' }).expect(400);
    expect(badFormat.body.error).toBe('Please use E.164 format (e.g., +15551234567)');
  });

  it('buys the number with its voice URL already on our webhook and lists it with its friendly name', async () => {
    const phoneNumber = await availableNumber();
    const res = await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber, brand: 'Acme' }).expect(201);
    expect(res.body).toMatchObject({
      phone_number: phoneNumber, brand: 'Acme', origin: 'purchased', is_active: true, greeting_type: 'default',
      tts_voice: 'alice', voicemail_max_length: 120, enable_transcription: true, friendly_name: expect.stringMatching(/^\(512\) /),
    });
    const atTwilio = t.fake.numberByPhone(phoneNumber)!;
    expect(atTwilio.accountSid).toBe(account.sid);
    expect(atTwilio.voiceUrl).toBe(VOICE_URL);
    expect(res.body.twilio_phone_sid).toBe(atTwilio.sid);

    const list = await owner.agent.get('/api/phone-numbers').expect(200);
    expect(list.headers['content-range']).toMatch(/^phone-numbers 0-\d+\/\d+$/);
    expect(list.body.find((n: { id: string }) => n.id === res.body.id)).toMatchObject({ friendly_name: atTwilio.friendlyName, phone_number: phoneNumber });
  });

  it('answers 502 "Could not purchase phone number" when Twilio fails, and records nothing', async () => {
    const phoneNumber = await availableNumber();
    t.fake.failNext(1, 'error');
    const res = await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber, brand: 'Acme' }).expect(502);
    expect(res.body.error).toBe('Could not purchase phone number');
    expect((await t.app.db.query('select 1 from brand_phone_numbers where phone_number = $1', [phoneNumber])).rowCount).toBe(0);
    expect(t.fake.numberByPhone(phoneNumber)).toBeUndefined();
  });

  it("answers 409 before Twilio is called for a number another organization's row holds inactive: nothing bought, nothing re-pointed", async () => {
    const held = await purchase();
    // Released from the first account at Twilio; that organization still lists it, inactive (as the sync marks it).
    t.fake.removeNumber(held.phone_number);
    await t.app.db.query('update brand_phone_numbers set is_active = false where id = $1', [held.id]);
    const other = await registerOwner(t.app);
    const otherAccount = await connectAccount(t.fake, other.agent);

    t.fake.clearRequests();
    const bought = await other.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: held.phone_number, brand: 'Acme' }).expect(409);
    expect(bought.body.error).toBe('This phone number is already in use');
    expect(t.fake.received('POST', /IncomingPhoneNumbers\.json$/)).toHaveLength(0); // no money spent for the 409
    expect(t.fake.numberByPhone(held.phone_number)).toBeUndefined();

    // Import: the same check, before the voice URL of the other account's number is changed.
    const owned = t.fake.addNumber(otherAccount.sid, held.phone_number, { voiceUrl: 'https://old.example/voice' });
    t.fake.clearRequests();
    const imported = await other.agent.post('/api/phone-numbers/import').send({ phoneNumber: held.phone_number, brand: 'Acme' }).expect(409);
    expect(imported.body.error).toBe('This phone number is already in use');
    expect(t.fake.received('POST')).toHaveLength(0);
    expect(owned.voiceUrl).toBe('https://old.example/voice');
    const rows = await t.app.db.query('select organization_id, is_active from brand_phone_numbers where phone_number = $1', [held.phone_number]);
    expect(rows.rows).toEqual([{ organization_id: owner.user.organization_id, is_active: false }]);
  });
});

describe('POST /api/phone-numbers/import', () => {
  it('needs both fields and E.164', async () => {
    const missing = await owner.agent.post('/api/phone-numbers/import').send({ phoneNumber: '+15125559999' }).expect(400);
    expect(missing.body.error).toBe('Please provide both phone number and brand');
    const none = await owner.agent.post('/api/phone-numbers/import').send({ brand: 'Acme' }).expect(400);
    expect(none.body.error).toBe('Please provide both phone number and brand');
    const format = await owner.agent.post('/api/phone-numbers/import').send({ phoneNumber: '+0123', brand: 'Acme' }).expect(400);
    expect(format.body.error).toBe('Please use E.164 format (e.g., +15551234567)');
  });

  it('links a number of the Twilio account and points its voice URL at us', async () => {
    const owned = t.fake.addNumber(account.sid, '+14155550999', { voiceUrl: 'https://old.example/voice' });
    const res = await owner.agent.post('/api/phone-numbers/import').send({ phoneNumber: '+14155550999', brand: 'Beta' }).expect(201);
    expect(res.body).toMatchObject({ phone_number: '+14155550999', brand: 'Beta', origin: 'imported', twilio_phone_sid: owned.sid });
    expect(owned.voiceUrl).toBe(VOICE_URL);
    const again = await owner.agent.post('/api/phone-numbers/import').send({ phoneNumber: '+14155550999', brand: 'Beta' }).expect(409);
    expect(again.body.error).toBe('This phone number is already in use');
  });

  it('refuses a number the Twilio account does not own', async () => {
    const res = await owner.agent.post('/api/phone-numbers/import').send({ phoneNumber: '+14155550000', brand: 'Beta' }).expect(400);
    expect(res.body.error).toBe('This phone number was not found in your Twilio account');
  });
});

describe('PATCH and DELETE /api/phone-numbers/{id}', () => {
  it('reassigns the brand, and null means No Brand', async () => {
    const number = await purchase();
    const other = await owner.agent.patch(`/api/phone-numbers/${number.id}`).send({ brand: 'Beta' }).expect(200);
    expect(other.body.brand).toBe('Beta');
    const none = await owner.agent.patch(`/api/phone-numbers/${number.id}`).send({ brand: null }).expect(200);
    expect(none.body.brand).toBeNull();
    expect((await t.app.db.query('select brand from brand_phone_numbers where id = $1', [number.id])).rows[0].brand).toBeNull();
  });

  it('releases a purchased number at Twilio and says so, deleting its greeting audio', async () => {
    const number = await purchase();
    const file = await uploadGreeting(t.app, owner.agent);
    await owner.agent.patch(`/api/phone-numbers/${number.id}/greeting`).send({ greeting_type: 'audio_file', greeting_audio_url: file }).expect(200);
    const res = await owner.agent.delete(`/api/phone-numbers/${number.id}`).expect(200);
    expect(res.body).toEqual({ success: true, action: 'released', message: 'Phone number released' });
    expect(t.fake.numberByPhone(number.phone_number)).toBeUndefined();
    expect((await t.app.db.query('select 1 from brand_phone_numbers where id = $1', [number.id])).rowCount).toBe(0);
    expect((await t.app.db.query('select 1 from uploads where object_path = $1', [file])).rowCount).toBe(0);
  });

  it('detaches an imported number and leaves it in the Twilio account', async () => {
    const owned = t.fake.addNumber(account.sid, '+14155550777');
    const imported = await owner.agent.post('/api/phone-numbers/import').send({ phoneNumber: '+14155550777', brand: 'Beta' }).expect(201);
    const res = await owner.agent.delete(`/api/phone-numbers/${imported.body.id}`).expect(200);
    expect(res.body).toMatchObject({ success: true, action: 'detached' });
    expect(t.fake.numberByPhone('+14155550777')).toBe(owned);
    expect(owned.voiceUrl).toBe('');
  });

  it('keeps the number when Twilio is down (502)', async () => {
    const number = await purchase();
    t.fake.failNext(1, 'unreachable');
    const res = await owner.agent.delete(`/api/phone-numbers/${number.id}`).expect(502);
    expect(res.body.error).toBe('Failed to delete phone number');
    expect((await t.app.db.query('select 1 from brand_phone_numbers where id = $1', [number.id])).rowCount).toBe(1);
    expect(t.fake.numberByPhone(number.phone_number)).toBeDefined();
  });
});

describe('POST /api/phone-numbers/{id}/reconfigure-webhook', () => {
  it('points the voice URL back at our webhook', async () => {
    const number = await purchase();
    const atTwilio = t.fake.numberByPhone(number.phone_number)!;
    atTwilio.voiceUrl = 'https://somewhere.else/voice';
    const res = await owner.agent.post(`/api/phone-numbers/${number.id}/reconfigure-webhook`).expect(200);
    expect(res.body).toEqual({ success: true, phone_number: number.phone_number, voice_url: VOICE_URL });
    expect(atTwilio.voiceUrl).toBe(VOICE_URL);
  });

  it('answers 502 "Failed to reconfigure webhooks" when Twilio fails', async () => {
    const number = await purchase();
    t.fake.failNext(1, 'error');
    const res = await owner.agent.post(`/api/phone-numbers/${number.id}/reconfigure-webhook`).expect(502);
    expect(res.body.error).toBe('Failed to reconfigure webhooks');
  });
});

describe('GET/PATCH /api/phone-numbers/{id}/greeting', () => {
  let id: string;
  beforeAll(async () => {
    id = (await purchase()).id;
  });
  const patch = (body: Record<string, unknown>) => owner.agent.patch(`/api/phone-numbers/${id}/greeting`).send(body);

  it('starts with the defaults', async () => {
    const res = await owner.agent.get(`/api/phone-numbers/${id}/greeting`).expect(200);
    expect(res.body).toEqual({
      greeting_type: 'default', greeting_text: null, greeting_audio_url: null, greeting_audio_filename: null,
      tts_voice: 'alice', voicemail_max_length: 120, enable_transcription: true, transcription_available: true,
    });
  });

  it('takes 500 characters of greeting text and refuses 501', async () => {
    const long = await patch({ greeting_type: 'text_to_speech', greeting_text: 'a'.repeat(501) }).expect(400);
    expect(long.body.error).toBe('Greeting text must be at most 500 characters');
    const ok = await patch({ greeting_type: 'text_to_speech', greeting_text: 'a'.repeat(500) }).expect(200);
    expect(ok.body.greeting_text).toHaveLength(500);
  });

  it('keeps the maximum length within 30 to 300 s; blank or not a number falls back to 120', async () => {
    for (const value of [29, 301]) {
      const res = await patch({ voicemail_max_length: value }).expect(400);
      expect(res.body.error).toBe('Maximum recording length must be between 30 and 300 seconds');
    }
    expect((await patch({ voicemail_max_length: 30 }).expect(200)).body.voicemail_max_length).toBe(30);
    expect((await patch({ voicemail_max_length: 300 }).expect(200)).body).toMatchObject({ voicemail_max_length: 300, transcription_available: false });
    expect((await patch({ voicemail_max_length: '' }).expect(200)).body.voicemail_max_length).toBe(120);
    await patch({ voicemail_max_length: 45 }).expect(200);
    expect((await patch({ voicemail_max_length: 'abc' }).expect(200)).body.voicemail_max_length).toBe(120);
    await patch({ voicemail_max_length: 45 }).expect(200);
    expect((await patch({ voicemail_max_length: null }).expect(200)).body.voicemail_max_length).toBe(120);
  });

  it('accepts the five voices and nothing else', async () => {
    for (const voice of ['alice', 'Polly.Joanna', 'Polly.Matthew', 'Polly.Amy', 'Polly.Brian']) {
      expect((await patch({ tts_voice: voice }).expect(200)).body.tts_voice).toBe(voice);
    }
    const bad = await patch({ tts_voice: 'Polly.Hal' }).expect(400);
    expect(bad.body.error).toBe('Voice must be one of: alice, Polly.Joanna, Polly.Matthew, Polly.Amy, Polly.Brian');
    expect((await patch({ tts_voice: null }).expect(400)).body.error).toMatch(/^Voice must be one of/);
  });

  it('keeps text only for text_to_speech and the audio only for audio_file', async () => {
    const file = await uploadGreeting(t.app, owner.agent, 'hi.wav');
    const audio = await patch({ greeting_type: 'audio_file', greeting_text: 'ignored', greeting_audio_url: file, greeting_audio_filename: 'hi.wav' }).expect(200);
    expect(audio.body).toMatchObject({ greeting_type: 'audio_file', greeting_text: null, greeting_audio_url: file, greeting_audio_filename: 'hi.wav' });
    const tts = await patch({ greeting_type: 'text_to_speech', greeting_text: 'Hello there', greeting_audio_url: file }).expect(200);
    expect(tts.body).toMatchObject({ greeting_type: 'text_to_speech', greeting_text: 'Hello there', greeting_audio_url: null, greeting_audio_filename: null });
    const def = await patch({ greeting_type: 'default' }).expect(200);
    expect(def.body).toMatchObject({ greeting_type: 'default', greeting_text: null, greeting_audio_url: null });
  });

  it('claims the uploaded audio on save and deletes the file it replaces', async () => {
    const first = await uploadGreeting(t.app, owner.agent, 'first.wav');
    const second = await uploadGreeting(t.app, owner.agent, 'second.wav');
    const uploads = async () => (await t.app.db.query('select object_path, claimed_at from uploads where object_path = any($1)', [[first, second]])).rows;
    await patch({ greeting_type: 'audio_file', greeting_audio_url: first }).expect(200);
    expect((await uploads()).find((u: { object_path: string }) => u.object_path === first).claimed_at).not.toBeNull();
    await patch({ greeting_audio_url: second }).expect(200);
    const rows = await uploads();
    expect(rows.map((u: { object_path: string }) => u.object_path)).toEqual([second]);
    expect(rows[0].claimed_at).not.toBeNull();
    await owner.agent.get(first).expect(404);
    await patch({ greeting_type: 'default' }).expect(200);
    expect(await uploads()).toEqual([]);
  });

  it('refuses audio that was never uploaded or belongs to another organization', async () => {
    const stranger = await registerOwner(t.app);
    const theirs = await uploadGreeting(t.app, stranger.agent);
    for (const path of [theirs, `/objects/uploads/${owner.user.organization_id}/00000000-0000-0000-0000-000000000000-x.wav`]) {
      const res = await patch({ greeting_type: 'audio_file', greeting_audio_url: path }).expect(400);
      expect(res.body.error).toBe('The uploaded file was not found: upload it again');
    }
    expect((await owner.agent.get(`/api/phone-numbers/${id}/greeting`).expect(200)).body.greeting_audio_url).toBeNull();
  });

  it('needs text for text_to_speech and an audio file for audio_file', async () => {
    expect((await patch({ greeting_type: 'text_to_speech', greeting_text: '  ' }).expect(400)).body.error)
      .toBe('Please enter the greeting text for a text-to-speech greeting');
    expect((await patch({ greeting_type: 'audio_file' }).expect(400)).body.error).toBe('Please upload an audio file for the greeting');
    for (const url of ['javascript:alert(1)', 'https://cdn.example/greeting.mp3']) {
      expect((await patch({ greeting_type: 'audio_file', greeting_audio_url: url }).expect(400)).body.error)
        .toBe('Greeting audio must be a file uploaded with POST /api/objects/upload (/objects/uploads/...)');
    }
    expect((await patch({ greeting_type: 'voicemail' }).expect(400)).body.error).toBe('Greeting type must be one of: default, text_to_speech, audio_file');
    expect((await patch({ enable_transcription: 'yes' }).expect(400)).body.error).toBe('enable_transcription must be true or false');
  });
});

describe('tenancy', () => {
  it("answers 404 for another organization's number on every route and lists only its own", async () => {
    const mine = await purchase();
    const stranger = await registerOwner(t.app);
    await connectAccount(t.fake, stranger.agent);
    const routes = [
      stranger.agent.patch(`/api/phone-numbers/${mine.id}`).send({ brand: 'X' }),
      stranger.agent.delete(`/api/phone-numbers/${mine.id}`),
      stranger.agent.post(`/api/phone-numbers/${mine.id}/reconfigure-webhook`),
      stranger.agent.get(`/api/phone-numbers/${mine.id}/greeting`),
      stranger.agent.patch(`/api/phone-numbers/${mine.id}/greeting`).send({ tts_voice: 'Polly.Amy' }),
    ];
    for (const res of await Promise.all(routes)) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Phone number not found');
    }
    expect((await stranger.agent.get('/api/phone-numbers').expect(200)).body).toEqual([]);
    const row = (await t.app.db.query('select brand, tts_voice from brand_phone_numbers where id = $1', [mine.id])).rows[0];
    expect(row).toEqual({ brand: 'Acme', tts_voice: 'alice' });
    expect(t.fake.numberByPhone(mine.phone_number)).toBeDefined();
    await stranger.agent.patch('/api/phone-numbers/not-a-uuid').send({ brand: 'X' }).expect(404);
  });
});

describe('A2P without a platform account', () => {
  it('saves the registration and creates no subaccount', async () => {
    const other = await registerOwner(t.app);
    t.fake.clearRequests();
    const res = await other.agent.patch(`/api/organizations/${other.user.organization_id}/a2p`).send({
      business_legal_name: 'Acme', business_type: 'llc', ein_tax_id: '1', business_street: '1 Main', business_city: 'X',
      business_state: 'IL', business_zip: '1', business_industry: 'Retail', business_description: 'Jacks',
      contact_first_name: 'J', contact_last_name: 'D', contact_email: 'j@d.example', contact_phone: '+15551234567',
    }).expect(200);
    expect(res.body).toMatchObject({ a2p_status: 'pending_registration', twilio_subaccount_sid: null });
    expect(t.fake.received()).toHaveLength(0);
  });
});
