import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTicket, setCreatedAt, type CreatedTicket } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { REBUILD_WARRANTY_ROLLUPS_SQL } from '../src/modules/warranty/warranty-rollup-rebuild.js';
import { periodWindow, RESOLUTION_HOURS_SQL, resolutionHoursParams, ROLLUPS_SQL, rollupsParams } from '../src/modules/warranty/warranty-analytics-sql.js';
import { medianOfHistogram } from '../src/modules/warranty/warranty-analytics.service.js';
import { bindTenant } from '../src/common/tenancy/tenant-statement.js';
import { positionalSql } from '../src/database/prepared-statements.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
let owner: SignedIn;
let other: SignedIn;

const DAY = 86_400_000;
const MODELS = ['2-Ton Floor Jack', '3-Ton Floor Jack'];
const SKUS = ['FJ-200', 'FJ-300'];
const CATEGORIES = ['Hydraulic Oil Leak', 'Handle Issues', "Won't Lift / Lifting Issues"];

/** A deterministic mix: brands, products, categories, creation days (some before 30 and 90 days), decisions, resolutions. */
async function seed(who: SignedIn): Promise<CreatedTicket[]> {
  const tickets: CreatedTicket[] = [];
  for (let i = 0; i < 24; i++) {
    const ticket = await createTicket(who.agent, {
      productBrand: i % 3 === 0 ? 'Beta' : 'Acme',
      jackModel: MODELS[i % 2],
      productSku: SKUS[(i >> 1) % 2],
      issueCategory: CATEGORIES[i % 3],
    });
    // Days ago: 0..~200, hours apart so claim-to-resolution times differ.
    await setCreatedAt(app, ticket.id, new Date(Date.now() - ((i * 9) % 200) * DAY - (i * 7 + 1) * 3_600_000));
    tickets.push(ticket);
    const url = `/api/tickets/${ticket.id}`;
    if (i % 4 === 1) {
      await who.agent.post(`${url}/decision`).send({ decision: 'denied', reason: 'Out of warranty', notify_customer: false }).expect(200);
    } else if (i % 4 !== 3) {
      await who.agent.post(`${url}/decision`).send({ decision: 'approved', notify_customer: false }).expect(200);
      const type = i % 5 === 0 ? 'refund' : 'replacement';
      await who.agent
        .post(`${url}/resolution`)
        .send({ type, items: [{ sku: SKUS[i % 2], quantity: 1 + (i % 3), unit_cost: 10 + i * 1.25 }, { sku: 'SEAL', quantity: 2, unit_cost: 3.1 }] })
        .expect(201);
      if (i % 2 === 0) {
        if (type === 'refund') await who.agent.patch(`${url}/resolution`).send({ state: 'refunded' }).expect(200);
        else {
          await who.agent.patch(`${url}/resolution`).send({ state: 'shipped' }).expect(200);
          await who.agent.patch(`${url}/resolution`).send({ state: 'delivered' }).expect(200);
        }
      }
    }
  }
  return tickets;
}

/** Every figure computed again with plain SQL over tickets, decisions, resolutions and items. */
async function scan(organizationId: string, from: string | null) {
  const q = async (sql: string) => (await app.db.query(sql, [organizationId, from])).rows;
  const base = `from tickets t left join warranty_claims c on c.ticket_id = t.id left join warranty_resolutions r on r.ticket_id = t.id
    left join (select resolution_id, sum(quantity * unit_cost) as cost from warranty_resolution_items group by resolution_id) i on i.resolution_id = r.id
    where t.organization_id = $1 and (t.created_at at time zone 'UTC')::date >= coalesce($2::date, '-infinity'::date)`;
  const [totals] = await q(`select count(*)::int as claims, count(*) filter (where c.decision = 'approved')::int as approved,
      count(*) filter (where c.decision = 'denied')::int as denied, coalesce(sum(i.cost), 0)::float8 as total_cost,
      round(count(*) filter (where c.decision = 'approved')::numeric / nullif(count(c.decision), 0), 4)::float8 as approval_rate ${base}`);
  const [median] = await q(`select percentile_disc(0.5) within group (order by floor(extract(epoch from x.ended - x.created_at) / 3600))::int as hours, count(*)::int as resolved
      from (select t.created_at, case when c.decision = 'denied' then c.decided_at else r.resolved_at end as ended ${base}) x where x.ended is not null`);
  const byProduct = await q(`select nullif(coalesce(t.product_brand, ''), '') as brand, nullif(coalesce(t.product_model, ''), '') as product, nullif(coalesce(t.product_sku, ''), '') as sku,
      count(*)::int as claims, round(count(*)::numeric / sum(count(*)) over (), 4)::float8 as claim_rate,
      count(*) filter (where c.decision = 'approved')::int as approved, count(*) filter (where c.decision = 'denied')::int as denied,
      round(count(*) filter (where c.decision = 'approved')::numeric / nullif(count(c.decision), 0), 4)::float8 as approval_rate,
      coalesce(sum(i.cost), 0)::float8 as cost ${base} group by 1, 2, 3 order by claims desc, 1, 2, 3`);
  const byCategory = await q(`select t.issue_category as category, count(*)::int as claims, round(count(*)::numeric / sum(count(*)) over (), 4)::float8 as claim_rate
      ${base} group by 1 order by claims desc, 1`);
  const reasons = await q(`select t.product_brand as brand, t.product_model as product, t.product_sku as sku, t.issue_category as category, count(*)::int as claims
      ${base} group by 1, 2, 3, 4 order by claims desc, category`);
  const costs = await q(`select to_char((t.created_at at time zone 'UTC')::date, 'YYYY-MM') as month, t.product_brand as brand, sum(i.cost)::float8 as cost
      ${base} and i.cost is not null group by 1, 2 order by 1, 2`);
  return { totals, median, byProduct, byCategory, reasons, costs };
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  other = await registerOwner(app);
  await owner.agent.put('/api/settings').send({ brands: ['Acme', 'Beta'] }).expect(200);
  await other.agent.put('/api/settings').send({ brands: ['Acme', 'Beta'] }).expect(200);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('GET /api/analytics/warranty', () => {
  it('gives each figure of each period as a direct scan of the rows, after edits, deletes and changed decisions', async () => {
    const tickets = await seed(owner);
    await seed(other); // another organization's claims count nowhere here

    // The triggers follow a moved creation day, a deleted ticket and a changed decision.
    await setCreatedAt(app, tickets[3].id, new Date(Date.now() - 400 * DAY));
    await app.db.query('update tickets set issue_category = $2, product_brand = $3 where id = $1', [tickets[6].id, 'Handle Issues', 'Beta']);
    await app.db.query('delete from tickets where id = $1', [tickets[9].id]);
    await owner.agent.post(`/api/tickets/${tickets[7].id}/decision`).send({ decision: 'approved', notify_customer: false }).expect(200);
    await owner.agent.post(`/api/tickets/${tickets[13].id}/decision`).send({ decision: 'approved', notify_customer: false }).expect(200);

    for (const period of ['30', '90', '365', 'all'] as const) {
      const body = (await owner.agent.get('/api/analytics/warranty').query({ period }).expect(200)).body;
      const from = period === 'all' ? null : new Date(Date.now() - (Number(period) - 1) * DAY).toISOString().slice(0, 10);
      const expected = await scan(owner.user.organization_id, from);
      expect(body.from).toBe(from);
      expect({
        claims: body.claims,
        approved: body.approved,
        denied: body.denied,
        approval_rate: body.approval_rate,
        total_cost: body.total_cost,
      }).toEqual({ ...expected.totals, total_cost: Math.round(expected.totals.total_cost * 100) / 100 });
      expect(body.resolved).toBe(expected.median.resolved);
      expect(body.median_hours_to_resolution).toBe(expected.median.hours);
      expect(body.by_product).toEqual(expected.byProduct.map((p) => ({ ...p, cost: Math.round(p.cost * 100) / 100 })));
      expect(body.by_category).toEqual(expected.byCategory);
      expect(body.cost_by_brand_month).toEqual(expected.costs.map((c) => ({ ...c, cost: Math.round(c.cost * 100) / 100 })));
      for (const product of body.top_failure_reasons) {
        const mine = expected.reasons.filter((r) => r.brand === product.brand && r.product === product.product && r.sku === product.sku);
        expect(product.reasons).toEqual(mine.slice(0, 3).map(({ category, claims }) => ({ category, claims })));
      }
      expect(body.top_failure_reasons).toHaveLength(Math.min(10, expected.byProduct.length));
    }
    // The periods differ (the seed spans 200 days), so the comparison above is not of empty figures.
    const [d30, all] = await Promise.all(['30', 'all'].map(async (period) => (await owner.agent.get('/api/analytics/warranty').query({ period }).expect(200)).body));
    expect(d30.claims).toBeGreaterThan(0);
    expect(all.claims).toBeGreaterThan(d30.claims);
    expect(all.total_cost).toBeGreaterThan(0);
    expect(all.median_hours_to_resolution).not.toBeNull();

    // The rebuild (a bulk load's, the bench's) gives what the triggers kept.
    const kept = async () =>
      (
        await app.db.query(
          // Summed over the stripes (concurrent writers add to different rows of a key).
          `select day::text, brand, sku, product, category, sum(claims)::int as claims, sum(approved)::int as approved, sum(denied)::int as denied,
                  sum(cost)::text as cost, sum(resolved)::int as resolved, round(sum(resolution_seconds))::bigint::text as seconds from warranty_rollups
            where organization_id = $1 group by 1, 2, 3, 4, 5
           having (sum(claims), sum(approved), sum(denied), sum(cost), sum(resolved)) <> (0, 0, 0, 0, 0) order by 1, 2, 3, 4, 5`,
          [owner.user.organization_id],
        )
      ).rows;
    const hours = async () =>
      (await app.db.query('select day::text, hours, n from warranty_resolution_hours where organization_id = $1 and n <> 0 order by 1, 2', [owner.user.organization_id])).rows;
    const monthly = async () =>
      (await app.db.query('select month::text, hours, n from warranty_resolution_hours_monthly where organization_id = $1 and n <> 0 order by 1, 2', [owner.user.organization_id])).rows;
    // The monthly rollups, summed over the stripes; and the daily ones summed by month.
    const months = async (daily: boolean) =>
      (
        await app.db.query(
          `select to_char(${daily ? 'day' : 'month'}, 'YYYY-MM') as month, brand, sku, product, category, sum(claims)::int as claims, sum(approved)::int as approved,
                  sum(denied)::int as denied, sum(cost)::text as cost, sum(resolved)::int as resolved, round(sum(resolution_seconds))::bigint::text as seconds
             from ${daily ? 'warranty_rollups' : 'warranty_rollups_monthly'} where organization_id = $1 group by 1, 2, 3, 4, 5
           having (sum(claims), sum(approved), sum(denied), sum(cost), sum(resolved)) <> (0, 0, 0, 0, 0) order by 1, 2, 3, 4, 5`,
          [owner.user.organization_id],
        )
      ).rows;
    const [byTriggers, hoursByTriggers, monthlyByTriggers, monthsByTriggers] = [await kept(), await hours(), await monthly(), await months(false)];
    expect(monthsByTriggers.length).toBeGreaterThan(1);
    expect(monthsByTriggers).toEqual(await months(true));
    // The monthly histogram is the daily one summed by month (first day of the month), and not empty.
    expect(monthlyByTriggers.length).toBeGreaterThan(1);
    const summed = new Map<string, number>();
    for (const h of hoursByTriggers) {
      const key = `${h.day.slice(0, 8)}01 ${h.hours}`;
      summed.set(key, (summed.get(key) ?? 0) + h.n);
    }
    expect(Object.fromEntries(monthlyByTriggers.map((m) => [`${m.month} ${m.hours}`, m.n]))).toEqual(Object.fromEntries([...summed].filter(([, n]) => n !== 0)));
    await app.db.query('begin');
    for (const sql of REBUILD_WARRANTY_ROLLUPS_SQL) {
      const bound = bindTenant(owner.user.organization_id, { sql, params: [] });
      await app.db.query(positionalSql(bound.sql), bound.params);
    }
    await app.db.query('commit');
    expect(await kept()).toEqual(byTriggers);
    expect(await hours()).toEqual(hoursByTriggers);
    expect(await monthly()).toEqual(monthlyByTriggers);
    expect(await months(false)).toEqual(monthsByTriggers);
  }, 180_000);

  it('reads the rollups and the histogram of hours to resolution, for a window starting on any day, as a scan of the claims', async () => {
    // Runs after the test above: its claims span ~200 days (and one moved 400 days back), in two organizations.
    const org = owner.user.organization_id;
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const seen = { added: 0, takenOut: 0, wholeMonths: 0 };
    let medians = 0;
    for (let back = 0; back <= 420; back++) {
      const from = new Date(today - back * DAY).toISOString().slice(0, 10);
      const window = periodWindow(from);
      if (!window.daily) seen.wholeMonths++;
      else if (window.daily.sign === 1) seen.added++;
      else seen.takenOut++;
      const bound = bindTenant(org, { sql: RESOLUTION_HOURS_SQL, params: resolutionHoursParams(from) });
      const read = (await app.db.query(positionalSql(bound.sql), bound.params)).rows;
      const scanned = (
        await app.db.query(
          `select floor(extract(epoch from (case when c.decision = 'denied' then c.decided_at else r.resolved_at end) - t.created_at) / 3600)::int as hours, count(*)::int as n
             from tickets t join warranty_claims c on c.ticket_id = t.id left join warranty_resolutions r on r.ticket_id = t.id
            where t.organization_id = $1 and (t.created_at at time zone 'UTC')::date >= $2::date
              and (case when c.decision = 'denied' then c.decided_at else r.resolved_at end) is not null
            group by 1 order by 1`,
          [org, from],
        )
      ).rows;
      expect({ from, read }).toEqual({ from, read: scanned });
      if (scanned.length) medians++;
      expect(medianOfHistogram(read)).toBe(medianOfHistogram(scanned));

      // The rollups by product, SKU, category and month (groups that sum to nothing left out, as the service leaves them).
      const boundRollups = bindTenant(org, { sql: ROLLUPS_SQL, params: rollupsParams(from) });
      const rollups = (await app.db.query(`select brand, product, sku, category, month, claims, approved, denied, cost, resolved from (${positionalSql(boundRollups.sql)}) r
          where (claims, approved, denied, cost, resolved) <> (0, 0, 0, 0, 0) order by 1, 2, 3, 4, 5`, boundRollups.params)).rows;
      const scannedRollups = (
        await app.db.query(
          `select coalesce(t.product_brand, '') as brand, coalesce(t.product_model, '') as product, coalesce(t.product_sku, '') as sku, coalesce(t.issue_category, '') as category,
                  to_char((t.created_at at time zone 'UTC')::date, 'YYYY-MM') as month, count(*)::int as claims,
                  count(*) filter (where c.decision = 'approved')::int as approved, count(*) filter (where c.decision = 'denied')::int as denied,
                  coalesce(sum(i.cost), 0)::float8 as cost,
                  count(case when c.decision = 'denied' then c.decided_at else r.resolved_at end)::int as resolved
             from tickets t left join warranty_claims c on c.ticket_id = t.id left join warranty_resolutions r on r.ticket_id = t.id
             left join (select resolution_id, sum(quantity * unit_cost) as cost from warranty_resolution_items group by resolution_id) i on i.resolution_id = r.id
            where t.organization_id = $1 and (t.created_at at time zone 'UTC')::date >= $2::date
            group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
          [org, from],
        )
      ).rows;
      expect({ from, rollups }).toEqual({ from, rollups: scannedRollups });
    }
    // Every way of reading a window was taken, on windows that hold resolved claims.
    expect(seen.added).toBeGreaterThan(0);
    expect(seen.takenOut).toBeGreaterThan(0);
    expect(seen.wholeMonths).toBeGreaterThan(0);
    expect(medians).toBeGreaterThan(100);
  }, 120_000);

  it('splits a period into whole months and the shorter side of its first month', () => {
    expect(periodWindow(null)).toEqual({ monthsFrom: null, daily: null });
    expect(periodWindow('2026-03-01')).toEqual({ monthsFrom: '2026-03-01', daily: null });
    // Day 2: the month read whole, its first day taken out.
    expect(periodWindow('2026-03-02')).toEqual({ monthsFrom: '2026-03-01', daily: { month: '2026-03-01', from: '2026-03-01', to: '2026-03-02', sign: -1 } });
    // March has 31 days: from the 16th, 15 days before and 16 from it: the 15 taken out.
    expect(periodWindow('2026-03-16')).toEqual({ monthsFrom: '2026-03-01', daily: { month: '2026-03-01', from: '2026-03-01', to: '2026-03-16', sign: -1 } });
    // From the 17th: 16 days before, 15 from it: those 15 added to the months after.
    expect(periodWindow('2026-03-17')).toEqual({ monthsFrom: '2026-04-01', daily: { month: '2026-03-01', from: '2026-03-17', to: '2026-04-01', sign: 1 } });
    // December rolls over to January; February of a leap year has 29 days.
    expect(periodWindow('2026-12-31')).toEqual({ monthsFrom: '2027-01-01', daily: { month: '2026-12-01', from: '2026-12-31', to: '2027-01-01', sign: 1 } });
    expect(periodWindow('2028-02-15')).toEqual({ monthsFrom: '2028-02-01', daily: { month: '2028-02-01', from: '2028-02-01', to: '2028-02-15', sign: -1 } });
    expect(periodWindow('2028-02-16')).toEqual({ monthsFrom: '2028-03-01', daily: { month: '2028-02-01', from: '2028-02-16', to: '2028-03-01', sign: 1 } });
  });

  it('refuses an unknown period', async () => {
    expect((await owner.agent.get('/api/analytics/warranty').query({ period: '7' }).expect(400)).body.message).toContain('period must be one of: 30, 90, 365, all');
  });
});
