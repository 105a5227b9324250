import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type TestAgent from 'supertest/lib/agent.js';
import { JobRegistry } from '../src/common/jobs/job-registry.js';
import { FAKE_MONTHLY_PRICES, type FakeAccount } from '../src/dev/fake-twilio/fake-twilio.js';
import { connectAccount, startTelephonyApp, type TelephonyApp } from './factories/telephony.js';
import { registerOwner, type SignedIn } from './factories/users.js';

let t: TelephonyApp;
let owner: SignedIn;
let account: FakeAccount;

beforeAll(async () => {
  t = await startTelephonyApp({ TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '' });
  owner = await registerOwner(t.app);
  await owner.agent.put('/api/settings').send({ brands: ['Acme'] }).expect(200);
  account = await connectAccount(t.fake, owner.agent);
});
afterAll(async () => t.close());

let nextNumber = 0;
async function purchase(agent: TestAgent = owner.agent): Promise<{ id: string; phone_number: string }> {
  const found = await agent.get('/api/phone-numbers/search').query({ areaCode: '512' }).expect(200);
  const phoneNumber = found.body[nextNumber++ % found.body.length].phoneNumber as string;
  return (await agent.post('/api/phone-numbers/purchase').send({ phoneNumber, brand: 'Acme' }).expect(201)).body;
}

async function listed(agent: TestAgent = owner.agent): Promise<Map<string, boolean>> {
  const res = await agent.get('/api/phone-numbers').expect(200);
  return new Map((res.body as Array<{ id: string; is_active: boolean }>).map((n) => [n.id, n.is_active]));
}

/** The task as the queue's cron runs it (once across instances). */
function scheduled(name: string) {
  const task = t.app.created.app.get(JobRegistry).cronTasks.get(name);
  if (!task) throw new Error(`No scheduled task ${name}`);
  return task;
}

describe('numbers reflect Twilio', () => {
  it('the hourly sync marks a number released at Twilio inactive, and active again when it is back', async () => {
    const kept = await purchase();
    const released = await purchase();
    expect(await listed()).toEqual(new Map([[kept.id, true], [released.id, true]]));

    t.fake.removeNumber(released.phone_number);
    const task = scheduled('phone-numbers.sync');
    expect(task.cron).toBe('23 * * * *');
    await task.handle();
    expect(await listed()).toEqual(new Map([[kept.id, true], [released.id, false]]));

    // Back in the account (the same SID, as after a mistaken release was undone): active again.
    const sid = (await t.app.db.query('select twilio_phone_sid from brand_phone_numbers where id = $1', [released.id])).rows[0].twilio_phone_sid;
    const again = t.fake.addNumber(account.sid, released.phone_number);
    t.fake.numbers.delete(again.sid);
    t.fake.numbers.set(sid, { ...again, sid });
    await task.handle();
    expect((await listed()).get(released.id)).toBe(true);
  });

  it('keeps the numbers as they are when Twilio fails during the sync', async () => {
    const number = await purchase();
    t.fake.failNext(1);
    await scheduled('phone-numbers.sync').handle();
    expect((await listed()).get(number.id)).toBe(true);
  });

  it('Fix Webhooks marks a number gone from the account inactive and says so', async () => {
    const number = await purchase();
    t.fake.removeNumber(number.phone_number);
    const res = await owner.agent.post(`/api/phone-numbers/${number.id}/reconfigure-webhook`).expect(409);
    expect(res.body.error).toBe(`${number.phone_number} is no longer in your Twilio account; it is marked inactive`);
    expect((await listed()).get(number.id)).toBe(false);
  });
});

describe('the A2P registration reflects Twilio', () => {
  async function organization(who: SignedIn = owner) {
    return (await who.agent.get(`/api/organizations/${who.user.organization_id}`).expect(200)).body;
  }

  it('stays as it is while Twilio has no brand registration, then follows it to approved', async () => {
    const task = scheduled('organizations.a2p-sync');
    await task.handle();
    expect(await organization()).toMatchObject({ a2p_status: 'not_started', a2p_failure_reason: null, a2p_checked_at: expect.any(String) });

    const brand = t.fake.setBrandRegistration(account.sid, 'IN_REVIEW');
    await task.handle();
    expect(await organization()).toMatchObject({ a2p_status: 'pending_registration', a2p_brand_id: brand.sid });

    t.fake.setBrandRegistration(account.sid, 'APPROVED', null, brand.sid);
    await task.handle();
    expect(await organization()).toMatchObject({ a2p_status: 'approved', a2p_brand_id: brand.sid, a2p_failure_reason: null });
  });

  it('follows a failed registration with Twilio’s reason', async () => {
    const other = await registerOwner(t.app);
    const otherAccount = await connectAccount(t.fake, other.agent);
    const brand = t.fake.setBrandRegistration(otherAccount.sid, 'FAILED', 'The EIN does not match the business legal name');
    await scheduled('organizations.a2p-sync').handle();
    expect(await organization(other)).toMatchObject({
      a2p_status: 'failed',
      a2p_brand_id: brand.sid,
      a2p_failure_reason: 'The EIN does not match the business legal name',
    });
    // Another organization's registration is not read into this one.
    expect((await organization()).a2p_brand_id).not.toBe(brand.sid);
  });

  it('is read from Twilio on demand by a member of the organization, and by no one else', async () => {
    const other = await registerOwner(t.app);
    const otherAccount = await connectAccount(t.fake, other.agent);
    t.fake.setBrandRegistration(otherAccount.sid, 'FAILED', 'Website does not match the business');
    const res = await other.agent.post(`/api/organizations/${other.user.organization_id}/a2p/refresh`).expect(200);
    expect(res.body).toMatchObject({ a2p_status: 'failed', a2p_failure_reason: 'Website does not match the business' });
    await owner.agent.post(`/api/organizations/${other.user.organization_id}/a2p/refresh`).expect(404);

    t.fake.failNext(1);
    const failed = await other.agent.post(`/api/organizations/${other.user.organization_id}/a2p/refresh`).expect(502);
    expect(failed.body.error).toBe('Could not read the A2P registration status from Twilio');
    const unconnected = await registerOwner(t.app);
    const none = await unconnected.agent.post(`/api/organizations/${unconnected.user.organization_id}/a2p/refresh`).expect(400);
    expect(none.body.error).toBe('Connect a Twilio account in Settings → Phone Setup first');
  });
});

describe('the price of a number', () => {
  it('comes with every search result from Twilio’s pricing of the country’s local numbers', async () => {
    t.fake.clearRequests();
    const res = await owner.agent.get('/api/phone-numbers/search').query({ country: 'CA' }).expect(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const n of res.body) expect(n).toMatchObject({ monthlyPrice: '1.15', priceUnit: 'USD' });
    expect(t.fake.received('GET', /^\/v1\/PhoneNumbers\/Countries\/CA$/)).toHaveLength(1);
  });

  it('is null, and the search still answers, when Twilio’s pricing does not answer', async () => {
    const gb = FAKE_MONTHLY_PRICES.GB;
    delete FAKE_MONTHLY_PRICES.GB; // the fake's pricing answers 404 for GB
    try {
      const res = await owner.agent.get('/api/phone-numbers/search').query({ country: 'GB' }).expect(200);
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body[0]).toMatchObject({ monthlyPrice: null, priceUnit: null });
    } finally {
      FAKE_MONTHLY_PRICES.GB = gb;
    }
  });
});
