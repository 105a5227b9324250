import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FakeAccount } from '../src/dev/fake-twilio/fake-twilio.js';
import { FakeTwilio } from '../src/dev/fake-twilio/fake-twilio.js';
import { callSid, voiceForm } from '../src/dev/twilio-callbacks.js';
import { InboundRouteCache } from '../src/modules/phone-numbers/inbound-route-cache.js';
import { connectAccount, twilioPost } from './factories/telephony.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { statementsOf } from './support/statement-counter.js';
import type { TestApp } from './support/test-app.js';
import { startTwoInstances, type TwoInstances, whileNotificationsWait } from './support/two-instances.js';

/**
 * Issue 32: the voice webhook reads its route (the account's organization and token, the number's
 * greeting, the recording notice) from memory while none of it changes, and every instance drops it
 * when it does (LISTEN/NOTIFY): two app instances on one database, as behind a load balancer.
 */
let fake: FakeTwilio;
let instances: TwoInstances<InboundRouteCache>;
let a: TestApp;
let b: TestApp;
let owner: SignedIn;
let account: FakeAccount;
let number: { id: string; phone_number: string };

beforeAll(async () => {
  fake = await FakeTwilio.start();
  const platform = fake.addAccount({ friendlyName: 'Platform' });
  instances = await startTwoInstances(InboundRouteCache, {
    JOBS_WORKER: 'false',
    TWILIO_API_BASE_URL: fake.url,
    TWILIO_ACCOUNT_SID: platform.sid,
    TWILIO_AUTH_TOKEN: platform.authToken,
  });
  ({ a, b } = instances);
  owner = await registerOwner(a);
  account = await connectAccount(fake, owner.agent);
  const found = await owner.agent.get('/api/phone-numbers/search').query({ areaCode: '415' }).expect(200);
  number = (await owner.agent.post('/api/phone-numbers/purchase').send({ phoneNumber: found.body[0].phoneNumber, brand: 'Acme' }).expect(201)).body;
});
afterAll(async () => {
  await instances?.close();
  await fake?.stop();
});

/** The TwiML instance `app` answers a call to `to` with. */
async function greeting(app: TestApp, to = number.phone_number, accountSid = account.sid, token = account.authToken): Promise<string> {
  const facts = { accountSid, callSid: callSid(), from: '+15125550142', to, callerName: 'MARIA GONZALEZ' };
  return (await twilioPost(app, '/api/webhooks/twilio/voice', voiceForm(facts), token).expect(200)).text;
}

const ROUTE_STATEMENT = /\bbrand_phone_numbers\b/;

describe('the inbound route cache', () => {
  it("a call's route is read once, then from memory", async () => {
    await greeting(b);
    const { statements, error } = await statementsOf(b.em, async () => {
      for (let i = 0; i < 3; i++) expect(await greeting(b)).toContain('<Record');
    });
    expect(error).toBeUndefined();
    expect(statements.filter((s) => ROUTE_STATEMENT.test(s))).toEqual([]);
  });

  it("a greeting saved on one instance is what the other says next, though its notification has not been read yet", async () => {
    expect(await greeting(b)).not.toContain('Welcome to Acme support');
    await whileNotificationsWait(b, 300, () =>
      owner.agent.patch(`/api/phone-numbers/${number.id}/greeting`).send({ greeting_type: 'text_to_speech', greeting_text: 'Welcome to Acme support.' }).expect(200),
    );
    expect(await greeting(b)).toContain('Welcome to Acme support.');
  });

  it('a change made in the database by anything else is heard: the recording notice, a number removed', async () => {
    // The organization's settings row, made by the screen's first save.
    await owner.agent.put('/api/settings').send({ recording_notice_enabled: false }).expect(200);
    expect(await greeting(b)).not.toContain('Calls are recorded here.');
    await whileNotificationsWait(b, 300, () =>
      a.db.query(`update system_settings set recording_notice_enabled = true, recording_notice_text = 'Calls are recorded here.' where organization_id = $1`, [owner.user.organization_id]),
    );
    expect(await greeting(b)).toContain('Calls are recorded here.');
    await whileNotificationsWait(b, 300, () => a.db.query(`update brand_phone_numbers set phone_number = '+15005550199' where id = $1`, [number.id]));
    expect(await greeting(b)).toContain('not in service');
    await whileNotificationsWait(b, 300, () => a.db.query(`update brand_phone_numbers set phone_number = $2 where id = $1`, [number.id, number.phone_number]));
    expect(await greeting(b)).toContain('<Record');
  });

  it('keeps nothing of an account that is not ours, nor serves from memory while it cannot hear invalidations', async () => {
    const cache = instances.cacheOf(b);
    const stranger = fake.addAccount({ friendlyName: 'Stranger' });
    const size = cache.size;
    await twilioPost(b, '/api/webhooks/twilio/voice', voiceForm({ accountSid: stranger.sid, callSid: callSid(), from: '+15125550142', to: number.phone_number, callerName: 'X' }), stranger.authToken).expect(403);
    expect(cache.size).toBe(size);

    await greeting(b);
    cache.listening(false);
    try {
      const { statements } = await statementsOf(b.em, () => greeting(b));
      expect(statements.filter((s) => ROUTE_STATEMENT.test(s)).length).toBe(1);
      expect(cache.size).toBe(0);
    } finally {
      cache.listening(true);
    }
  });
});
