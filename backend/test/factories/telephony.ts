import type TestAgent from 'supertest/lib/agent.js';
import { type FakeAccount, FakeTwilio } from '../../src/dev/fake-twilio/fake-twilio.js';
import {
  callSid,
  type Form,
  parseRecordVerb,
  recordedForm,
  recordingStatusForm,
  sign,
  transcriptionForm,
  voiceForm,
} from '../../src/dev/twilio-callbacks.js';
import { startTestApp, type TestApp, type TestAppOptions } from '../support/test-app.js';
import { requestUpload, wavBytes } from './uploads.js';

export interface TelephonyApp {
  app: TestApp;
  fake: FakeTwilio;
  /** The platform account of TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN. */
  platform: FakeAccount;
  close(): Promise<void>;
}

/** The real app with the real Twilio SDK pointed at a fake Twilio on 127.0.0.1. */
export async function startTelephonyApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TelephonyApp> {
  const fake = await FakeTwilio.start();
  const platform = fake.addAccount({ friendlyName: 'Platform' });
  const app = await startTestApp({
    TWILIO_API_BASE_URL: fake.url,
    TWILIO_ACCOUNT_SID: platform.sid,
    TWILIO_AUTH_TOKEN: platform.authToken,
    ...env,
  }, options);
  return {
    app,
    fake,
    platform,
    close: async () => {
      await app.close();
      await fake.stop();
    },
  };
}

/** Connects a new account of the fake to the agent's organization through the API. */
export async function connectAccount(fake: FakeTwilio, agent: TestAgent): Promise<FakeAccount> {
  const account = fake.addAccount({ friendlyName: 'Customer account' });
  const res = await agent.patch('/api/organizations/twilio-credentials').send({ twilio_account_sid: account.sid, twilio_auth_token: account.authToken });
  if (res.status !== 200) throw new Error(`connect failed: ${res.status} ${JSON.stringify(res.body)}`);
  return account;
}

/**
 * Posts a form to one of our Twilio webhooks as Twilio would: `url` is the absolute URL from TwiML
 * (or a path), signed with `authToken` over PUBLIC_BASE_URL + path and the form. `authToken: null`
 * sends no signature.
 */
export function twilioPost(app: TestApp, url: string, form: Form, authToken: string | null) {
  const absolute = url.startsWith('http') ? url : `${app.config.publicBaseUrl}${url}`;
  const path = absolute.slice(app.config.publicBaseUrl.length);
  const req = app.request().post(path).type('form').send(form);
  return authToken === null ? req : req.set('X-Twilio-Signature', sign(authToken, absolute, form));
}

export interface Voicemail {
  callSid: string;
  recordingSid: string;
}

/**
 * A caller leaves a voicemail on `to`, as Twilio would deliver it: the voice webhook, then the
 * Record action, the recording status and (when requested) the transcription callbacks, all signed.
 */
export async function leaveVoicemail(
  t: TelephonyApp,
  account: FakeAccount,
  call: { from: string; to: string; callerName?: string; seconds?: number; transcript?: string },
): Promise<Voicemail> {
  const facts = { accountSid: account.sid, callSid: callSid(), from: call.from, to: call.to, callerName: call.callerName };
  const twiml = await twilioPost(t.app, '/api/webhooks/twilio/voice', voiceForm(facts), account.authToken);
  const verb = parseRecordVerb(twiml.text);
  if (twiml.status !== 200 || !verb) throw new Error(`voice webhook failed: ${twiml.status} ${twiml.text}`);
  const duration = call.seconds ?? 12;
  const recording = { recordingSid: t.fake.addRecording(account.sid, facts.callSid, duration).sid, duration };
  for (const [url, form] of [
    [verb.action!, recordedForm(facts, recording)],
    [verb.recordingStatusCallback!, recordingStatusForm(facts, recording)],
    ...(verb.transcribeCallback && call.transcript ? [[verb.transcribeCallback, transcriptionForm(facts, recording, call.transcript)]] : []),
  ] as [string, Form][]) {
    const res = await twilioPost(t.app, url, form, account.authToken);
    if (res.status >= 300) throw new Error(`callback ${url} failed: ${res.status}`);
  }
  return { callSid: facts.callSid, recordingSid: recording.recordingSid };
}

/** A greeting audio file uploaded the way the admin does (signed PUT); its objectPath. */
export async function uploadGreeting(app: TestApp, agent: TestAgent, filename = 'greeting.wav'): Promise<string> {
  const bytes = wavBytes(400);
  const upload = await requestUpload(agent, bytes, filename);
  await app.request().put(upload.uploadURL).set(upload.headers).send(bytes).expect(200);
  return upload.objectPath;
}
