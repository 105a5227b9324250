import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { simulateCall } from '../src/dev/simulate-call.js';
import { connectAccount, startTelephonyApp, type TelephonyApp } from './factories/telephony.js';
import { registerOwner, type SignedIn } from './factories/users.js';

let t: TelephonyApp;
let owner: SignedIn;
let appUrl: string;

beforeAll(async () => {
  t = await startTelephonyApp();
  const server = await t.app.created.app.listen(0, '127.0.0.1');
  appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  owner = await registerOwner(t.app);
  await connectAccount(t.fake, owner.agent);
});
afterAll(async () => t.close());

describe('npm run simulate:call', () => {
  it('drives the real, signed webhooks over HTTP until the voicemail is in the Phone System', async () => {
    const found = await owner.agent.get('/api/phone-numbers/search').query({ areaCode: '416', country: 'CA' }).expect(200);
    const number = (await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: found.body[0].phoneNumber, brand: 'Acme' }).expect(201)).body;
    const lines: string[] = [];
    const { callSid } = await simulateCall(
      { to: number.phone_number, from: '+15125550188', seconds: 7, transcript: 'The handle snapped off.', callerName: 'JO TESTER', app: appUrl, publicUrl: t.app.config.publicBaseUrl, twilio: t.fake.url },
      (line) => lines.push(line),
    );
    expect(lines).toContain("Greeting: Thank you for calling. Please leave a message after the beep, and we'll get back to you as soon as possible.");
    expect(lines.at(-1)).toBe('Voicemail delivered: open the Phone System to see and hear it.');

    const list = await owner.agent.get('/api/call-logs').expect(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      call_sid: callSid, from_phone: '+15125550188', caller_name: 'JO TESTER', brand: 'Acme', recording_duration: 7,
      transcription: 'The handle snapped off.', transcription_status: 'completed', is_read: false,
    });
    const audio = await owner.agent.get(list.body[0].recording_url).set('Range', 'bytes=0-3').expect(206);
    expect(audio.headers['content-range']).toBe(`bytes 0-3/${44 + 7 * 8000 * 2}`);
  });

  it('says what is wrong when the number is not at the fake Twilio', async () => {
    await expect(simulateCall({ to: '+19995550100', from: '+15125550188', app: appUrl, twilio: t.fake.url }, () => undefined))
      .rejects.toThrow('The fake Twilio has no number +19995550100: buy or import it in the app first');
  });
});
