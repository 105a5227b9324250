import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FakeAccount } from '../src/dev/fake-twilio/fake-twilio.js';
import { callSid, type CallFacts, greetingOf, parseRecordVerb, recordedForm, recordingStatusForm, transcriptionForm, voiceForm } from '../src/dev/twilio-callbacks.js';
import { InboundRouteCache } from '../src/modules/phone-numbers/inbound-route-cache.js';
import { connectAccount, startTelephonyApp, type TelephonyApp, twilioPost } from './factories/telephony.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { statementsOf } from './support/statement-counter.js';

/**
 * Issue 32: what the provider webhooks cost the database, counted statement by statement. The voice
 * webhook answers from one read (no EntityManager fork, no transaction); none touches the session store.
 */
let t: TelephonyApp;
let owner: SignedIn;
let account: FakeAccount;
let number: { id: string; phone_number: string };

beforeAll(async () => {
  // No job worker: the handlers of what a callback queues would run their statements in the same window.
  t = await startTelephonyApp({ JOBS_WORKER: 'false' });
  owner = await registerOwner(t.app);
  account = await connectAccount(t.fake, owner.agent);
  const found = await owner.agent.get('/api/phone-numbers/search').query({ areaCode: '415' }).expect(200);
  number = (await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: found.body[0].phoneNumber, brand: 'Acme' }).expect(201)).body;
  await owner.agent.patch(`/api/phone-numbers/${number.id}/greeting`).send({ greeting_type: 'text_to_speech', greeting_text: 'Thanks for calling Acme support.' }).expect(200);
});
afterAll(async () => t.close());

function call(to = number.phone_number): CallFacts {
  return { accountSid: account.sid, callSid: callSid(), from: '+15125550142', to, callerName: 'MARIA GONZALEZ' };
}

/** The voice webhook's routes this instance holds. */
const routes = () => t.app.created.app.get(InboundRouteCache);

/** The statements of one request. */
async function statementsOfRequest(work: () => Promise<unknown>): Promise<string[]> {
  const { statements, error } = await statementsOf(t.app.em, work);
  expect(error).toBeUndefined();
  return statements;
}

describe('provider webhooks, statement by statement', () => {
  it('the voice webhook reads the account, its organization and the number called in one statement, then from memory', async () => {
    // warm: the prepared statement exists after the first call on a connection
    await twilioPost(t.app, '/api/webhooks/twilio/voice', voiceForm(call()), account.authToken).expect(200);
    routes().clear();
    let twiml = '';
    const statements = await statementsOfRequest(async () => {
      twiml = (await twilioPost(t.app, '/api/webhooks/twilio/voice', voiceForm(call()), account.authToken).expect(200)).text;
    });
    expect(greetingOf(twiml)).toBe('Thanks for calling Acme support.');
    expect(parseRecordVerb(twiml)?.action).toContain(`number=${number.id}`);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/from organizations where twilio_subaccount_sid[\s\S]+left join \(select \* from brand_phone_numbers/);
    expect(statements.join('\n')).not.toMatch(/\bbegin\b|\bcommit\b|"session"/i);
    // The same route again: from memory (InboundRouteCache), once the LISTEN connection's round trip
    // has brought every change committed before it.
    expect(await statementsOfRequest(() => twilioPost(t.app, '/api/webhooks/twilio/voice', voiceForm(call()), account.authToken).expect(200))).toEqual(['select 1']);
  });

  it('a number the account does not have, and a forged request, cost that one read too', async () => {
    routes().clear();
    const notOurs = await statementsOfRequest(async () => {
      const res = await twilioPost(t.app, '/api/webhooks/twilio/voice', voiceForm(call('+15005550000')), account.authToken).expect(200);
      expect(greetingOf(res.text)).toBe('We are sorry, the number you have called is not in service. Goodbye.');
    });
    expect(notOurs).toHaveLength(1);
    routes().clear();
    const forged = await statementsOfRequest(() => twilioPost(t.app, '/api/webhooks/twilio/voice', voiceForm(call()), 'not-the-token').expect(403));
    expect(forged).toHaveLength(1);
  });

  it('the recording callbacks never read or write the session store, and a repeated one writes nothing new', async () => {
    const facts = call();
    await twilioPost(t.app, '/api/webhooks/twilio/voice', voiceForm(facts), account.authToken).expect(200);
    const recording = { recordingSid: t.fake.addRecording(account.sid, facts.callSid, 12).sid, duration: 12 };
    const query = `?number=${number.id}&from=${encodeURIComponent(facts.from)}&transcription=pending`;
    const first = await statementsOfRequest(() =>
      twilioPost(t.app, `/api/webhooks/twilio/voice/recorded${query}`, recordedForm(facts, recording), account.authToken).expect(200),
    );
    const repeated = await statementsOfRequest(() =>
      twilioPost(t.app, `/api/webhooks/twilio/recording${query}`, recordingStatusForm(facts, recording), account.authToken).expect(204),
    );
    for (const statements of [first, repeated]) expect(statements.join('\n')).not.toMatch(/"session"/);
    // The first callback queues the recording's job and the voicemail event; the repeated one neither.
    expect(first.join('\n')).toMatch(/add_job/);
    expect(repeated.join('\n')).not.toMatch(/add_job/);
    // Today's count as a bound for the first (the account and the call log's read; then in one
    // transaction the row, the number, the caller's match, the update, the event, the recording's two
    // jobs in one statement and the call list's live event): more is a regression. The repeat brings nothing new: the account, then the call log in one read, and
    // no transaction.
    expect(first.length).toBeLessThanOrEqual(13);
    expect(repeated).toHaveLength(2);
    // both prepared with bound values: the account (no entity) and the call log
    expect(repeated[0]).toMatch(/from organizations where twilio_subaccount_sid = \$1/);
    expect(repeated[1]).toMatch(/from call_logs where organization_id = \$1 and call_sid = \$2/);
    expect(repeated.join('\n')).not.toMatch(/\bbegin\b|\bcommit\b|for update/i);
  });

  it('a later callback that brings something new (the transcription) still writes it', async () => {
    const facts = call();
    await twilioPost(t.app, '/api/webhooks/twilio/voice', voiceForm(facts), account.authToken).expect(200);
    const recording = { recordingSid: t.fake.addRecording(account.sid, facts.callSid, 9).sid, duration: 9 };
    const query = `?number=${number.id}&from=${encodeURIComponent(facts.from)}&transcription=pending`;
    await twilioPost(t.app, `/api/webhooks/twilio/voice/recorded${query}`, recordedForm(facts, recording), account.authToken).expect(200);
    const transcribed = await statementsOfRequest(() =>
      twilioPost(
        t.app,
        `/api/webhooks/twilio/transcription${query}`,
        transcriptionForm(facts, recording, 'My jack leaks oil.'),
        account.authToken,
      ).expect(204),
    );
    expect(transcribed.join('\n')).toMatch(/\bcommit\b/i);
    const { rows } = await t.app.db.query('select transcription, transcription_status from call_logs where call_sid = $1', [facts.callSid]);
    expect(rows[0]).toEqual({ transcription: 'My jack leaks oil.', transcription_status: 'completed' });
  });
});
