import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { JACK_MODELS, ticketWarranty, type WarrantyProduct } from '@warranty-crm/contract';
import { isoDaysAgo, ticketPayload } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * One warranty rule (issue 26): what the admin's create dialog shows before saving is the contract's
 * ticketWarranty over the organization's products (GET /api/products, oldest first) and the default
 * ticket brand; what the saved ticket says is the server's. For random products, terms, purchase
 * dates and product fields they must agree: the verdict and the days left.
 */
let app: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
});
afterAll(async () => app.close());

const BRANDS = ['IronJack', 'TorqueLine'];
/** A term the API now refuses, kept by products saved before it did (written to the row directly). */
const LEGACY_TERM = 'until it breaks';
const TERMS = ['1 year', '6 months', '90 days', '45 days', '30 days', '2 weeks', '18 months', '1 year 6 months', 'Lifetime', 'None', LEGACY_TERM];
const SKUS = ['FJ-1', 'FJ-2', ' fj-3 '];
const NAMES = [...JACK_MODELS.slice(0, 3), 'Bottle Jack'];

const productArb = fc.record({
  brand: fc.constantFrom(...BRANDS),
  sku: fc.constantFrom(...SKUS),
  product_name: fc.constantFrom(...NAMES),
  warranty_term: fc.constantFrom(...TERMS),
});

const caseArb = fc.record({
  // a brand has one product per SKU (the API's 409), so unique by brand and SKU
  products: fc.uniqueArray(productArb, { maxLength: 4, selector: (p) => `${p.brand}|${p.sku.trim().toLowerCase()}` }),
  defaultBrand: fc.constantFrom<string | null>(null, ...BRANDS),
  productSku: fc.constantFrom('FJ-1', 'fj-2', 'FJ-3', 'NO-SUCH-SKU'),
  jackModel: fc.constantFrom(...JACK_MODELS),
  daysAgo: fc.integer({ min: 0, max: 5 * 365 - 1 }),
});

async function setUp(products: { brand: string; sku: string; product_name: string; warranty_term: string }[], defaultBrand: string | null) {
  const existing = (await owner.agent.get('/api/products').expect(200)).body as { id: string }[];
  for (const p of existing) await owner.agent.delete(`/api/products/${p.id}`).expect(200);
  await owner.agent.put('/api/settings').send({ brands: BRANDS, ticket_brand: defaultBrand }).expect(200);
  for (const p of products) {
    const legacy = p.warranty_term === LEGACY_TERM;
    const created = await owner.agent.post('/api/products').send({ ...p, warranty_term: legacy ? '1 year' : p.warranty_term, sale_locations: ['online'] }).expect(201);
    if (legacy) await app.db.query('update products set warranty_term = $1 where id = $2', [LEGACY_TERM, created.body.id]);
  }
}

/** The products as the admin reads them: the API's list, oldest first, camelCased for the contract. */
async function productsAsTheAdminReadsThem(): Promise<WarrantyProduct[]> {
  const res = await owner.agent.get('/api/products').query({ sort: JSON.stringify(['created_at', 'ASC']) }).expect(200);
  return (res.body as { brand: string; sku: string; product_name: string; warranty_term: string | null }[]).map((p) => ({
    brand: p.brand,
    sku: p.sku,
    productName: p.product_name,
    warrantyTerm: p.warranty_term,
  }));
}

describe('the warranty rule', () => {
  it('gives the create dialog the verdict and days left the saved ticket reports, for random products and dates', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ products, defaultBrand, productSku, jackModel, daysAgo }) => {
        await setUp(products, defaultBrand);
        const purchaseDate = isoDaysAgo(daysAgo);
        const predicted = ticketWarranty({ purchaseDate, productSku, productModel: jackModel, productBrand: defaultBrand }, await productsAsTheAdminReadsThem(), new Date());

        const created = await owner.agent.post('/api/tickets').send(ticketPayload({ purchaseDate, productSku, jackModel })).expect(201);
        const saved = (await owner.agent.get(`/api/tickets/${created.body.id}`).expect(200)).body;
        expect({ under_warranty: saved.under_warranty, warranty_days_left: saved.warranty_days_left }).toEqual(predicted);
        expect({ under_warranty: created.body.under_warranty, warranty_days_left: created.body.warranty_days_left }).toEqual(predicted);
      }),
      { numRuns: 60 },
    );
  });
});
