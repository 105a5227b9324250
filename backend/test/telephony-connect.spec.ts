import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectAccount, startTelephonyApp, type TelephonyApp } from './factories/telephony.js';
import { inviteMember } from './factories/members.js';
import { registerOwner } from './factories/users.js';

let t: TelephonyApp;

beforeAll(async () => {
  t = await startTelephonyApp();
});
afterAll(async () => t.close());

const A2P_FORM = {
  business_legal_name: 'Acme Appliances LLC',
  business_type: 'llc',
  ein_tax_id: '12-3456789',
  business_street: '1 Main St',
  business_city: 'Springfield',
  business_state: 'IL',
  business_zip: '62701',
  business_industry: 'Retail',
  business_description: 'We sell and service home appliances.',
  contact_first_name: 'Jane',
  contact_last_name: 'Doe',
  contact_email: 'jane@acme.example',
  contact_phone: '+15551234567',
};

async function orgRow(id: string) {
  return (await t.app.db.query('select * from organizations where id = $1', [id])).rows[0];
}

describe('PATCH /api/organizations/twilio-credentials', () => {
  it('verifies the credentials at Twilio, stores the token encrypted and never returns it', async () => {
    const owner = await registerOwner(t.app);
    const account = t.fake.addAccount();
    const res = await owner.agent
      .patch('/api/organizations/twilio-credentials')
      .send({ twilio_account_sid: account.sid, twilio_auth_token: account.authToken })
      .expect(200);
    expect(res.body).toMatchObject({ twilio_subaccount_sid: account.sid, twilio_subaccount_auth_token_set: true, subaccount_origin: 'imported' });
    expect(res.body.imported_at).toEqual(expect.any(String));
    expect(JSON.stringify(res.body)).not.toContain(account.authToken);
    const row = await orgRow(owner.user.organization_id);
    expect(row.twilio_subaccount_sid).toBe(account.sid);
    expect(row.twilio_subaccount_auth_token).toMatch(/^v1:/);
    expect(row.twilio_subaccount_auth_token).not.toContain(account.authToken);
    expect(t.fake.received('GET', new RegExp(`/Accounts/${account.sid}\\.json$`)).at(-1)?.username).toBe(account.sid);
  });

  it('refuses credentials Twilio rejects with a 400 and stores nothing', async () => {
    const owner = await registerOwner(t.app);
    const account = t.fake.addAccount();
    const res = await owner.agent
      .patch('/api/organizations/twilio-credentials')
      .send({ twilio_account_sid: account.sid, twilio_auth_token: 'not-the-token' })
      .expect(400);
    expect(res.body.error).toBe('Twilio rejected these credentials. Please check your Account SID and Auth Token.');
    expect(JSON.stringify(res.body)).not.toContain('not-the-token');
    expect(await orgRow(owner.user.organization_id)).toMatchObject({ twilio_subaccount_sid: null, twilio_subaccount_auth_token: null, subaccount_origin: null });
  });

  it('answers 502 with the spec text when Twilio is down, and stores nothing', async () => {
    const owner = await registerOwner(t.app);
    const account = t.fake.addAccount();
    t.fake.failNext(1, 'unreachable');
    const res = await owner.agent
      .patch('/api/organizations/twilio-credentials')
      .send({ twilio_account_sid: account.sid, twilio_auth_token: account.authToken })
      .expect(502);
    expect(res.body).toEqual({ statusCode: 502, error: 'Failed to connect Twilio account. Please check your credentials.', message: 'Failed to connect Twilio account. Please check your credentials.', code: 'twilio.unavailable' });
    expect((await orgRow(owner.user.organization_id)).twilio_subaccount_sid).toBeNull();
  });

  it('validates the SID format and requires both fields', async () => {
    const owner = await registerOwner(t.app);
    const bad = await owner.agent.patch('/api/organizations/twilio-credentials').send({ twilio_account_sid: 'XY12', twilio_auth_token: 'x' }).expect(400);
    expect(bad.body.error).toBe('Account SID must start with AC followed by 32 letters and digits');
    const missing = await owner.agent.patch('/api/organizations/twilio-credentials').send({ twilio_account_sid: `AC${'1'.repeat(32)}` }).expect(400);
    expect(missing.body.error).toBe('Auth Token is required');
  });

  it('is for account owners only', async () => {
    const owner = await registerOwner(t.app);
    const member = await inviteMember(t.app, owner);
    const account = t.fake.addAccount();
    const res = await member.agent
      .patch('/api/organizations/twilio-credentials')
      .send({ twilio_account_sid: account.sid, twilio_auth_token: account.authToken })
      .expect(403);
    expect(res.body.error).toBe('Only account owners can connect a Twilio account');
    expect((await orgRow(owner.user.organization_id)).twilio_subaccount_sid).toBeNull();
  });

  it('refuses an account already connected to another organization with a 409', async () => {
    const first = await registerOwner(t.app);
    const account = await connectAccount(t.fake, first.agent);
    const second = await registerOwner(t.app);
    const res = await second.agent
      .patch('/api/organizations/twilio-credentials')
      .send({ twilio_account_sid: account.sid, twilio_auth_token: account.authToken })
      .expect(409);
    expect(res.body.error).toBe('This Twilio account is already connected to another organization');
    expect((await orgRow(second.user.organization_id)).twilio_subaccount_sid).toBeNull();
  });
});

describe('PATCH /api/organizations/{id}/a2p creates the Twilio subaccount', () => {
  it('creates exactly one subaccount under the platform account even when two saves race', async () => {
    const owner = await registerOwner(t.app);
    const id = owner.user.organization_id;
    t.fake.clearRequests();
    const [a, b] = await Promise.all([
      owner.agent.patch(`/api/organizations/${id}/a2p`).send(A2P_FORM),
      owner.agent.patch(`/api/organizations/${id}/a2p`).send({ ...A2P_FORM, business_city: 'Chicago' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const creates = t.fake.received('POST', /\/2010-04-01\/Accounts\.json$/);
    expect(creates).toHaveLength(1);
    expect(creates[0].username).toBe(t.platform.sid);
    const row = await orgRow(id);
    const subaccount = [...t.fake.accounts.values()].find((acc) => acc.sid === row.twilio_subaccount_sid);
    expect(subaccount?.ownerAccountSid).toBe(t.platform.sid);
    expect(row.subaccount_origin).toBe('created');
    expect(row.twilio_subaccount_auth_token).not.toContain(subaccount!.authToken);
    expect(a.body.twilio_subaccount_sid ?? b.body.twilio_subaccount_sid).toBe(subaccount!.sid);

    await owner.agent.patch(`/api/organizations/${id}/a2p`).send(A2P_FORM).expect(200);
    expect(t.fake.received('POST', /\/2010-04-01\/Accounts\.json$/)).toHaveLength(1);
  });

  it('keeps an imported account and creates no subaccount', async () => {
    const owner = await registerOwner(t.app);
    const account = await connectAccount(t.fake, owner.agent);
    t.fake.clearRequests();
    const res = await owner.agent.patch(`/api/organizations/${owner.user.organization_id}/a2p`).send(A2P_FORM).expect(200);
    expect(res.body).toMatchObject({ twilio_subaccount_sid: account.sid, subaccount_origin: 'imported' });
    expect(t.fake.received('POST', /\/Accounts\.json$/)).toHaveLength(0);
  });

  it('answers 502 when Twilio fails and saves none of the form', async () => {
    const owner = await registerOwner(t.app);
    t.fake.failNext(1, 'error');
    const res = await owner.agent.patch(`/api/organizations/${owner.user.organization_id}/a2p`).send(A2P_FORM).expect(502);
    expect(res.body.error).toBe('Failed to update A2P registration');
    expect(await orgRow(owner.user.organization_id)).toMatchObject({ a2p_status: 'not_started', business_legal_name: null, twilio_subaccount_sid: null });
  });
});
