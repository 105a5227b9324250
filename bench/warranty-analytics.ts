/**
 * The Warranty analytics tab (issue 31: p50 <= 20 ms at 1,000,000 tickets) against a running app
 * (production mode, bench/start-app.sh).
 *
 *   BASE_URL=http://127.0.0.1:3999 DATABASE_URL=postgres://... node --experimental-strip-types bench/warranty-analytics.ts
 *       [--seed 1000000] [--runs 200 --username bench --password bench-pass-123]
 *
 * 1. With --seed N, first runs bench/seed-tickets.ts --count N (the tickets, their customers and
 *    history, in the bench user's organization).
 * 2. Gives the organization's tickets without a decision one, set-based with the triggers off:
 *    ~70% decided (3 approved : 1 denied, a denial reason each), decided 1–3 days after the claim;
 *    every approved claim a resolution (RMA numbers 1..n from the organization's counter, type by
 *    ticket, 1–2 items with costs, 80% delivered/refunded 2–21 days after the claim) — then the
 *    Warranty rollups rebuilt once from a scan (REBUILD_WARRANTY_ROLLUPS_SQL), as the triggers would
 *    have kept them.
 * 3. GET /api/analytics/warranty?period=30|90|365|all, `runs` times each (interleaved, after 5
 *    warm-ups each), one client: p50 / p95 / max per period and overall; and EXPLAIN (ANALYZE, BUFFERS)
 *    of the app's two statements (warranty-analytics-sql.ts) for each period: rows read, buffers, time.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { httpClient } from './http-client.ts';
import { REBUILD_WARRANTY_ROLLUPS_SQL } from '../backend/src/modules/warranty/warranty-rollup-rebuild.ts';
import { bindTenant } from '../backend/src/common/tenancy/tenant-statement.ts';
import { RESOLUTION_HOURS_SQL, resolutionHoursParams, ROLLUPS_SQL, rollupsParams } from '../backend/src/modules/warranty/warranty-analytics-sql.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    username: { type: 'string', default: 'bench' },
    password: { type: 'string', default: 'bench-pass-123' },
    runs: { type: 'string', default: '200' },
  },
});
const base = new URL((process.env.BASE_URL ?? 'http://127.0.0.1:3999').replace(/\/+$/, ''));
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the app database');
const runs = Number(values.runs);
const here = dirname(fileURLToPath(import.meta.url));
const PERIODS = ['30', '90', '365', 'all'] as const;
const WARMUPS = 5;
const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const round = (n: number) => Math.round(n * 100) / 100;

async function seedWarranty(db: pg.Client, org: string): Promise<void> {
  const started = Date.now();
  await db.query('begin');
  await db.query('set local session_replication_role = replica');
  const claims = await db.query(
    `insert into warranty_claims (ticket_id, organization_id, decision, reason, decided_at, claimed_at, day, brand, sku, product, category)
     select t.id, t.organization_id, case when h % 4 = 3 then 'denied' else 'approved' end,
            case when h % 4 = 3 then (array['Out of warranty','Misuse or damage','No proof of purchase','Not a defect','Other'])[1 + h % 5] end,
            t.created_at + make_interval(hours => 24 + h % 48), t.created_at, (t.created_at at time zone 'UTC')::date,
            coalesce(t.product_brand, ''), coalesce(t.product_sku, ''), coalesce(t.product_model, ''), coalesce(t.issue_category, '')
       from (select t.*, abs(hashtext(t.id::text)) as h from tickets t where t.organization_id = $1) t
      where h % 10 < 7 and not exists (select 1 from warranty_claims c where c.ticket_id = t.id)`,
    [org],
  );
  const seq = await db.query('select coalesce(max(rma_seq), 0) as n from warranty_resolutions where organization_id = $1', [org]);
  await db.query(
    `insert into warranty_resolutions (organization_id, ticket_id, rma_seq, rma_number, type, state, outbound_carrier, outbound_tracking, created_at, updated_at, resolved_at)
     select c.organization_id, c.ticket_id, $2::int + row_number() over (order by c.claimed_at, c.ticket_id),
            'RMA-' || lpad(($2::int + row_number() over (order by c.claimed_at, c.ticket_id))::text, 6, '0'),
            (array['replacement','replacement','parts','repair','refund'])[1 + abs(hashtext(c.ticket_id::text)) % 5], 'awaiting_return', 'UPS', '1Z' || left(md5(c.ticket_id::text), 16),
            c.decided_at, c.decided_at,
            case when abs(hashtext(c.ticket_id::text || 'r')) % 10 < 8 then c.claimed_at + make_interval(hours => 48 + abs(hashtext(c.ticket_id::text)) % 456) end
       from warranty_claims c
      where c.organization_id = $1 and c.decision = 'approved' and not exists (select 1 from warranty_resolutions r where r.ticket_id = c.ticket_id)`,
    [org, seq.rows[0].n],
  );
  await db.query('analyze warranty_claims; analyze warranty_resolutions');
  await db.query(
    `update warranty_resolutions set state = case when resolved_at is null then 'shipped' when type = 'refund' then 'refunded' else 'delivered' end
      where organization_id = $1 and state = 'awaiting_return'`,
    [org],
  );
  // Items straight from the resolutions (no join): a unit at 49..128 and, for every other one, two seal kits.
  await db.query(
    `insert into warranty_resolution_items (organization_id, resolution_id, position, sku, description, quantity, unit_cost)
     select r.organization_id, r.id, p, case when p = 0 then 'FJ-250' else 'SEAL-KIT' end, case when p = 0 then 'Replacement unit' else 'Seal kit' end,
            1 + p, case when p = 0 then 49 + abs(hashtext(r.id::text)) % 80 else 4.35 end
       from warranty_resolutions r cross join generate_series(0, 1) p
      where r.organization_id = $1 and r.rma_seq > $2::int and (p = 0 or abs(hashtext(r.id::text)) % 2 = 0)`,
    [org, seq.rows[0].n],
  );
  await db.query('analyze warranty_resolution_items; analyze warranty_resolutions');
  await db.query(
    `update warranty_resolutions r set total_cost = i.total from (select resolution_id, sum(quantity * unit_cost) as total from warranty_resolution_items group by 1) i
      where i.resolution_id = r.id and r.organization_id = $1`,
    [org],
  );
  await db.query(
    `update warranty_claims c set total_cost = coalesce(r.total_cost, 0), resolved_at = case when c.decision = 'denied' then c.decided_at else r.resolved_at end
       from (select c2.ticket_id, r.total_cost, r.resolved_at from warranty_claims c2 left join warranty_resolutions r on r.ticket_id = c2.ticket_id where c2.organization_id = $1) r
      where c.ticket_id = r.ticket_id`,
    [org],
  );
  await db.query(
    `insert into rma_counters (organization_id, n) select $1, coalesce(max(rma_seq), 0) from warranty_resolutions where organization_id = $1
     on conflict (organization_id) do update set n = excluded.n`,
    [org],
  );
  await db.query('set local session_replication_role = origin');
  for (const sql of REBUILD_WARRANTY_ROLLUPS_SQL) {
    const bound = bindTenant(org, { sql, params: [] });
    let n = 0;
    await db.query(bound.sql.replace(/\?/g, () => `$${++n}`), bound.params);
  }
  await db.query('commit');
  await db.query(
    'analyze warranty_claims; analyze warranty_resolutions; analyze warranty_rollups; analyze warranty_resolution_hours; analyze warranty_rollups_monthly; analyze warranty_resolution_hours_monthly',
  );
  console.error(`warranty seed: ${claims.rowCount} decisions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  if (values.seed) {
    const seeded = spawnSync(process.execPath, ['--experimental-strip-types', join(here, 'seed-tickets.ts'), '--count', values.seed, '--username', values.username!, '--password', values.password!], {
      stdio: 'inherit',
      env: process.env,
    });
    if (seeded.status !== 0) throw new Error(`seed-tickets failed (${seeded.status})`);
  }
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { request, signIn, destroy } = httpClient(base, 1);
  try {
    const org = (await db.query('select organization_id from users where lower(username) = lower($1)', [values.username])).rows[0]?.organization_id as string | undefined;
    if (!org) throw new Error(`No user ${values.username}: seed first (--seed N)`);
    await seedWarranty(db, org);
    const counts = (
      await db.query(
        `select (select count(*) from tickets where organization_id = $1)::int as tickets, (select count(*) from warranty_claims where organization_id = $1)::int as decisions,
                (select count(*) from warranty_resolutions where organization_id = $1)::int as resolutions, (select count(*) from warranty_rollups where organization_id = $1)::int as rollup_rows,
                (select count(*) from warranty_resolution_hours where organization_id = $1)::int as hour_rows,
                (select count(*) from warranty_rollups_monthly where organization_id = $1)::int as monthly_rollup_rows,
                (select count(*) from warranty_resolution_hours_monthly where organization_id = $1)::int as monthly_hour_rows`,
        [org],
      )
    ).rows[0];

    const cookie = await signIn(values.username!, values.password!);
    const get = async (period: string) => {
      const started = performance.now();
      const res = await request(new URL(`/api/analytics/warranty?period=${period}`, base), { headers: { cookie } });
      const elapsed = performance.now() - started;
      if (res.status !== 200) throw new Error(`warranty ${period}: ${res.status} ${res.body}`);
      return elapsed;
    };
    // The floor under the same load: the signed-in user (the session and one row), interleaved with the periods.
    const floor = async () => {
      const started = performance.now();
      const res = await request(new URL('/api/user', base), { headers: { cookie } });
      const elapsed = performance.now() - started;
      if (res.status !== 200) throw new Error(`user: ${res.status} ${res.body}`);
      return elapsed;
    };
    for (const period of PERIODS) for (let i = 0; i < WARMUPS; i++) await get(period);
    for (let i = 0; i < WARMUPS; i++) await floor();
    const samples: Record<string, number[]> = Object.fromEntries(PERIODS.map((p) => [p, []]));
    const floorSamples: number[] = [];
    for (let i = 0; i < runs; i++) {
      for (const period of PERIODS) samples[period].push(await get(period));
      floorSamples.push(await floor());
    }
    const all = Object.values(samples).flat();
    const rows = [...PERIODS.map((p) => [p, samples[p]] as const), ['all periods', all] as const, ['floor: GET /api/user', floorSamples] as const].map(([name, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return `| ${name} | ${sorted.length} | ${round(percentile(sorted, 0.5))} | ${round(percentile(sorted, 0.95))} | ${round(sorted[sorted.length - 1])} |`;
    });
    // The app's own statements for each period (the first day as the service computes it), planned as the app runs them.
    const plans: string[] = [];
    for (const period of PERIODS) {
      const now = new Date();
      const from = period === 'all' ? null : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (Number(period) - 1))).toISOString().slice(0, 10);
      for (const [name, sql, params] of [['rollups', ROLLUPS_SQL, rollupsParams(from)], ['resolution hours', RESOLUTION_HOURS_SQL, resolutionHoursParams(from)]] as const) {
        const bound = bindTenant(org, { sql, params: [...params] });
        let n = 0;
        const plan = await db.query(`explain (analyze, buffers) ${bound.sql.replace(/\?/g, () => `$${++n}`)}`, bound.params);
        plans.push(`${name}, period ${period} (from ${from ?? 'all time'}; params ${JSON.stringify(params)}):\n` + plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
      }
    }
    const [load1, load5] = os.loadavg();
    console.log(`Data: ${JSON.stringify(counts)}; ${os.cpus().length} cores, load ${round(load1)} / ${round(load5)} at the end\n`);
    console.log('| period | requests | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|');
    console.log(rows.join('\n'));
    console.log('\n' + plans.join('\n\n'));
  } finally {
    destroy();
    await db.end();
  }
}

await main();
