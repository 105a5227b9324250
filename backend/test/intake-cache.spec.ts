import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { IntakeCache } from '../src/modules/settings/intake-cache.js';
import { ticketPayload } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { eventually } from './support/job-probe.js';
import { statementsOf } from './support/statement-counter.js';
import type { TestApp } from './support/test-app.js';
import { sessionCookie, startTwoInstances, type TwoInstances } from './support/two-instances.js';

/**
 * Issue 32: a create reads its organization's intake settings (country, ticket brand, response
 * hours, questions) from memory, and every instance drops them when they change (LISTEN/NOTIFY):
 * two app instances on one database, the same session on both, as behind a load balancer.
 */
let instances: TwoInstances<IntakeCache>;
let a: TestApp;
let b: TestApp;
let owner: SignedIn;
let cookie: string;

/** Changes made on one instance show on the other within this bound (a NOTIFY's latency). */
const AT_ONCE_MS = 2_000;

beforeAll(async () => {
  instances = await startTwoInstances(IntakeCache, { JOBS_WORKER: 'false' });
  ({ a, b } = instances);
  owner = await registerOwner(a);
  cookie = await sessionCookie(a, owner);
  await owner.agent.put('/api/settings').send({ brands: ['IronJack', 'TorqueLine'], ticket_brand: 'IronJack' }).expect(200);
});
afterAll(() => instances?.close());

const cacheOf = (app: TestApp): IntakeCache => instances.cacheOf(app);

/** A create on `app` without a brand or a country code: it takes the default brand, and the phone is read in the country. */
async function create(app: TestApp): Promise<{ product_brand: string; customer: { phone: string } }> {
  const res = await app.request().post('/api/tickets').set('Cookie', cookie).send(ticketPayload({ productBrand: '', customerPhone: '020 7946 0958' })).expect(201);
  return res.body;
}

const INTAKE_STATEMENT = /\bsystem_settings\b/;

describe('the intake cache', () => {
  it('a create reads the intake settings once, then from memory', async () => {
    await create(b);
    const { statements, error } = await statementsOf(b.em, async () => {
      for (let i = 0; i < 3; i++) expect((await create(b)).product_brand).toBe('IronJack');
    });
    expect(error).toBeUndefined();
    expect(statements.filter((s) => INTAKE_STATEMENT.test(s))).toEqual([]);
  });

  it('settings saved on one instance: the next create there has them, and the other instance has them at once', async () => {
    expect((await create(a)).product_brand).toBe('IronJack');
    expect((await create(b)).product_brand).toBe('IronJack');
    await owner.agent.put('/api/settings').send({ ticket_brand: 'TorqueLine' }).expect(200);
    expect((await create(a)).product_brand).toBe('TorqueLine');
    await eventually('instance b creates with the new brand', async () => (await create(b)).product_brand === 'TorqueLine', AT_ONCE_MS);
  });

  it('a change made in the database by anything else (another tool, a migration) is seen too', async () => {
    // Not a number in the United States: kept as typed.
    expect((await create(b)).customer.phone).toBe('020 7946 0958');
    await a.db.query(`update organizations set business_country = 'GB' where id = $1`, [owner.user.organization_id]);
    await eventually('the country is read anew', async () => (await create(b)).customer.phone === '+442079460958', AT_ONCE_MS);
    await a.db.query(`update system_settings set ticket_brand = 'IronJack' where organization_id = $1`, [owner.user.organization_id]);
    await eventually('the brand is read anew', async () => (await create(b)).product_brand === 'IronJack', AT_ONCE_MS);
  });

  it('serves nothing from memory while it cannot hear invalidations', () => {
    const cache = cacheOf(b);
    cache.listening(false);
    try {
      expect(cache.active).toBe(false);
      const token = cache.token;
      cache.put('00000000-0000-4000-8000-000000000001', { phoneCountry: 'US', defaultBrand: null, responseHours: { warranty: 24, technical_support: 48 }, questions: [] }, token);
      expect(cache.get('00000000-0000-4000-8000-000000000001')).toBeUndefined();
    } finally {
      cache.listening(true);
    }
  });
});
