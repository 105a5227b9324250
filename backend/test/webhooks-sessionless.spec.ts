import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FakeAccount } from '../src/dev/fake-twilio/fake-twilio.js';
import { callSid, type CallFacts, type Form, parseRecordVerb, recordingStatusForm, sign, voiceForm } from '../src/dev/twilio-callbacks.js';
import { connectAccount, startTelephonyApp, type TelephonyApp, twilioPost } from './factories/telephony.js';
import { registerOwner, type SignedIn } from './factories/users.js';

/**
 * Issue 32: the providers' callbacks (cookieless and signed) never touch the session store: no session
 * row, no cookie, and no read of the store even when a request carries a session cookie.
 */
let t: TelephonyApp;
let owner: SignedIn;
let account: FakeAccount;
let number: { id: string; phone_number: string };

beforeAll(async () => {
  t = await startTelephonyApp();
  owner = await registerOwner(t.app);
  account = await connectAccount(t.fake, owner.agent);
  const found = await owner.agent.get('/api/phone-numbers/search').query({ areaCode: '415' }).expect(200);
  number = (await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: found.body[0].phoneNumber, brand: 'Acme' }).expect(201)).body;
});
afterAll(async () => t.close());

function call(): CallFacts {
  return { accountSid: account.sid, callSid: callSid(), from: '+15125550142', to: number.phone_number, callerName: 'MARIA GONZALEZ' };
}

async function sessionRows(): Promise<number> {
  return Number((await t.app.db.query('select count(*)::int as n from "session"')).rows[0].n);
}

/** A signed Twilio callback sent by the signed-in owner's agent, i.e. with its session cookie. */
function withCookie(path: string, form: Form) {
  return owner.agent.post(path).type('form').send(form).set('X-Twilio-Signature', sign(account.authToken, `${t.app.config.publicBaseUrl}${path}`, form));
}

describe('provider webhooks without sessions', () => {
  it('a signed voice webhook writes no session row and sets no cookie', async () => {
    const before = await sessionRows();
    for (let i = 0; i < 3; i++) {
      const res = await twilioPost(t.app, '/api/webhooks/twilio/voice', voiceForm(call()), account.authToken).expect(200);
      expect(parseRecordVerb(res.text)).not.toBeNull();
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await sessionRows()).toBe(before);
  });

  it('answers the voice and recording callbacks while the session store is unreachable; signed-in routes still use it', async () => {
    // A session the app has not read yet (a read one may be served from its session cache, issue 32).
    const other = await registerOwner(t.app);
    await t.app.db.query('alter table "session" rename to session_away');
    try {
      // the store is really gone for the API: a signed-in request fails
      const signedIn = await other.agent.get('/api/user');
      expect(signedIn.status).toBeGreaterThanOrEqual(500);

      const facts = call();
      const voice = await withCookie('/api/webhooks/twilio/voice', voiceForm(facts)).expect(200);
      expect(parseRecordVerb(voice.text)).not.toBeNull();
      expect(voice.headers['set-cookie']).toBeUndefined();
      const recording = t.fake.addRecording(account.sid, facts.callSid, 12);
      const form = recordingStatusForm(facts, { recordingSid: recording.sid, duration: 12 });
      await withCookie('/api/webhooks/twilio/recording', form).expect((res) => {
        if (res.status >= 500) throw new Error(`recording callback failed: ${res.status} ${res.text}`);
      });
    } finally {
      await t.app.db.query('alter table session_away rename to "session"');
    }
    // the webhook settings at /api/webhooks are signed-in routes: they keep the session
    await owner.agent.get('/api/webhooks').expect(200);
    await t.app.request().get('/api/webhooks').expect(401);
  });
});
