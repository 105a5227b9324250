import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTicket, isoDaysAgo } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  await owner.agent.put('/api/settings').send({ brands: ['IronJack', 'TorqueLine'] }).expect(200);
});
afterAll(async () => app.close());

const product = (overrides: Record<string, unknown> = {}) => ({
  brand: 'IronJack',
  sku: 'FJ-250',
  product_name: '3-Ton Floor Jack',
  warranty_term: '1 year',
  sale_locations: ['online', 'in-store', 'Store #12'],
  ...overrides,
});

describe('products CRUD', () => {
  it('creates, lists by brand, replaces and deletes a product', async () => {
    const created = await owner.agent
      .post('/api/products')
      .send(product({ sku: ' BJ-12 ', product_name: ' Bottle Jack ', sale_locations: [' online ', '', 'Online', 'Store #4 '] }))
      .expect(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      brand: 'IronJack',
      sku: 'BJ-12',
      product_name: 'Bottle Jack',
      sale_locations: ['online', 'Store #4'],
      warranty_term: '1 year',
      warranty_term_kind: 'days',
      warranty_term_days: 365,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    await owner.agent.post('/api/products').send(product({ brand: 'TorqueLine', sku: 'TL-1', warranty_term: 'Lifetime' })).expect(201);

    const list = await owner.agent.get('/api/products').query({ brand: 'IronJack' }).expect(200);
    expect(list.body.map((p: { sku: string }) => p.sku)).toEqual(['BJ-12']);
    expect(list.headers['content-range']).toBe('products 0-0/1');
    const other = await owner.agent.get('/api/products').query({ brand: 'TorqueLine' }).expect(200);
    expect(other.body).toMatchObject([{ sku: 'TL-1', warranty_term_kind: 'lifetime', warranty_term_days: null }]);

    const updated = await owner.agent
      .put(`/api/products/${created.body.id}`)
      .send(product({ sku: 'BJ-12', product_name: 'Bottle Jack 12T', warranty_term: '18 months', sale_locations: [] }))
      .expect(200);
    expect(updated.body).toMatchObject({ product_name: 'Bottle Jack 12T', sale_locations: [], warranty_term_kind: 'days', warranty_term_days: 540 });
    await owner.agent.get(`/api/products/${created.body.id}`).expect(200).then((r) => expect(r.body.product_name).toBe('Bottle Jack 12T'));

    const deleted = await owner.agent.delete(`/api/products/${created.body.id}`).expect(200);
    expect(deleted.body.id).toBe(created.body.id);
    await owner.agent.get(`/api/products/${created.body.id}`).expect(404);
    const rows = await app.db.query('select count(*)::int as n from products where id = $1', [created.body.id]);
    expect(rows.rows[0].n).toBe(0);
  });

  it.each([
    [{ sku: '  ' }, 'sku', 'SKU / Model Number is required'],
    [{ sku: undefined }, 'sku', 'SKU / Model Number is required'],
    [{ product_name: '' }, 'product_name', 'Product Name is required'],
    [{ warranty_term: ' ' }, 'warranty_term', 'Warranty Term is required'],
    [{ brand: '' }, 'brand', 'Brand is required'],
    [{ sale_locations: 'online' }, 'sale_locations', 'Sale locations must be a list such as ["online", "in-store", "Store #12"]'],
    [{ sale_locations: null }, 'sale_locations', 'Sale locations must be a list such as ["online", "in-store", "Store #12"]'],
    [{ sale_locations: ['online', 3] }, 'sale_locations', 'Sale locations must be a list such as ["online", "in-store", "Store #12"]'],
  ])('rejects %j with the form message', async (overrides, field, message) => {
    const res = await owner.agent.post('/api/products').send(product({ sku: 'X-1', ...overrides })).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: message, message, errors: [{ field, message }] });
  });

  const UNREADABLE =
    'Warranty Term must be a length of time such as "90 days", "6 months", "1 year" or "1 year 6 months" (days, weeks, months or years), "Lifetime" or "None"';

  it.each(['banana', '1 banana', 'ask the store', '12', 'year'])('refuses the warranty term %j that the term parser cannot read, naming the accepted forms', async (term) => {
    const res = await owner.agent.post('/api/products').send(product({ sku: 'TERM-1', warranty_term: term })).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: UNREADABLE, message: UNREADABLE, errors: [{ field: 'warranty_term', message: UNREADABLE }] });
    const rows = await app.db.query("select count(*)::int as n from products where sku = 'TERM-1'");
    expect(rows.rows[0].n).toBe(0);
  });

  it('refuses an unreadable term on replace too, and keeps the stored one', async () => {
    const created = await owner.agent.post('/api/products').send(product({ sku: 'TERM-2', warranty_term: '2 years' })).expect(201);
    const res = await owner.agent.put(`/api/products/${created.body.id}`).send(product({ sku: 'TERM-2', warranty_term: 'banana' })).expect(400);
    expect(res.body.error).toBe(UNREADABLE);
    expect((await owner.agent.get(`/api/products/${created.body.id}`).expect(200)).body.warranty_term).toBe('2 years');
  });

  it.each(['90 days', '6 months', '1 year 6 months', '2-year limited warranty', 'Lifetime', 'None'])('accepts the term %j', async (term) => {
    const created = await owner.agent.post('/api/products').send(product({ sku: `OK-${term}`, warranty_term: term })).expect(201);
    expect(created.body.warranty_term_kind).not.toBe('unknown');
  });

  it('refuses a product for a brand that is not a saved brand, on create and on replace', async () => {
    const res = await owner.agent.post('/api/products').send(product({ brand: 'Unsaved', sku: 'U-1' })).expect(400);
    const message = '"Unsaved" is not one of your saved brands: add it under Tickets Configuration and save before adding its products';
    expect(res.body).toMatchObject({ statusCode: 400, error: message, code: 'products.brand_not_saved', errors: [{ field: 'brand', message }] });
    const created = await owner.agent.post('/api/products').send(product({ sku: 'U-2' })).expect(201);
    await owner.agent.put(`/api/products/${created.body.id}`).send(product({ brand: 'Unsaved', sku: 'U-2' })).expect(400);
    const rows = await app.db.query("select brand from products where organization_id = $1 and (brand = 'Unsaved' or sku = 'U-2')", [owner.user.organization_id]);
    expect(rows.rows).toEqual([{ brand: 'IronJack' }]);
  });

  it('refuses to remove a brand that still has products, and removes it once they are deleted', async () => {
    const seller = await registerOwner(app);
    await seller.agent.put('/api/settings').send({ brands: ['Keep', 'Gone'], ticket_brand: 'Gone' }).expect(200);
    const a = await seller.agent.post('/api/products').send(product({ brand: 'Gone', sku: 'G-1' })).expect(201);
    const b = await seller.agent.post('/api/products').send(product({ brand: 'Gone', sku: 'G-2' })).expect(201);
    const res = await seller.agent.put('/api/settings').send({ brands: ['Keep'] }).expect(409);
    const message = '"Gone" still has 2 products: delete them under Manage Products before removing the brand';
    expect(res.body).toMatchObject({ statusCode: 409, error: message, code: 'settings.brand_has_products', errors: [{ field: 'brands', message }] });
    expect((await seller.agent.get('/api/settings').expect(200)).body).toMatchObject({ brands: ['Keep', 'Gone'], ticket_brand: 'Gone' });

    await seller.agent.delete(`/api/products/${a.body.id}`).expect(200);
    await seller.agent.delete(`/api/products/${b.body.id}`).expect(200);
    const saved = await seller.agent.put('/api/settings').send({ brands: ['Keep'] }).expect(200);
    expect(saved.body).toMatchObject({ brands: ['Keep'], ticket_brand: null });
  });

  it('refuses a second product with the same SKU in a brand with a 409', async () => {
    await owner.agent.post('/api/products').send(product({ sku: 'DUP-1' })).expect(201);
    const res = await owner.agent.post('/api/products').send(product({ sku: 'DUP-1' })).expect(409);
    expect(res.body.error).toBe('IronJack already has a product with SKU / Model Number DUP-1');
    await owner.agent.post('/api/products').send(product({ sku: 'DUP-1', brand: 'TorqueLine' })).expect(201);
  });

  it("answers 404 for another organization's product and never lists it", async () => {
    const other = await registerOwner(app);
    await other.agent.put('/api/settings').send({ brands: ['IronJack'] }).expect(200);
    const theirs = await other.agent.post('/api/products').send(product({ sku: 'THEIRS-1' })).expect(201);
    await owner.agent.get(`/api/products/${theirs.body.id}`).expect(404);
    await owner.agent.put(`/api/products/${theirs.body.id}`).send(product({ sku: 'MINE' })).expect(404);
    await owner.agent.delete(`/api/products/${theirs.body.id}`).expect(404);
    await owner.agent.delete('/api/products/not-a-uuid').expect(404);
    const mine = await owner.agent.get('/api/products').expect(200);
    expect(mine.body.map((p: { sku: string }) => p.sku)).not.toContain('THEIRS-1');
    const still = await other.agent.get(`/api/products/${theirs.body.id}`).expect(200);
    expect(still.body.sku).toBe('THEIRS-1');
  });

  it('needs a session', async () => {
    await app.request().get('/api/products').expect(401);
  });
});

describe("a product's warranty term in tickets", () => {
  let buyer: SignedIn;
  beforeAll(async () => {
    buyer = await registerOwner(app);
    await buyer.agent.put('/api/settings').send({ brands: ['IronJack', 'TorqueLine'] }).expect(200);
    const add = (overrides: Record<string, unknown>) =>
      buyer.agent.post('/api/products').send(product({ product_name: `Jack ${String(overrides.sku)}`, ...overrides })).expect(201);
    await add({ sku: 'YEAR-1', warranty_term: '1 year' });
    await add({ sku: 'MONTH-1', warranty_term: '30 days' });
    await add({ sku: 'LIFE-1', warranty_term: 'Lifetime' });
    // A term saved before terms were checked (issue 26) still reads as not understood.
    const odd = await add({ sku: 'ODD-1', warranty_term: '1 year' });
    await app.db.query("update products set warranty_term = 'ask the store' where id = $1", [odd.body.id]);
    await add({ brand: 'TorqueLine', sku: 'TL-YEAR', warranty_term: '2 years' });
    await add({ sku: 'TJ-2', product_name: '2-Ton Floor Jack', warranty_term: '6 months' });
  });

  it("uses the term of the product named like the ticket's model when the SKU matches none", async () => {
    const ticket = await createTicket(buyer.agent, { productSku: 'UNKNOWN-7', jackModel: '2-Ton Floor Jack', productBrand: 'IronJack', purchaseDate: isoDaysAgo(100) });
    expect(ticket).toMatchObject({ under_warranty: true, warranty_days_left: 80 });
  });

  it('uses the matching SKU\'s term instead of 90 days', async () => {
    const ticket = await createTicket(buyer.agent, { productSku: 'year-1 ', productBrand: 'IronJack', purchaseDate: isoDaysAgo(200) });
    expect(ticket).toMatchObject({ under_warranty: true, warranty_days_left: 165 });
    const read = await buyer.agent.get(`/api/tickets/${ticket.id}`).expect(200);
    expect(read.body).toMatchObject({ under_warranty: true, warranty_days_left: 165 });
    const list = await buyer.agent.get('/api/tickets').expect(200);
    expect(list.body.find((t: { id: string }) => t.id === ticket.id)).toMatchObject({ under_warranty: true, warranty_days_left: 165 });
  });

  it('applies a shorter term, matched by SKU', async () => {
    const ticket = await createTicket(buyer.agent, { productSku: 'MONTH-1', productBrand: 'IronJack', purchaseDate: isoDaysAgo(45) });
    expect(ticket).toMatchObject({ under_warranty: false, warranty_days_left: 0 });
  });

  it('covers a lifetime product forever', async () => {
    const ticket = await createTicket(buyer.agent, { productSku: 'LIFE-1', productBrand: 'IronJack', purchaseDate: isoDaysAgo(1500) });
    expect(ticket).toMatchObject({ under_warranty: true, warranty_days_left: null });
  });

  it('keeps 90 days when no product matches, its term is not understood, or the brand differs', async () => {
    const none = await createTicket(buyer.agent, { productSku: 'NOPE-9', productBrand: 'IronJack', purchaseDate: isoDaysAgo(200) });
    expect(none).toMatchObject({ under_warranty: false, warranty_days_left: 0 });
    const odd = await createTicket(buyer.agent, { productSku: 'ODD-1', productBrand: 'IronJack', purchaseDate: isoDaysAgo(60) });
    expect(odd).toMatchObject({ under_warranty: true, warranty_days_left: 30 });
    const otherBrand = await createTicket(buyer.agent, { productSku: 'TL-YEAR', productBrand: 'IronJack', purchaseDate: isoDaysAgo(200) });
    expect(otherBrand).toMatchObject({ under_warranty: false });
    const sameBrand = await createTicket(buyer.agent, { productSku: 'TL-YEAR', productBrand: 'TorqueLine', purchaseDate: isoDaysAgo(200) });
    expect(sameBrand).toMatchObject({ under_warranty: true, warranty_days_left: 530 });
  });

  it("never uses another organization's product", async () => {
    const other = await registerOwner(app);
    await other.agent.put('/api/settings').send({ brands: ['IronJack'] }).expect(200);
    await other.agent.post('/api/products').send(product({ sku: 'SHARED-SKU', product_name: 'Theirs', warranty_term: '5 years' })).expect(201);
    const ticket = await createTicket(buyer.agent, { productSku: 'SHARED-SKU', productBrand: 'IronJack', purchaseDate: isoDaysAgo(200) });
    expect(ticket).toMatchObject({ under_warranty: false, warranty_days_left: 0 });
  });

  it('gives each ticket of the list (which reads the products in its own statement) the warranty of its detail', async () => {
    const list = await buyer.agent.get('/api/tickets').expect(200);
    expect(list.body.length).toBeGreaterThanOrEqual(8);
    const warranty = (t: { id: string; under_warranty: boolean; warranty_days_left: number | null }) => ({
      id: t.id,
      under_warranty: t.under_warranty,
      warranty_days_left: t.warranty_days_left,
    });
    const details = await Promise.all(list.body.map((t: { id: string }) => buyer.agent.get(`/api/tickets/${t.id}`).expect(200)));
    expect(list.body.map(warranty)).toEqual(details.map((d) => warranty(d.body)));
    // Lifetime, model name, SKU, other brand and the default all appear among them.
    expect(new Set(list.body.map((t: { warranty_days_left: number | null }) => t.warranty_days_left))).toEqual(new Set([80, 165, 0, null, 30, 530]));
  });
});
