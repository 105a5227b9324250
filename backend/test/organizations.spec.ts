import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { inviteMember } from './factories/members.js';
import { registerOwner } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app.close());

const A2P_FORM = {
  business_legal_name: 'Acme Appliances LLC',
  business_type: 'llc',
  ein_tax_id: '12-3456789',
  business_street: '1 Main St',
  business_city: 'Springfield',
  business_state: 'IL',
  business_zip: '62701',
  business_website: 'https://acme.example',
  business_industry: 'Retail',
  business_description: 'We sell and service home appliances.',
  contact_first_name: 'Jane',
  contact_last_name: 'Doe',
  contact_email: 'jane@acme.example',
  contact_phone: '+15551234567',
  stock_exchange: 'NASDAQ',
  stock_symbol: 'ACME',
};

const ORGANIZATION_FIELDS = [
  'id', 'name', 'twilio_subaccount_sid', 'twilio_subaccount_auth_token_set', 'subaccount_origin', 'imported_at', 'a2p_brand_id',
  'a2p_status', 'a2p_failure_reason', 'a2p_checked_at', 'business_legal_name', 'business_type', 'ein_tax_id', 'business_street', 'business_city', 'business_state',
  'business_zip', 'business_country', 'business_website', 'business_industry', 'business_description', 'contact_first_name',
  'contact_last_name', 'contact_email', 'contact_phone', 'stock_exchange', 'stock_symbol', 'created_at',
];

async function orgRow(id: string) {
  return (await app.db.query('select * from organizations where id = $1', [id])).rows[0];
}

describe('GET /api/organizations/{id}', () => {
  it('returns every organization field of the schema in snake_case', async () => {
    const { agent, user } = await registerOwner(app);
    const res = await agent.get(`/api/organizations/${user.organization_id}`).expect(200);
    expect(Object.keys(res.body).sort()).toEqual([...ORGANIZATION_FIELDS].sort());
    expect(res.body).toMatchObject({
      id: user.organization_id,
      name: `${user.username}'s organization`,
      twilio_subaccount_sid: null,
      twilio_subaccount_auth_token_set: false,
      a2p_status: 'not_started',
      business_country: 'US',
      business_legal_name: null,
      created_at: expect.any(String),
    });
  });

  it('never returns the subaccount auth token, only whether it is set', async () => {
    const { agent, user } = await registerOwner(app);
    const token = 'sealed-token-value-that-must-not-leak';
    await app.db.query(
      `update organizations set twilio_subaccount_sid = $2, twilio_subaccount_auth_token = $3, subaccount_origin = 'created' where id = $1`,
      [user.organization_id, `AC${randomUUID().replace(/-/g, '')}`, token],
    );
    const res = await agent.get(`/api/organizations/${user.organization_id}`).expect(200);
    expect(res.body.twilio_subaccount_auth_token_set).toBe(true);
    expect(res.body).not.toHaveProperty('twilio_subaccount_auth_token');
    expect(res.text).not.toContain(token);
    expect(res.body.subaccount_origin).toBe('created');
  });

  it('lets an ordinary user read their own organization', async () => {
    const owner = await registerOwner(app);
    const member = await inviteMember(app, owner);
    const res = await member.agent.get(`/api/organizations/${owner.user.organization_id}`).expect(200);
    expect(res.body.id).toBe(owner.user.organization_id);
  });

  it.each([
    ['another organization', async () => (await registerOwner(app)).user.organization_id],
    ['an unknown id', async () => randomUUID()],
    ['a malformed id', async () => 'not-a-uuid'],
  ])('answers 404 for %s', async (_label, idOf) => {
    const { agent } = await registerOwner(app);
    const res = await agent.get(`/api/organizations/${await idOf()}`).expect(404);
    expect(res.body).toEqual({ statusCode: 404, error: 'Organization not found', message: 'Organization not found', code: 'organizations.not_found' });
  });

  it('answers 401 when signed out', async () => {
    const { user } = await registerOwner(app);
    await app.request().get(`/api/organizations/${user.organization_id}`).expect(401);
  });
});

describe('PATCH /api/organizations/{id}/a2p', () => {
  it('saves the business and contact information and moves the status to pending_registration', async () => {
    const { agent, user } = await registerOwner(app);
    const res = await agent.patch(`/api/organizations/${user.organization_id}/a2p`).send(A2P_FORM).expect(200);
    expect(res.body).toMatchObject({ ...A2P_FORM, id: user.organization_id, a2p_status: 'pending_registration', business_country: 'US' });
    expect(res.body).not.toHaveProperty('twilio_subaccount_auth_token');
    const row = await orgRow(user.organization_id);
    expect(row).toMatchObject({ a2p_status: 'pending_registration', business_legal_name: 'Acme Appliances LLC', ein_tax_id: '12-3456789', stock_exchange: 'NASDAQ' });
    expect((await agent.get(`/api/organizations/${user.organization_id}`).expect(200)).body).toMatchObject(A2P_FORM);
  });

  it('normalizes the form: trims, uppercases state and country, and turns empty optional fields into null', async () => {
    const { agent, user } = await registerOwner(app);
    const res = await agent
      .patch(`/api/organizations/${user.organization_id}/a2p`)
      .send({ ...A2P_FORM, business_legal_name: '  Acme  ', business_state: 'il', business_country: 'ca', business_website: '', stock_exchange: '', stock_symbol: '' })
      .expect(200);
    expect(res.body).toMatchObject({
      business_legal_name: 'Acme',
      business_state: 'IL',
      business_country: 'CA',
      business_website: null,
      stock_exchange: null,
      stock_symbol: null,
    });
  });

  it('keeps an approved registration approved', async () => {
    const { agent, user } = await registerOwner(app);
    await app.db.query(`update organizations set a2p_status = 'approved' where id = $1`, [user.organization_id]);
    const res = await agent.patch(`/api/organizations/${user.organization_id}/a2p`).send(A2P_FORM).expect(200);
    expect(res.body.a2p_status).toBe('approved');
    expect((await orgRow(user.organization_id)).a2p_status).toBe('approved');
  });

  it('accepts every business type and stock exchange of the spec', async () => {
    const { agent, user } = await registerOwner(app);
    const types = ['sole_proprietorship', 'partnership', 'llc', 'corporation', 'non_profit', 'government'];
    const exchanges = ['NYSE', 'NASDAQ', 'AMEX', 'OTC'];
    for (const [i, business_type] of types.entries()) {
      const stock_exchange = exchanges[i % exchanges.length];
      const res = await agent.patch(`/api/organizations/${user.organization_id}/a2p`).send({ ...A2P_FORM, business_type, stock_exchange }).expect(200);
      expect(res.body).toMatchObject({ business_type, stock_exchange });
    }
  });

  it.each([
    ['business_legal_name', 'Business legal name is required'],
    ['business_type', 'Business type is required'],
    ['ein_tax_id', 'EIN/Tax ID is required'],
    ['business_street', 'Business street is required'],
    ['business_city', 'Business city is required'],
    ['business_state', 'Business state is required'],
    ['business_zip', 'Business ZIP is required'],
    ['business_industry', 'Business industry is required'],
    ['business_description', 'Business description is required'],
    ['contact_first_name', 'Contact first name is required'],
    ['contact_last_name', 'Contact last name is required'],
    ['contact_email', 'Must be a valid email'],
    ['contact_phone', 'Contact phone is required'],
  ])('requires %s ("%s"), missing or blank', async (field, message) => {
    const { agent, user } = await registerOwner(app);
    const { [field]: _removed, ...missing } = A2P_FORM as Record<string, string>;
    for (const body of [missing, { ...A2P_FORM, [field]: '   ' }]) {
      const res = await agent.patch(`/api/organizations/${user.organization_id}/a2p`).send(body).expect(400);
      expect(res.body).toEqual({ statusCode: 400, error: message, message, errors: [{ field, message }] });
    }
    expect((await orgRow(user.organization_id)).a2p_status).toBe('not_started');
  });

  it.each([
    [{ business_type: 'empire' }, 'business_type', 'Business type must be one of: sole_proprietorship, partnership, llc, corporation, non_profit, government'],
    [{ business_state: 'I' }, 'business_state', 'Business state is required'],
    [{ business_state: 'ILL' }, 'business_state', 'Business state must be 2 letters'],
    [{ business_state: '12' }, 'business_state', 'Business state must be 2 letters'],
    [{ business_website: 'not a url' }, 'business_website', 'Must be a valid URL'],
    [{ business_website: 'acme' }, 'business_website', 'Must be a valid URL'],
    [{ contact_email: 'jane@' }, 'contact_email', 'Must be a valid email'],
    [{ stock_exchange: 'LSE' }, 'stock_exchange', 'Stock exchange must be one of: NYSE, NASDAQ, AMEX, OTC'],
    [{ business_country: 'USA' }, 'business_country', 'Business country must be 2 letters'],
    [{ business_zip: '1'.repeat(21) }, 'business_zip', 'Business ZIP must be at most 20 characters'],
  ])('rejects %j with "%s: %s"', async (change, field, message) => {
    const { agent, user } = await registerOwner(app);
    const res = await agent.patch(`/api/organizations/${user.organization_id}/a2p`).send({ ...A2P_FORM, ...change }).expect(400);
    expect(res.body).toEqual({ statusCode: 400, error: message, message, errors: [{ field, message }] });
  });

  it('names the first failing field in error and lists them all', async () => {
    const { agent, user } = await registerOwner(app);
    const res = await agent.patch(`/api/organizations/${user.organization_id}/a2p`).send({}).expect(400);
    expect(res.body.error).toBe('Business legal name is required');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'business_legal_name', 'business_type', 'ein_tax_id', 'business_street', 'business_city', 'business_state', 'business_zip',
      'business_industry', 'business_description', 'contact_first_name', 'contact_last_name', 'contact_email', 'contact_phone',
    ]);
  });

  it('refuses an ordinary user and changes nothing', async () => {
    const owner = await registerOwner(app);
    const member = await inviteMember(app, owner);
    const res = await member.agent.patch(`/api/organizations/${owner.user.organization_id}/a2p`).send(A2P_FORM).expect(403);
    expect(res.body).toEqual({
      statusCode: 403,
      error: 'Only account owners can update the A2P registration',
      message: 'Only account owners can update the A2P registration',
      code: 'auth.role_required',
    });
    expect(await orgRow(owner.user.organization_id)).toMatchObject({ a2p_status: 'not_started', business_legal_name: null });
  });

  it("answers 404 for another organization's id and changes nothing", async () => {
    const ownerA = await registerOwner(app);
    const ownerB = await registerOwner(app);
    const res = await ownerA.agent.patch(`/api/organizations/${ownerB.user.organization_id}/a2p`).send(A2P_FORM).expect(404);
    expect(res.body.error).toBe('Organization not found');
    expect(await orgRow(ownerB.user.organization_id)).toMatchObject({ a2p_status: 'not_started', business_legal_name: null });
    expect(await orgRow(ownerA.user.organization_id)).toMatchObject({ a2p_status: 'not_started', business_legal_name: null });
    await ownerA.agent.patch('/api/organizations/not-a-uuid/a2p').send(A2P_FORM).expect(404);
  });

  it('answers 401 when signed out', async () => {
    const { user } = await registerOwner(app);
    await app.request().patch(`/api/organizations/${user.organization_id}/a2p`).send(A2P_FORM).expect(401);
    expect((await orgRow(user.organization_id)).a2p_status).toBe('not_started');
  });
});
