import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { inviteMember } from './factories/members.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Issue 30: products imported from CSV, with a preview and per-row errors, nothing written until confirmed. */

let app: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  await owner.agent.put('/api/settings').send({ brands: ['IronJack', 'TorqueLine'] }).expect(200);
  await owner.agent.post('/api/products').send({ brand: 'IronJack', sku: 'FJ-250', product_name: '3-Ton Floor Jack', warranty_term: '1 year' }).expect(201);
  await owner.agent.post('/api/products').send({ brand: 'IronJack', sku: 'FJ-300', product_name: 'Same Jack', warranty_term: '2 years' }).expect(201);
});
afterAll(async () => app.close());

const count = async () => Number((await app.db.query('select count(*) as n from products where organization_id = $1', [owner.user.organization_id])).rows[0].n);

const FILE = [
  'Brand,SKU / Model Number,Product Name,Warranty Term,Sale Locations',
  'IronJack,FJ-250,3-Ton Floor Jack (2026),18 months,online;Store #12',
  'IronJack,FJ-300,Same Jack,2 years,',
  'TorqueLine,TL-1,"Bottle Jack, 12 ton",90 days,in-store',
  'TorqueLine,TL-2,,1 year,',
  'Acme,AC-1,Unknown brand jack,1 year,',
  'IronJack,FJ-900,Bad term,forever-ish,',
  'TorqueLine,TL-1,Repeated,1 year,',
].join('\n');

describe('product import', () => {
  it('previews each line with its action and errors, and writes nothing', async () => {
    const before = await count();
    const res = await owner.agent.post('/api/products/import/preview').send({ csv: FILE }).expect(200);
    expect(res.body.summary).toEqual({ create: 1, update: 1, unchanged: 1, error: 4 });
    const byLine = Object.fromEntries((res.body.rows as { line: number; action: string; errors: { field: string; message: string }[] }[]).map((r) => [r.line, r]));
    expect(byLine[2]).toMatchObject({ action: 'update', product_name: '3-Ton Floor Jack (2026)', sale_locations: ['online', 'Store #12'] });
    expect(byLine[3]).toMatchObject({ action: 'unchanged' });
    expect(byLine[4]).toMatchObject({ action: 'create', product_name: 'Bottle Jack, 12 ton' });
    expect(byLine[5].errors).toEqual([{ field: 'product_name', message: 'Product Name is required' }]);
    expect(byLine[6].errors).toEqual([{ field: 'brand', message: '"Acme" is not one of your saved brands: add it under Tickets Configuration first' }]);
    expect(byLine[7].errors.map((e) => e.field)).toEqual(['warranty_term']);
    expect(byLine[8].errors).toEqual([{ field: 'sku', message: 'Repeats the SKU of line 4' }]);
    expect(await count()).toBe(before);
  });

  it('refuses to import a file with errors, and imports a clean one in one go', async () => {
    const before = await count();
    const refused = await owner.agent.post('/api/products/import').send({ csv: FILE }).expect(400);
    expect(refused.body.message).toBe('4 rows have errors: fix the file and preview it again; nothing was imported');
    expect(await count()).toBe(before);

    const clean = FILE.split('\n').slice(0, 4).join('\n');
    const done = await owner.agent.post('/api/products/import').send({ csv: clean }).expect(200);
    expect(done.body.summary).toEqual({ create: 1, update: 1, unchanged: 1, error: 0 });
    expect(await count()).toBe(before + 1);
    const updated = await owner.agent.get('/api/products').query({ brand: 'IronJack' }).expect(200);
    expect(updated.body.find((p: { sku: string }) => p.sku === 'FJ-250')).toMatchObject({ product_name: '3-Ton Floor Jack (2026)', warranty_term: '18 months' });
    const audit = (await owner.agent.get('/api/audit-log').expect(200)).body as { subject: string }[];
    expect(audit.map((a) => a.subject)).toContain('Products imported');
  });

  it("uses the dialog's brand when the file has none, and explains unreadable files", async () => {
    const res = await owner.agent.post('/api/products/import/preview').send({ csv: 'SKU,Product Name,Warranty Term\nTL-9,Low Jack,6 months', brand: 'TorqueLine' }).expect(200);
    expect(res.body.rows[0]).toMatchObject({ brand: 'TorqueLine', sku: 'TL-9', action: 'create' });
    const noHeader = await owner.agent.post('/api/products/import/preview').send({ csv: 'a,b\n1,2' }).expect(400);
    expect(noHeader.body.message).toBe('The header row must name the columns Brand, SKU, Product Name and Warranty Term (missing: brand, sku, product_name, warranty_term)');
    const empty = await owner.agent.post('/api/products/import/preview').send({ csv: '' }).expect(400);
    expect(JSON.stringify(empty.body)).toContain('Choose a CSV file to import');
    const broken = await owner.agent.post('/api/products/import/preview').send({ csv: 'Brand,SKU,Product Name,Warranty Term\n"IronJack,FJ-1' }).expect(400);
    expect(broken.body.message).toMatch(/^The file is not valid CSV: /);
  });

  it('is for owners and admins', async () => {
    const agent = await inviteMember(app, owner);
    await agent.agent.post('/api/products/import/preview').send({ csv: FILE }).expect(403);
  });
});
