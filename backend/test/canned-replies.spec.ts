import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { inviteMember, type InvitedMember } from './factories/members.js';
import { createTicket, isoDaysAgo } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let owner: SignedIn;
let agent: InvitedMember;
let stranger: SignedIn;

beforeAll(async () => {
  app = await startTestApp({ JOBS_WORKER: 'false' });
  owner = await registerOwner(app);
  agent = await inviteMember(app, owner);
  stranger = await registerOwner(app);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('canned replies', () => {
  it('are written by admins and owners, read by every user, and listed by name', async () => {
    const b = await owner.agent.post('/api/canned-replies').send({ name: 'Shipped', body: 'Your replacement shipped.' }).expect(201);
    const a = await owner.agent.post('/api/canned-replies').send({ name: '  Apology  ', body: 'Sorry about {{product}}.' }).expect(201);
    expect(a.body).toMatchObject({ name: 'Apology', body: 'Sorry about {{product}}.' });

    const list = await agent.agent.get('/api/canned-replies').expect(200);
    expect(list.body.map((r: { name: string }) => r.name)).toEqual(['Apology', 'Shipped']);
    expect(list.headers['content-range']).toBe('canned-replies 0-1/2');
    expect((await agent.agent.get(`/api/canned-replies/${b.body.id}`).expect(200)).body.body).toBe('Your replacement shipped.');

    const refused = await agent.agent.post('/api/canned-replies').send({ name: 'Mine', body: 'x' }).expect(403);
    expect(refused.body.code).toBe('auth.role_required');
    await agent.agent.put(`/api/canned-replies/${b.body.id}`).send({ name: 'Shipped', body: 'changed' }).expect(403);
    await agent.agent.delete(`/api/canned-replies/${b.body.id}`).expect(403);

    const updated = await owner.agent.put(`/api/canned-replies/${b.body.id}`).send({ name: 'Shipped today', body: 'It left today.' }).expect(200);
    expect(updated.body).toMatchObject({ id: b.body.id, name: 'Shipped today', body: 'It left today.' });
    await owner.agent.delete(`/api/canned-replies/${b.body.id}`).expect(200);
    expect((await owner.agent.get('/api/canned-replies').expect(200)).body.map((r: { name: string }) => r.name)).toEqual(['Apology']);
  });

  it('refuses an empty name or text, a name in use, and another organization\'s reply', async () => {
    const missing = await owner.agent.post('/api/canned-replies').send({ name: ' ', body: '  ' }).expect(400);
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name is required' },
        { field: 'body', message: 'Reply text is required' },
      ]),
    );
    const long = await owner.agent.post('/api/canned-replies').send({ name: 'x'.repeat(101), body: 'b' }).expect(400);
    expect(long.body.error).toBe('Name must be at most 100 characters');
    await owner.agent.post('/api/canned-replies').send({ name: 'Taken', body: 'one' }).expect(201);
    const taken = await owner.agent.post('/api/canned-replies').send({ name: 'Taken', body: 'two' }).expect(409);
    expect(taken.body.error).toBe('A canned reply with this name already exists');

    const theirs = await stranger.agent.post('/api/canned-replies').send({ name: 'Theirs', body: 'secret' }).expect(201);
    await owner.agent.get(`/api/canned-replies/${theirs.body.id}`).expect(404);
    await owner.agent.put(`/api/canned-replies/${theirs.body.id}`).send({ name: 'Mine now', body: 'x' }).expect(404);
    expect((await owner.agent.get('/api/canned-replies').expect(200)).body.map((r: { name: string }) => r.name)).not.toContain('Theirs');
    // The same name in another organization is its own.
    await stranger.agent.post('/api/canned-replies').send({ name: 'Taken', body: 'theirs' }).expect(201);
  });

  it('renders a reply filled from the ticket, for any user of the organization', async () => {
    const ticket = await createTicket(owner.agent, { customerName: 'Maria Gonzalez', productBrand: '', jackModel: '3-Ton Floor Jack', purchaseDate: isoDaysAgo(30) });
    const reply = await owner.agent
      .post('/api/canned-replies')
      .send({ name: 'Status', body: 'Hi {{customer_first_name}}, ticket {{ticket_number}} for your {{product}}: {{warranty_days_left}} days of warranty left. We answer by {{respond_by}}. {{unknown}}' })
      .expect(201);
    const res = await agent.agent.get(`/api/tickets/${ticket.id}/canned-replies/${reply.body.id}/render`).query({ tz: 'UTC' }).expect(200);
    const detail = (await owner.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body;
    const respondBy = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short',
    }).format(new Date(detail.respond_by));
    expect(res.body).toEqual({
      id: reply.body.id,
      name: 'Status',
      text: `Hi Maria, ticket ${ticket.ticket_number} for your ${[detail.product_brand, '3-Ton Floor Jack'].filter(Boolean).join(' ')}: 60 days of warranty left. We answer by ${respondBy}. {{unknown}}`,
    });
    expect(detail.warranty_days_left).toBe(60);

    await agent.agent.get(`/api/tickets/${ticket.id}/canned-replies/${reply.body.id}/render`).query({ tz: 'Mars/Olympus' }).expect(400);
    const otherTicket = await createTicket(stranger.agent);
    await owner.agent.get(`/api/tickets/${otherTicket.id}/canned-replies/${reply.body.id}/render`).expect(404);
    await owner.agent.get(`/api/tickets/${ticket.id}/canned-replies/not-an-id/render`).expect(404);
  });

  it("uses the term of the ticket's product for {{warranty_days_left}}", async () => {
    await owner.agent.put('/api/settings').send({ brands: ['IronJack'] }).expect(200);
    await owner.agent.post('/api/products').send({ brand: 'IronJack', sku: 'LT-1', product_name: 'One-Year Jack', warranty_term: '1 year' }).expect(201);
    const ticket = await createTicket(owner.agent, { productBrand: 'IronJack', productSku: 'LT-1', purchaseDate: isoDaysAgo(65) });
    const reply = await owner.agent.post('/api/canned-replies').send({ name: 'Days', body: '{{warranty_days_left}}' }).expect(201);
    const res = await owner.agent.get(`/api/tickets/${ticket.id}/canned-replies/${reply.body.id}/render`).expect(200);
    expect(res.body.text).toBe('300');
  });
});
