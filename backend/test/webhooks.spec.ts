import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registerOwner, type SignedIn } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  app = await startTestApp({ PUBLIC_BASE_URL: 'https://crm.example.com' });
  owner = await registerOwner(app);
});
afterAll(async () => app.close());

const REQUIRED = 'Please provide both a name and select a brand';

describe('brand webhooks', () => {
  it('creates a webhook with trimmed fields and its Retell URLs, lists and deletes it', async () => {
    const created = await owner.agent.post('/api/webhooks').send({ name: '  IronJack line ', brand: ' IronJack ' }).expect(201);
    const id = created.body.id;
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'IronJack line',
      brand: 'IronJack',
      created_at: expect.any(String),
      retell_webhook_url: `https://crm.example.com/api/webhooks/retell/${id}`,
      create_warranty_ticket_url: `https://crm.example.com/api/functions/create_warranty_ticket/${id}`,
    });
    const list = await owner.agent.get('/api/webhooks').expect(200);
    expect(list.body).toEqual([created.body]);
    expect(list.headers['content-range']).toBe('webhooks 0-0/1');

    await owner.agent.delete(`/api/webhooks/${id}`).expect(200).then((r) => expect(r.body.id).toBe(id));
    await owner.agent.get('/api/webhooks').expect(200).then((r) => expect(r.body).toEqual([]));
    const rows = await app.db.query('select count(*)::int as n from webhooks where id = $1', [id]);
    expect(rows.rows[0].n).toBe(0);
  });

  it.each([
    [{ name: '   ', brand: 'IronJack' }, 'name'],
    [{ name: 'Line', brand: '  ' }, 'brand'],
    [{ name: 'Line' }, 'brand'],
    [{ brand: 'IronJack' }, 'name'],
    [{ name: 5, brand: 'IronJack' }, 'name'],
  ])('rejects %j with the spec message', async (body, field) => {
    const res = await owner.agent.post('/api/webhooks').send(body).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: REQUIRED, message: REQUIRED });
    expect(res.body.errors[0]).toEqual({ field, message: REQUIRED });
  });

  it("neither lists nor deletes another organization's webhook", async () => {
    const other = await registerOwner(app);
    const theirs = await other.agent.post('/api/webhooks').send({ name: 'Theirs', brand: 'B' }).expect(201);
    const mine = await owner.agent.get('/api/webhooks').expect(200);
    expect(mine.body.map((w: { id: string }) => w.id)).not.toContain(theirs.body.id);
    await owner.agent.delete(`/api/webhooks/${theirs.body.id}`).expect(404);
    await owner.agent.delete('/api/webhooks/nope').expect(404);
    await other.agent.get('/api/webhooks').expect(200).then((r) => expect(r.body).toHaveLength(1));
  });

  it('needs a session', async () => {
    await app.request().get('/api/webhooks').expect(401);
    await app.request().post('/api/webhooks').send({ name: 'x', brand: 'y' }).expect(401);
  });
});
