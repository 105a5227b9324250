import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_RECORDING_NOTICE } from '@warranty-crm/contract';
import type { FakeAccount } from '../src/dev/fake-twilio/fake-twilio.js';
import { callSid, parseRecordVerb, voiceForm } from '../src/dev/twilio-callbacks.js';
import { connectAccount, startTelephonyApp, type TelephonyApp, twilioPost } from './factories/telephony.js';
import { inviteMember } from './factories/members.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { type FakeRetell, startFakeRetell } from './support/fake-retell.js';
import { eventually } from './support/job-probe.js';

/** Issue 35, consent: the recording notice before every voicemail greeting and at the AI agent's opening. */

let t: TelephonyApp;
let retell: FakeRetell;
let owner: SignedIn;
let account: FakeAccount;
let number: { id: string; phone_number: string };

const DEFAULT_GREETING = "Thank you for calling. Please leave a message after the beep, and we'll get back to you as soon as possible.";
const OPENING = 'Hi, this is the IronJack warranty desk. How can I help?';
const KEY = 'key_consent_123456';

beforeAll(async () => {
  retell = await startFakeRetell();
  t = await startTelephonyApp({ RETELL_API_BASE_URL: retell.url, JOBS_POLL_INTERVAL_MS: '100' });
  owner = await registerOwner(t.app);
  account = await connectAccount(t.fake, owner.agent);
  const found = await owner.agent.get('/api/phone-numbers/search').query({ areaCode: '415' }).expect(200);
  number = (await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: found.body[0].phoneNumber, brand: 'IronJack' }).expect(201)).body;
});
afterAll(async () => {
  await t.close();
  await retell.close();
});

function greet() {
  const facts = { accountSid: account.sid, callSid: callSid(), from: '+15125550142', to: number.phone_number, callerName: 'MARIA GONZALEZ' };
  return twilioPost(t.app, '/api/webhooks/twilio/voice', voiceForm(facts), account.authToken).expect(200);
}

/** The texts of the TwiML's <Say> verbs before its <Record>, in order. */
function saidBeforeRecording(twiml: string): string[] {
  const head = twiml.slice(0, twiml.indexOf('<Record'));
  return [...head.matchAll(/<Say[^>]*>([^<]*)<\/Say>/g)].map((m) => m[1]!.replace(/&apos;/g, "'"));
}

describe('the recording notice setting', () => {
  it('is off by default with the default text, and only administrators change it', async () => {
    const settings = (await owner.agent.get('/api/settings').expect(200)).body;
    expect(settings).toMatchObject({ recording_notice_enabled: false, recording_notice_text: DEFAULT_RECORDING_NOTICE });
    const member = await inviteMember(t.app, owner);
    await member.agent.put('/api/settings').send({ recording_notice_enabled: true }).expect(403);
    const tooLong = await owner.agent.put('/api/settings').send({ recording_notice_text: 'x'.repeat(301) }).expect(400);
    expect(tooLong.body.message).toBe('The recording notice must be at most 300 characters');
  });
});

describe('the voicemail greeting', () => {
  it('says nothing more while the notice is off', async () => {
    const res = await greet();
    expect(saidBeforeRecording(res.text)).toEqual([DEFAULT_GREETING]);
  });

  it("says the notice first, before every number's greeting, in the number's voice, then records", async () => {
    await owner.agent.put('/api/settings').send({ recording_notice_enabled: true }).expect(200);
    const res = await greet();
    expect(saidBeforeRecording(res.text)).toEqual([DEFAULT_RECORDING_NOTICE, DEFAULT_GREETING]);
    expect(res.text).toContain(`<Say voice="alice">${DEFAULT_RECORDING_NOTICE}</Say>`);
    expect(parseRecordVerb(res.text)).not.toBeNull();

    await owner.agent.patch(`/api/phone-numbers/${number.id}/greeting`).send({ greeting_type: 'text_to_speech', greeting_text: 'IronJack support, leave a message.', tts_voice: 'Polly.Brian' }).expect(200);
    const custom = 'Calls are recorded so we can handle your warranty claim.';
    const saved = await owner.agent.put('/api/settings').send({ recording_notice_text: `  ${custom}  ` }).expect(200);
    expect(saved.body).toMatchObject({ recording_notice_enabled: true, recording_notice_text: custom });
    const tts = await greet();
    expect(saidBeforeRecording(tts.text)).toEqual([custom, 'IronJack support, leave a message.']);
    expect(tts.text).toContain(`<Say voice="Polly.Brian">${custom}</Say>`);

    // "" says the default again; off says nothing.
    await owner.agent.put('/api/settings').send({ recording_notice_text: '' }).expect(200);
    expect(saidBeforeRecording((await greet()).text)[0]).toBe(DEFAULT_RECORDING_NOTICE);
    await owner.agent.put('/api/settings').send({ recording_notice_enabled: false }).expect(200);
    expect(saidBeforeRecording((await greet()).text)).toEqual(['IronJack support, leave a message.']);
  });
});

describe("the AI agent's opening", () => {
  const llmBegin = () => retell.llms.get('llm_ironjack')!.begin_message;

  it("puts the notice at the start of the Retell agent's begin message, replaces it when it changes, and takes it off again", async () => {
    retell.apiKeys.add(KEY);
    retell.agents.set('agent_ironjack', { agent_id: 'agent_ironjack', agent_name: 'Warranty desk', response_engine: { type: 'retell-llm', llm_id: 'llm_ironjack' } });
    retell.llms.set('llm_ironjack', { llm_id: 'llm_ironjack', begin_message: OPENING, general_prompt: 'You take warranty claims.' });
    await owner.agent.put('/api/settings').send({ retell_api_key: KEY, retell_agent_id: 'agent_ironjack' }).expect(200);
    // Off and never applied: Retell is not asked to change anything.
    expect(retell.requests.filter((r) => r.method === 'PATCH')).toEqual([]);

    await owner.agent.put('/api/settings').send({ recording_notice_enabled: true }).expect(200);
    await eventually('the opening says the notice first', () => llmBegin() === `${DEFAULT_RECORDING_NOTICE} ${OPENING}`);
    expect(retell.llms.get('llm_ironjack')!.general_prompt).toBe('You take warranty claims.');
    expect(retell.requests.filter((r) => r.method === 'PATCH').every((r) => r.authorization === `Bearer ${KEY}` && r.path === '/update-retell-llm/llm_ironjack')).toBe(true);

    const custom = 'This call is recorded for warranty purposes.';
    await owner.agent.put('/api/settings').send({ recording_notice_text: custom }).expect(200);
    await eventually('the new notice replaces the old one, said once', () => llmBegin() === `${custom} ${OPENING}`);

    await owner.agent.put('/api/settings').send({ recording_notice_enabled: false }).expect(200);
    await eventually('the opening is the organization’s own again', () => llmBegin() === OPENING);
  });
});
