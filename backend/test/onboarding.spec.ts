import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { inviteMember } from './factories/members.js';
import { registerOwner } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app.close());

const doneOf = (body: { steps: { key: string; done: boolean }[] }) => Object.fromEntries(body.steps.map((s) => [s.key, s.done]));

describe('GET /api/onboarding', () => {
  it('ticks each step as the organization does it: brands, products, SMTP, Twilio, the team', async () => {
    const owner = await registerOwner(app);
    const first = await owner.agent.get('/api/onboarding').expect(200);
    expect(first.body).toEqual({
      organization_name: `${owner.user.username}'s organization`,
      steps: [
        { key: 'brands', label: 'Add your brands', done: false },
        { key: 'products', label: 'Add your products', done: false },
        { key: 'smtp', label: 'Connect your outgoing e-mail (SMTP)', done: false },
        { key: 'twilio', label: 'Connect Twilio (or try the built-in simulation)', done: false },
        { key: 'team', label: 'Invite your team', done: false },
      ],
      complete: false,
      dismissed: false,
    });

    await owner.agent.put('/api/settings').send({ brands: ['Acme'] }).expect(200);
    expect(doneOf((await owner.agent.get('/api/onboarding').expect(200)).body)).toEqual({ brands: true, products: false, smtp: false, twilio: false, team: false });

    await owner.agent.post('/api/products').send({ brand: 'Acme', sku: 'AU-1', product_name: 'Jack', warranty_term: '1 year' }).expect(201);
    expect(doneOf((await owner.agent.get('/api/onboarding').expect(200)).body)).toMatchObject({ products: true, smtp: false });

    await owner.agent.put('/api/settings').send({ smtp_host: 'smtp.example.com', smtp_port: 2525 }).expect(200);
    expect(doneOf((await owner.agent.get('/api/onboarding').expect(200)).body)).toMatchObject({ smtp: true, twilio: false });

    await app.db.query(`update organizations set twilio_subaccount_sid = 'AC' || replace(id::text, '-', '') where id = $1`, [owner.user.organization_id]);
    expect(doneOf((await owner.agent.get('/api/onboarding').expect(200)).body)).toMatchObject({ twilio: true, team: false });

    await owner.agent.post('/api/users/invite').send({ username: `${owner.user.username}-mate` }).expect(201);
    const last = await owner.agent.get('/api/onboarding').expect(200);
    expect(doneOf(last.body)).toEqual({ brands: true, products: true, smtp: true, twilio: true, team: true });
    expect(last.body.complete).toBe(true);
  });

  it("reads only the signed-in user's organization", async () => {
    const busy = await registerOwner(app);
    await busy.agent.put('/api/settings').send({ brands: ['Busy'], smtp_host: 'smtp.example.com' }).expect(200);
    const fresh = await registerOwner(app);
    expect(doneOf((await fresh.agent.get('/api/onboarding').expect(200)).body)).toEqual({ brands: false, products: false, smtp: false, twilio: false, team: false });
  });

  it('needs a session', async () => {
    await app.request().get('/api/onboarding').expect(401);
  });
});

describe('POST /api/onboarding/dismiss', () => {
  it('hides the checklist for the organization, for good', async () => {
    const owner = await registerOwner(app);
    const res = await owner.agent.post('/api/onboarding/dismiss').expect(200);
    expect(res.body.dismissed).toBe(true);
    expect((await owner.agent.get('/api/onboarding').expect(200)).body.dismissed).toBe(true);
    await owner.agent.post('/api/onboarding/dismiss').expect(200);
    const other = await registerOwner(app);
    expect((await other.agent.get('/api/onboarding').expect(200)).body.dismissed).toBe(false);
  });

  it('is for the account owner only', async () => {
    const owner = await registerOwner(app);
    const member = await inviteMember(app, owner);
    const res = await member.agent.post('/api/onboarding/dismiss').expect(403);
    expect(res.body.message).toBe('Only the account owner can dismiss the setup checklist');
    expect((await member.agent.get('/api/onboarding').expect(200)).body.dismissed).toBe(false);
  });
});
