import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SecretBox } from '../src/common/crypto/secret-box.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app.close());

const ALL_FIELDS = ['product_model', 'purchase_location', 'purchase_date', 'issue_description', 'injury_reported', 'property_damage'];

describe('GET /api/settings', () => {
  it('creates the settings lazily with defaults and shows secrets only as flags', async () => {
    const { agent, user } = await registerOwner(app);
    const res = await agent.get('/api/settings').expect(200);
    expect(res.body).toEqual({
      brands: [],
      ticket_brand: null,
      ticket_fields_enabled: ALL_FIELDS,
      retell_agent_id: null,
      retell_api_key_set: false,
      smtp_host: null,
      smtp_port: 587,
      smtp_username: null,
      smtp_password_set: false,
      smtp_from_email: null,
      smtp_from_name: null,
      twilio_account_sid: null,
      twilio_auth_token_set: false,
      twilio_phone_number: null,
      warranty_response_hours: 24,
      support_response_hours: 48,
      recording_notice_enabled: false,
      recording_notice_text: 'This call may be recorded for quality and warranty purposes.',
      updated_at: expect.any(String),
    });
    const rows = await app.db.query('select count(*)::int as n from system_settings where organization_id = $1', [user.organization_id]);
    expect(rows.rows[0].n).toBe(1);
  });

  it('survives simultaneous first requests', async () => {
    const { agent, user } = await registerOwner(app);
    const results = await Promise.all([agent.get('/api/settings'), agent.get('/api/settings'), agent.get('/api/settings')]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await app.db.query('select count(*)::int as n from system_settings where organization_id = $1', [user.organization_id]);
    expect(rows.rows[0].n).toBe(1);
  });
});

describe('PUT /api/settings', () => {
  let owner: SignedIn;
  beforeAll(async () => {
    owner = await registerOwner(app);
  });

  it('saves trimmed brands and a default brand, and returns the GET shape', async () => {
    const res = await owner.agent.put('/api/settings').send({ brands: [' IronJack ', 'TorqueLine'], ticket_brand: 'IronJack' }).expect(200);
    expect(res.body).toMatchObject({ brands: ['IronJack', 'TorqueLine'], ticket_brand: 'IronJack', smtp_port: 587 });
    await owner.agent.get('/api/settings').expect(200).then((r) => expect(r.body.brands).toEqual(['IronJack', 'TorqueLine']));
  });

  it('clears the default brand when its brand is removed', async () => {
    await owner.agent.put('/api/settings').send({ brands: ['IronJack', 'TorqueLine'], ticket_brand: 'IronJack' }).expect(200);
    const res = await owner.agent.put('/api/settings').send({ brands: ['TorqueLine'] }).expect(200);
    expect(res.body).toMatchObject({ brands: ['TorqueLine'], ticket_brand: null });
  });

  it('keeps the default brand when another section is saved', async () => {
    await owner.agent.put('/api/settings').send({ brands: ['A', 'B'], ticket_brand: 'B' }).expect(200);
    const res = await owner.agent.put('/api/settings').send({ smtp_host: 'smtp.example.com' }).expect(200);
    expect(res.body).toMatchObject({ brands: ['A', 'B'], ticket_brand: 'B', smtp_host: 'smtp.example.com' });
    const cleared = await owner.agent.put('/api/settings').send({ ticket_brand: null }).expect(200);
    expect(cleared.body.ticket_brand).toBeNull();
  });

  it.each([
    [{ brands: ['A', ' a '] }, 'brands', 'Brand "a" is listed more than once'],
    [{ brands: ['A', '  '] }, 'brands', 'Brand names cannot be empty'],
    [{ brands: ['x'.repeat(51)] }, 'brands', 'Brand names must be at most 50 characters'],
    [{ brands: 'A,B' }, 'brands', 'brands must be a list of brand names'],
    [{ brands: ['A'], ticket_brand: 'Z' }, 'ticket_brand', 'The default brand must be one of the brands'],
    [{ ticket_fields_enabled: ['product_model', 'ssn'] }, 'ticket_fields_enabled', `ticket_fields_enabled may only contain: ${ALL_FIELDS.join(', ')}`],
    [{ smtp_port: 70000 }, 'smtp_port', 'SMTP port must be a number between 1 and 65535'],
    [{ smtp_from_email: 'nope' }, 'smtp_from_email', 'From email must be a valid email address, such as support@example.com'],
    [{ smtp_port: 0 }, 'smtp_port', 'SMTP port must be a number between 1 and 65535'],
    [{ smtp_port: 25.5 }, 'smtp_port', 'SMTP port must be a number between 1 and 65535'],
    [{ smtp_port: '587' }, 'smtp_port', 'SMTP port must be a number between 1 and 65535'],
    [{ smtp_host: 'smtp example.com' }, 'smtp_host', 'SMTP host must be a host name such as smtp.example.com, or an IP address'],
    [{ smtp_host: 'https://smtp.example.com' }, 'smtp_host', 'SMTP host must be a host name such as smtp.example.com, or an IP address'],
    [{ ticket_fields_enabled: null }, 'ticket_fields_enabled', `ticket_fields_enabled must be a list drawn from: ${ALL_FIELDS.join(', ')}`],
    [{ smtp_password: 42 }, 'smtp_password', 'SMTP password must be text of at most 1000 characters'],
  ])('rejects %j', async (body, field, message) => {
    const before = await owner.agent.get('/api/settings').expect(200);
    const res = await owner.agent.put('/api/settings').send(body).expect(400);
    expect(res.body).toEqual({ statusCode: 400, error: message, message, errors: [{ field, message }] });
    const after = await owner.agent.get('/api/settings').expect(200);
    expect(after.body.brands).toEqual(before.body.brands);
  });

  it('saves the enabled ticket fields in catalogue order', async () => {
    const res = await owner.agent.put('/api/settings').send({ ticket_fields_enabled: ['property_damage', 'product_model', 'product_model'] }).expect(200);
    expect(res.body.ticket_fields_enabled).toEqual(['product_model', 'property_damage']);
    const none = await owner.agent.put('/api/settings').send({ ticket_fields_enabled: [] }).expect(200);
    expect(none.body.ticket_fields_enabled).toEqual([]);
  });

  it('accepts host names and IP addresses as the SMTP host', async () => {
    for (const host of ['smtp.example.com', 'localhost', '127.0.0.1', '::1']) {
      const res = await owner.agent.put('/api/settings').send({ smtp_host: host }).expect(200);
      expect(res.body.smtp_host).toBe(host);
    }
    const cleared = await owner.agent.put('/api/settings').send({ smtp_host: '' }).expect(200);
    expect(cleared.body.smtp_host).toBeNull();
  });

  it('clears text fields with null (they are documented nullable)', async () => {
    await owner.agent
      .put('/api/settings')
      .send({ smtp_host: 'smtp.example.com', smtp_username: 'u', smtp_from_email: 'a@example.com', smtp_from_name: 'A', retell_agent_id: 'agent_9' })
      .expect(200);
    const res = await owner.agent
      .put('/api/settings')
      .send({ smtp_host: null, smtp_username: null, smtp_from_email: null, smtp_from_name: null, retell_agent_id: null })
      .expect(200);
    expect(res.body).toMatchObject({ smtp_host: null, smtp_username: null, smtp_from_email: null, smtp_from_name: null, retell_agent_id: null });
  });

  it('stores secrets encrypted, shows only flags, keeps them when omitted or "" and clears them with null', async () => {
    const res = await owner.agent
      .put('/api/settings')
      .send({ smtp_password: 'hunter2-smtp', retell_api_key: 'key_live_123', retell_agent_id: 'agent_1', smtp_port: 2525, smtp_username: 'mailer' })
      .expect(200);
    expect(res.body).toMatchObject({ smtp_password_set: true, retell_api_key_set: true, retell_agent_id: 'agent_1', smtp_port: 2525, smtp_username: 'mailer' });
    expect(JSON.stringify(res.body)).not.toContain('hunter2-smtp');
    expect(JSON.stringify(res.body)).not.toContain('key_live_123');

    const row = await app.db.query('select smtp_password, retell_api_key from system_settings where organization_id = $1', [owner.user.organization_id]);
    expect(row.rows[0].smtp_password).not.toContain('hunter2');
    const box = new SecretBox(app.config.appSecret);
    expect(box.open(row.rows[0].smtp_password)).toBe('hunter2-smtp');
    expect(box.open(row.rows[0].retell_api_key)).toBe('key_live_123');

    const kept = await owner.agent.put('/api/settings').send({ smtp_host: 'mail.example.com' }).expect(200);
    expect(kept.body).toMatchObject({ smtp_password_set: true, retell_api_key_set: true });
    const blank = await owner.agent.put('/api/settings').send({ smtp_password: '', retell_api_key: '' }).expect(200);
    expect(blank.body).toMatchObject({ smtp_password_set: true, retell_api_key_set: true });
    const stillSealed = await app.db.query('select smtp_password from system_settings where organization_id = $1', [owner.user.organization_id]);
    expect(box.open(stillSealed.rows[0].smtp_password)).toBe('hunter2-smtp');

    const cleared = await owner.agent.put('/api/settings').send({ smtp_password: null, retell_agent_id: '', smtp_port: null }).expect(200);
    expect(cleared.body).toMatchObject({ smtp_password_set: false, retell_api_key_set: true, retell_agent_id: null, smtp_port: 587 });
    const keyCleared = await owner.agent.put('/api/settings').send({ retell_api_key: null }).expect(200);
    expect(keyCleared.body.retell_api_key_set).toBe(false);
    const row2 = await app.db.query('select smtp_password, retell_api_key from system_settings where organization_id = $1', [owner.user.organization_id]);
    expect(row2.rows[0]).toEqual({ smtp_password: null, retell_api_key: null });
  });

  it("never shows or changes another organization's settings", async () => {
    const other = await registerOwner(app);
    await other.agent.put('/api/settings').send({ brands: ['Theirs'], smtp_password: 'their-secret' }).expect(200);
    const mine = await owner.agent.get('/api/settings').expect(200);
    expect(mine.body.brands).not.toContain('Theirs');
    await owner.agent.put('/api/settings').send({ brands: ['Mine'] }).expect(200);
    const theirs = await other.agent.get('/api/settings').expect(200);
    expect(theirs.body).toMatchObject({ brands: ['Theirs'], smtp_password_set: true });
  });
});
