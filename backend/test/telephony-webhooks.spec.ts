import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FakeAccount } from '../src/dev/fake-twilio/fake-twilio.js';
import {
  type CallFacts,
  callSid,
  parseRecordVerb,
  recordedForm,
  recordingStatusForm,
  transcriptionForm,
  voiceForm,
} from '../src/dev/twilio-callbacks.js';
import { connectAccount, startTelephonyApp, type TelephonyApp, twilioPost, uploadGreeting } from './factories/telephony.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { eventually, queueIdle } from './support/job-probe.js';
import { VoicemailProbe, VoicemailProbeModule } from './support/voicemail-probe.js';

let t: TelephonyApp;
let owner: SignedIn;
let account: FakeAccount;
let number: { id: string; phone_number: string };
let probe: VoicemailProbe;

const DEFAULT_GREETING = "Thank you for calling. Please leave a message after the beep, and we'll get back to you as soon as possible.";

beforeAll(async () => {
  t = await startTelephonyApp({}, { imports: [VoicemailProbeModule] });
  probe = t.app.created.app.get(VoicemailProbe);
  owner = await registerOwner(t.app);
  account = await connectAccount(t.fake, owner.agent);
  number = await buy(owner, 'Acme');
});
afterAll(async () => t.close());

async function buy(who: SignedIn, brand: string | null): Promise<{ id: string; phone_number: string }> {
  const found = await who.agent.get('/api/phone-numbers/search').query({ areaCode: '415' }).expect(200);
  const res = await who.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: found.body[0].phoneNumber, brand: brand ?? 'X' }).expect(201);
  if (brand === null) await who.agent.patch(`/api/phone-numbers/${res.body.id}`).send({ brand: null }).expect(200);
  return res.body;
}

function call(overrides: Partial<CallFacts> = {}): CallFacts {
  return { accountSid: account.sid, callSid: callSid(), from: '+15125550142', to: number.phone_number, callerName: 'MARIA GONZALEZ', ...overrides };
}

function greet(facts: CallFacts, token: string | null = account.authToken) {
  return twilioPost(t.app, '/api/webhooks/twilio/voice', voiceForm(facts), token);
}

async function logsOf(sid: string) {
  return (await t.app.db.query('select * from call_logs where call_sid = $1', [sid])).rows;
}

describe('POST /api/webhooks/twilio/voice', () => {
  it('greets with the default text in the number’s voice, then records with transcription and callbacks', async () => {
    const res = await greet(call()).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(res.text).toContain(`<Say voice="alice">${DEFAULT_GREETING}</Say>`);
    const record = parseRecordVerb(res.text)!;
    expect(record.maxLength).toBe(120);
    expect(record.transcribe).toBe(true);
    expect(record.transcribeCallback).toMatch(/^http:\/\/127\.0\.0\.1:3999\/api\/webhooks\/twilio\/transcription\?/);
    expect(record.recordingStatusCallback).toMatch(/^http:\/\/127\.0\.0\.1:3999\/api\/webhooks\/twilio\/recording\?/);
    expect(record.action).toMatch(/^http:\/\/127\.0\.0\.1:3999\/api\/webhooks\/twilio\/voice\/recorded\?/);
    expect(res.text).toContain('<Hangup/>');
  });

  it('speaks a text-to-speech greeting in its voice and plays an audio greeting from a signed URL Twilio can fetch', async () => {
    await owner.agent.patch(`/api/phone-numbers/${number.id}/greeting`).send({ greeting_type: 'text_to_speech', greeting_text: 'Hi, Acme support. Leave a message!', tts_voice: 'Polly.Brian' }).expect(200);
    const tts = await greet(call()).expect(200);
    expect(tts.text).toContain('<Say voice="Polly.Brian">Hi, Acme support. Leave a message!</Say>');

    const file = await uploadGreeting(t.app, owner.agent);
    await owner.agent.patch(`/api/phone-numbers/${number.id}/greeting`).send({ greeting_type: 'audio_file', greeting_audio_url: file }).expect(200);
    const audio = await greet(call()).expect(200);
    const play = /<Play>([^<]+)<\/Play>/.exec(audio.text)![1].replace(/&amp;/g, '&');
    expect(play).toMatch(/^http:\/\/127\.0\.0\.1:3999\/api\/storage\/uploads\/.+\?expires=\d+&signature=/);
    expect(audio.text).not.toContain('Hi, Acme support');
    // Twilio fetches it without a session.
    const fetched = await t.app.request().get(play.slice('http://127.0.0.1:3999'.length)).expect(200);
    expect(Buffer.from(fetched.body).subarray(0, 4).toString('ascii')).toBe('RIFF');

    await owner.agent.patch(`/api/phone-numbers/${number.id}/greeting`).send({ greeting_type: 'default', tts_voice: 'alice' }).expect(200);
  });

  it('records longer than 120 s without asking Twilio to transcribe, and with transcription off', async () => {
    await owner.agent.patch(`/api/phone-numbers/${number.id}/greeting`).send({ voicemail_max_length: 240 }).expect(200);
    const long = parseRecordVerb((await greet(call()).expect(200)).text)!;
    expect(long).toMatchObject({ maxLength: 240, transcribe: false, transcribeCallback: undefined });
    expect(new URL(long.recordingStatusCallback!).searchParams.get('transcription')).toBe('unavailable');

    await owner.agent.patch(`/api/phone-numbers/${number.id}/greeting`).send({ voicemail_max_length: 60, enable_transcription: false }).expect(200);
    const off = parseRecordVerb((await greet(call()).expect(200)).text)!;
    expect(off).toMatchObject({ maxLength: 60, transcribe: false });
    await owner.agent.patch(`/api/phone-numbers/${number.id}/greeting`).send({ voicemail_max_length: 120, enable_transcription: true }).expect(200);
  });

  it('answers a signed call to a number the account does not have here with polite TwiML, not an error', async () => {
    const res = await greet(call({ to: '+19995550000' })).expect(200);
    expect(res.text).toContain('not in service');
    expect(res.text).not.toContain('<Record');
  });

  it('answers an unsigned or forged call the same 403 whether the number is ours or not (no probing for our numbers)', async () => {
    const stranger = await registerOwner(t.app);
    const strangerAccount = await connectAccount(t.fake, stranger.agent);
    const answers = new Set<string>();
    for (const to of [number.phone_number, '+19995550000']) {
      for (const [accountSid, token] of [[account.sid, null], [account.sid, 'forged-token'], [account.sid, strangerAccount.authToken], ['AC' + '0'.repeat(32), 'forged-token'], ['', null]] as const) {
        const res = await greet(call({ to, accountSid }), token);
        answers.add(JSON.stringify({ status: res.status, type: res.headers['content-type'], body: res.body }));
      }
    }
    expect([...answers]).toEqual([JSON.stringify({ status: 403, type: 'application/json; charset=utf-8', body: { statusCode: 403, error: 'Invalid Twilio signature', message: 'Invalid Twilio signature', code: 'phone_numbers.invalid_signature' } })]);
  });

  it("does not greet a number of another organization even when signed by this account", async () => {
    const other = await registerOwner(t.app);
    await connectAccount(t.fake, other.agent);
    const theirs = await buy(other, 'Theirs');
    const res = await greet(call({ to: theirs.phone_number })).expect(200);
    expect(res.text).toContain('not in service');
  });
});

describe('signature checks', () => {
  it('refuses unsigned, forged and other-account requests on every Twilio route with 403 and writes nothing', async () => {
    const stranger = await registerOwner(t.app);
    const strangerAccount = await connectAccount(t.fake, stranger.agent);
    const facts = call();
    const recording = { recordingSid: `RE${'1'.repeat(32)}`, duration: 5 };
    const attempts: [string, Record<string, string>][] = [
      ['/api/webhooks/twilio/voice', voiceForm(facts)],
      ['/api/webhooks/twilio/voice/recorded', recordedForm(facts, recording)],
      ['/api/webhooks/twilio/recording', recordingStatusForm(facts, recording)],
      ['/api/webhooks/twilio/transcription', transcriptionForm(facts, recording, 'text')],
      ['/api/webhooks/twilio/outbound', { AccountSid: account.sid, CallSid: facts.callSid, To: '+15125550142', CallerId: number.phone_number }],
    ];
    for (const [path, form] of attempts) {
      for (const token of [null, 'forged-token', strangerAccount.authToken]) {
        const res = await twilioPost(t.app, path, form, token);
        expect({ path, token, status: res.status }).toEqual({ path, token, status: 403 });
        expect(res.body.error).toBe('Invalid Twilio signature');
      }
      // Signed correctly, but tampered with after signing.
      const tampered = twilioPost(t.app, path, form, account.authToken);
      const res = await tampered.send({ From: '+10000000000' });
      expect(res.status).toBe(403);
    }
    expect(await logsOf(facts.callSid)).toHaveLength(0);
  });
});

describe('voicemail callbacks', () => {
  async function callbacksFor(facts: CallFacts) {
    const twiml = (await greet(facts).expect(200)).text;
    return parseRecordVerb(twiml)!;
  }

  it('makes one call log of the same recording callback delivered three times, and one voicemail.received', async () => {
    const facts = call();
    const verb = await callbacksFor(facts);
    const recording = t.fake.addRecording(account.sid, facts.callSid, 15);
    const form = recordingStatusForm(facts, { recordingSid: recording.sid, duration: 14 });
    const results = await Promise.all([1, 2, 3].map(() => twilioPost(t.app, verb.recordingStatusCallback!, form, account.authToken)));
    expect(results.map((r) => r.status)).toEqual([204, 204, 204]);
    const rows = await logsOf(facts.callSid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      organization_id: owner.user.organization_id, call_type: 'voicemail', from_phone: '+15125550142', caller_name: 'MARIA GONZALEZ',
      to_phone: number.phone_number, brand: 'Acme', brand_phone_id: number.id, recording_sid: recording.sid,
      transcription_status: 'pending', is_read: false,
    });
    await eventually('voicemail.received is handled', () => probe.seen.some((s) => s.event.callLogId === rows[0].id));
    // The metadata job reads the final duration from Twilio (15 s there, 14 s in the callback).
    await eventually('the recording job has run', async () => (await logsOf(facts.callSid))[0].recording_duration === 15);
    await queueIdle(t.app.db);
    expect(probe.seen.filter((s) => s.event.callLogId === rows[0].id)).toEqual([
      { scopedTo: owner.user.organization_id, event: { organizationId: owner.user.organization_id, callLogId: rows[0].id, brand: 'Acme' } },
    ]);
  });

  it('completes the same call log when the transcription arrives before the recording and the action last', async () => {
    const facts = call({ callerName: undefined });
    const verb = await callbacksFor(facts);
    const recording = { recordingSid: t.fake.addRecording(account.sid, facts.callSid, 9).sid, duration: 9 };
    await twilioPost(t.app, verb.transcribeCallback!, transcriptionForm(facts, recording, 'My floor jack leaks oil.'), account.authToken).expect(204);
    let [row] = await logsOf(facts.callSid);
    expect(row).toMatchObject({ transcription: 'My floor jack leaks oil.', transcription_status: 'completed', from_phone: '+15125550142', brand: 'Acme' });
    await twilioPost(t.app, verb.recordingStatusCallback!, recordingStatusForm(facts, recording), account.authToken).expect(204);
    const action = await twilioPost(t.app, verb.action!, recordedForm(facts, recording), account.authToken).expect(200);
    expect(action.text).toContain('Thank you for your message. Goodbye.');
    const rows = await logsOf(facts.callSid);
    expect(rows).toHaveLength(1);
    row = rows[0];
    expect(row).toMatchObject({ transcription: 'My floor jack leaks oil.', transcription_status: 'completed', recording_sid: recording.recordingSid, recording_duration: 9 });
    expect(row.recording_url).toBe(`https://api.twilio.com/2010-04-01/Accounts/${account.sid}/Recordings/${recording.recordingSid}`);
  });

  it('marks the transcription unavailable when the limit passes 120 s, and failed when Twilio says so', async () => {
    await owner.agent.patch(`/api/phone-numbers/${number.id}/greeting`).send({ voicemail_max_length: 180 }).expect(200);
    const long = call();
    const longVerb = await callbacksFor(long);
    await owner.agent.patch(`/api/phone-numbers/${number.id}/greeting`).send({ voicemail_max_length: 120 }).expect(200);
    const recording = { recordingSid: t.fake.addRecording(account.sid, long.callSid, 150).sid, duration: 150 };
    await twilioPost(t.app, longVerb.recordingStatusCallback!, recordingStatusForm(long, recording), account.authToken).expect(204);
    expect((await logsOf(long.callSid))[0]).toMatchObject({ transcription_status: 'unavailable', transcription: null });

    const failed = call();
    const verb = await callbacksFor(failed);
    const rec = { recordingSid: t.fake.addRecording(account.sid, failed.callSid, 20).sid, duration: 20 };
    await twilioPost(t.app, verb.recordingStatusCallback!, recordingStatusForm(failed, rec), account.authToken).expect(204);
    await twilioPost(t.app, verb.transcribeCallback!, transcriptionForm(failed, rec, null), account.authToken).expect(204);
    expect((await logsOf(failed.callSid))[0]).toMatchObject({ transcription_status: 'failed', transcription: null });
  });

  it('keeps the brand of a No Brand number empty', async () => {
    const plain = await buy(owner, null);
    const facts = call({ to: plain.phone_number });
    const verb = await callbacksFor(facts);
    const rec = { recordingSid: t.fake.addRecording(account.sid, facts.callSid, 3).sid, duration: 3 };
    await twilioPost(t.app, verb.recordingStatusCallback!, recordingStatusForm(facts, rec), account.authToken).expect(204);
    expect((await logsOf(facts.callSid))[0]).toMatchObject({ brand: null, brand_phone_id: plain.id });
  });
});

describe('GET /api/webhooks/twilio/health', () => {
  it('answers 200 with a small status and no session', async () => {
    const res = await t.app.request().get('/api/webhooks/twilio/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', voice_webhook_url: 'http://127.0.0.1:3999/api/webhooks/twilio/voice' });
  });
});

describe('OpenAPI', () => {
  it('documents every telephony route', async () => {
    const doc = (await t.app.request().get('/api/docs-json').expect(200)).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/api/organizations/twilio-credentials', '/api/phone-numbers', '/api/phone-numbers/search', '/api/phone-numbers/purchase',
      '/api/phone-numbers/import', '/api/phone-numbers/{id}', '/api/phone-numbers/{id}/reconfigure-webhook', '/api/phone-numbers/{id}/greeting',
      '/api/phone-numbers/make-call', '/api/phone-numbers/voice-token', '/api/call-logs', '/api/call-logs/stats', '/api/call-logs/{id}',
      '/api/call-logs/{id}/recording', '/api/webhooks/twilio/voice', '/api/webhooks/twilio/recording', '/api/webhooks/twilio/transcription',
      '/api/webhooks/twilio/health',
    ]));
    expect(JSON.stringify(doc.components.schemas.TwilioCredentialsDto)).toContain('writeOnly');
  });
});
