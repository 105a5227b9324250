/**
 * Measures the figures of issue 18 against a running app (production mode) and its database, and
 * writes them to bench/results/<timestamp>.json (git-ignored) and as a Markdown table to stdout.
 *
 *   BASE_URL=http://127.0.0.1:3999 DATABASE_URL=postgres://... node --experimental-strip-types bench/measure.ts
 *       [--username bench --password bench-pass-123 --brand IronJack --runs 10 --seconds 20 --connections 50
 *        --changes-per-second 20]
 *
 * 1. p50 of `runs` requests (one client, after 2 warm-ups) of each endpoint of the issue's table,
 *    beside the SQL those endpoints ran before the rollups, timed directly on the same database.
 * 2. The filtered first page under `connections` connections for `seconds` seconds through the app
 *    (whole tickets, then the rows the ticket list asks for: `view=row`, then those rows again while
 *    another client creates `changes-per-second` tickets a second, each of which drops the pages the
 *    app holds), then the same naive SQL through a bare node:http + pg server (bench/bare-server.ts),
 *    same run.
 * 3. Ticket create (POST /api/tickets, with its events) under `connections` connections, then the time
 *    the durable queue takes to run the events' handlers it could not keep up with during the load.
 * 4. The framework's floor under the same load: `GET /api/health` (no session; one query, the failed
 *    jobs counted through their index) and `GET /api/user` (the session and its user, from the
 *    instance's session cache): what any request of the app costs before it does its own work, on the
 *    same machine in the same run.
 * 5. The list's rows against that signed-in floor in alternation (`--pairs`, floor then rows, then
 *    rows then floor, …, `floor-seconds` each): the ratio the issue sets a goal for, from loads a few
 *    seconds apart (this machine's speed drifts by a fifth within minutes; step 2's rows and step 4's
 *    floor are a minute or more apart).
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { httpClient, type Reply } from './http-client.ts';
import { untilQueueIdle } from './queue-idle.ts';

const { values } = parseArgs({
  options: {
    username: { type: 'string', default: 'bench' },
    password: { type: 'string', default: 'bench-pass-123' },
    brand: { type: 'string', default: 'IronJack' },
    runs: { type: 'string', default: '10' },
    'before-runs': { type: 'string', default: '3' },
    seconds: { type: 'string', default: '20' },
    'create-seconds': { type: 'string', default: '10' },
    'floor-seconds': { type: 'string', default: '10' },
    pairs: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    'changes-per-second': { type: 'string', default: '20' },
  },
});
const base = new URL((process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, ''));
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the app database');
const runs = Number(values.runs);
const beforeRuns = Number(values['before-runs']);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const here = dirname(fileURLToPath(import.meta.url));
const { request, signIn, destroy } = httpClient(base, connections);

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const median = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (n: number) => Math.round(n * 100) / 100;

async function p50(cookie: string, path: string) {
  const samples: number[] = [];
  let last: Reply | undefined;
  for (let i = 0; i < runs + 2; i++) {
    const started = performance.now();
    last = await request(new URL(path, base), { headers: { cookie } });
    const elapsed = performance.now() - started;
    if (last.status !== 200) throw new Error(`${path}: ${last.status} ${last.body}`);
    if (i >= 2) samples.push(elapsed);
  }
  return { path, p50_ms: round(median(samples)), max_ms: round(Math.max(...samples)), content_range: last!.headers['content-range'], next_cursor: last!.headers['x-next-cursor'] as string | undefined };
}

async function sqlP50(db: pg.Client, sql: string, params: unknown[]) {
  const samples: number[] = [];
  for (let i = 0; i < beforeRuns + 1; i++) {
    const started = performance.now();
    await db.query(sql, params);
    if (i >= 1) samples.push(performance.now() - started);
  }
  return round(median(samples));
}

/** `connections` loops, each sending the next request when its reply is in, for `duration` seconds. */
async function load(make: (i: number) => { url: URL; method?: string; headers?: Record<string, string>; body?: string }, duration: number, expect: number) {
  const latencies: number[] = [];
  let errors = 0;
  // what each error was: the status and the start of the body, or the client's error
  const errorKinds: Record<string, number> = {};
  const failed = (kind: string) => {
    errors++;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  };
  let sequence = 0;
  const deadline = performance.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const r = make(sequence++);
        const started = performance.now();
        try {
          const res = await request(r.url, r);
          if (res.status !== expect) failed(`${res.status} ${res.body.slice(0, 120)}`);
        } catch (error) {
          failed((error as Error).message);
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    ...(errors ? { error_kinds: errorKinds } : {}),
    req_per_s: round(latencies.length / duration),
    p50_ms: round(percentile(latencies, 0.5)),
    p99_ms: round(percentile(latencies, 0.99)),
  };
}

type Make = Parameters<typeof load>[0];

/**
 * Two loads in alternation, `pairs` times (a then b, then b then a, …), each `duration` seconds:
 * their requests a second side by side and the ratio of their sums (b over a), which the machine's
 * drift over the rounds touches less than two loads measured apart.
 */
async function alternated(a: Make, b: Make, duration: number, pairs: number): Promise<{ a: number[]; b: number[]; ratio: number }> {
  const rates = { a: [] as number[], b: [] as number[] };
  for (let i = 0; i < pairs; i++) {
    for (const side of i % 2 ? (['b', 'a'] as const) : (['a', 'b'] as const)) {
      rates[side].push((await load(side === 'a' ? a : b, duration, 200)).req_per_s);
    }
  }
  const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);
  return { ...rates, ratio: round(sum(rates.b) / sum(rates.a)) };
}

async function startBare(organization: string): Promise<{ port: number; stop: () => void }> {
  const child = fork(join(here, 'bare-server.ts'), [], {
    env: { ...process.env, DATABASE_URL: databaseUrl, ORGANIZATION: organization, PORT: '0' },
    execArgv: ['--experimental-strip-types', '--no-warnings'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { port, stop: () => child.kill() };
}

/** The SQL the endpoints ran before the rollups (main at 1b93135), on the same data. */
const BEFORE = {
  metrics: `with by_status as (select status, count(*)::int as n from tickets where organization_id = $1 group by status)
    select coalesce((select sum(n) from by_status), 0)::int as total,
      (select count(distinct h.ticket_id)::int from ticket_status_changes h where h.organization_id = $1
        and h.created_at >= date_trunc('day', now()) and h.to_status in ('Closed', 'Resolved')) as closed_today`,
  trends: `with anchor as (select now() - interval '7 days' as at, date_trunc('day', now()) as today),
    then_state as (select distinct on (h.ticket_id) h.to_status from ticket_status_changes h, anchor
      where h.organization_id = $1 and h.created_at <= anchor.at order by h.ticket_id, h.created_at desc, h.id desc),
    closed as (select h.ticket_id, h.created_at from ticket_status_changes h, anchor
      where h.organization_id = $1 and h.to_status in ('Closed', 'Resolved') and h.created_at >= anchor.today - interval '1 day')
    select (select count(*) from tickets where organization_id = $1) a,
      (select count(*) from tickets, anchor where organization_id = $1 and created_at <= anchor.at) b,
      (select count(*) from tickets where organization_id = $1 and status = 'Open') c,
      (select count(*) from then_state where to_status = 'Open') d,
      (select count(*) from tickets where organization_id = $1 and status = 'Pending') e,
      (select count(*) from then_state where to_status = 'Pending') f,
      (select count(distinct ticket_id) from closed, anchor where closed.created_at >= anchor.today) g,
      (select count(distinct ticket_id) from closed, anchor where closed.created_at < anchor.today) h`,
  responseTimes: `with firsts as (select t.id,
      min(h.created_at) filter (where h.to_status <> 'Open' and h.from_status is not null) - t.created_at as first_response,
      min(h.created_at) filter (where h.to_status in ('Closed', 'Resolved')) - t.created_at as resolution
      from tickets t join ticket_status_changes h on h.ticket_id = t.id and h.organization_id = $1
      where t.organization_id = $1 group by t.id, t.created_at)
    select avg(extract(epoch from first_response)), count(first_response), avg(extract(epoch from resolution)), count(resolution) from firsts`,
  brands: 'select product_brand, count(*)::int from tickets where organization_id = $1 group by product_brand',
  status: 'select status, count(*)::int from tickets where organization_id = $1 group by status',
  timeline: `select (created_at at time zone 'UTC')::date, count(*) from tickets
    where organization_id = $1 and created_at >= now() - interval '30 days' group by 1`,
  list: `select t.*, c.* from tickets t join customers c on c.id = t.customer_id where t.organization_id = $1 and t.status = 'Open' and t.product_brand = $2
    order by t.created_at desc, t.id desc limit 25`,
  listCount: `select count(*) from tickets where organization_id = $1 and status = 'Open' and product_brand = $2`,
  offset: `select t.*, c.* from tickets t join customers c on c.id = t.customer_id where t.organization_id = $1
    order by t.created_at desc, t.id desc limit 25 offset 100000`,
};

/** A create's body (the spec's form), unique by `key`. */
function createBody(key: string, brand: string | undefined): string {
  return JSON.stringify({
    customerName: `Load ${key}`,
    customerEmail: `load${key}@bench.example`,
    customerPhone: `+1555${String(Math.abs(hashOf(key)) % 10_000_000).padStart(7, '0')}`,
    contactMethod: 'Email',
    orderNumber: `LOAD-${key}`,
    purchaseDate: '2026-10-01',
    purchaseLocation: 'Walmart',
    productSku: 'FJ-250',
    productBrand: brand,
    jackModel: '3-Ton Floor Jack',
    issueCategory: 'Hydraulic Oil Leak',
    issueDescription: 'Oil is leaking from the ram seal after a week of light use.',
    issueStartTime: 'Within first week',
    troubleshootingAttempted: 'No',
    preferredResolution: 'Replacement',
  });
}

function hashOf(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

/**
 * Runs `work` while another client creates tickets at `perSecond` (its own connection, paced): each
 * create changes what the list shows, so the instances drop the organization's held pages.
 */
async function whileCreating<T>(perSecond: number, cookie: string, key: string, work: () => Promise<T>): Promise<{ result: T; created: number }> {
  const creator = httpClient(base, 1);
  let created = 0;
  let running = true;
  const creating = (async () => {
    const start = performance.now();
    while (running) {
      const res = await creator.request(new URL('/api/tickets', base), {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: createBody(`${key}-${created}`, values.brand),
      });
      if (res.status !== 201) throw new Error(`a create answered ${res.status}`);
      created++;
      const wait = start + (created * 1000) / perSecond - performance.now();
      if (wait > 0 && running) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  try {
    return { result: await work(), created };
  } finally {
    running = false;
    await creating;
    creator.destroy();
  }
}

async function main(): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const org = (await db.query('select organization_id from users where lower(username) = lower($1)', [values.username])).rows[0].organization_id as string;
  const tickets = (await db.query('select count(*)::int as n from tickets where organization_id = $1', [org])).rows[0].n as number;
  // Settings that cost every statement when left on after a diagnosis (ALTER SYSTEM outlives the run): shown with the figures
  const server = Object.fromEntries(
    (await db.query(`select name, setting from pg_settings where name in ('server_version', 'shared_preload_libraries', 'track_functions', 'track_io_timing')`)).rows.map((r: { name: string; setting: string }) => [r.name, r.setting]),
  );
  const cookie = await signIn(values.username, values.password);
  const brand = encodeURIComponent(values.brand!);
  const listPath = `/api/tickets?status=Open&brand=${brand}&range=${encodeURIComponent('[0,24]')}`;
  // the same page as the ticket list asks for it, and the signed-in floor
  const listRows: Make = () => ({ url: new URL(`${listPath}&view=row`, base), headers: { cookie } });
  const signedIn: Make = () => ({ url: new URL('/api/user', base), headers: { cookie } });

  const endpoints = {
    metrics: await p50(cookie, '/api/tickets/metrics'),
    trends: await p50(cookie, '/api/tickets/metrics/trends'),
    response_times: await p50(cookie, '/api/analytics/response-times'),
    brands: await p50(cookie, '/api/analytics/brands'),
    status: await p50(cookie, '/api/analytics/status'),
    timeline: await p50(cookie, '/api/analytics/timeline'),
    list_first_page: await p50(cookie, listPath),
    list_offset_100000: await p50(cookie, `/api/tickets?range=${encodeURIComponent('[100000,100024]')}`),
  };
  const cursor = endpoints.list_offset_100000.next_cursor;
  const list_by_cursor = cursor ? await p50(cookie, `/api/tickets?range=${encodeURIComponent('[0,24]')}&cursor=${cursor}`) : undefined;

  const before = {
    metrics: await sqlP50(db, BEFORE.metrics, [org]),
    trends: await sqlP50(db, BEFORE.trends, [org]),
    response_times: await sqlP50(db, BEFORE.responseTimes, [org]),
    brands: await sqlP50(db, BEFORE.brands, [org]),
    status: await sqlP50(db, BEFORE.status, [org]),
    timeline: await sqlP50(db, BEFORE.timeline, [org]),
    list_first_page: round((await sqlP50(db, BEFORE.list, [org, values.brand])) + (await sqlP50(db, BEFORE.listCount, [org, values.brand]))),
    list_offset_100000: await sqlP50(db, BEFORE.offset, [org]),
  };

  const appLoad = await load(() => ({ url: new URL(listPath, base), headers: { cookie } }), seconds, 200);
  const rowsLoad = await load(listRows, seconds, 200);
  const run = Date.now().toString(36);
  const changesPerSecond = Number(values['changes-per-second']);
  const changing = await whileCreating(changesPerSecond, cookie, `${run}-mix`, () =>
    load(listRows, seconds, 200),
  );
  const rowsWhileCreating = { ...changing.result, creates_per_s: round(changing.created / seconds) };
  const bare = await startBare(org);
  let bareLoad;
  try {
    const bareUrl = new URL(`http://127.0.0.1:${bare.port}/?status=Open&brand=${brand}`);
    bareLoad = await load(() => ({ url: bareUrl }), seconds, 200);
  } finally {
    bare.stop();
  }

  const floorSeconds = Number(values['floor-seconds']);
  // Before the creates: their queued handlers would run during it.
  const floor = {
    health: await load(() => ({ url: new URL('/api/health', base) }), floorSeconds, 200),
    user: await load(signedIn, floorSeconds, 200),
  };
  const paired = await alternated(signedIn, listRows, floorSeconds, Number(values.pairs));
  const listVsFloor = { floor_req_per_s: paired.a, rows_req_per_s: paired.b, ratio: paired.ratio };

  const createLoad = await load(
    (i) => ({
      url: new URL('/api/tickets', base),
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: createBody(`${run}-${i}`, values.brand),
    }),
    Number(values['create-seconds']),
    201,
  );
  // The creates' events are handled by the durable queue after their requests answered: the time the
  // queue takes to catch up after the load, and creates per second counting their handlers too.
  const createSeconds = Number(values['create-seconds']);
  const { ready: queued, seconds: drainSeconds } = await untilQueueIdle(db, 300_000);
  const createHandlers = {
    queue_drained: queued === 0,
    drain_s: round(drainSeconds),
    with_handlers_per_s: round((createLoad.requests - createLoad.errors) / (createSeconds + drainSeconds)),
  };
  await db.end();
  destroy();

  const results = {
    measured_at: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`,
    postgres: server,
    tickets_in_org: tickets,
    endpoints,
    list_by_cursor,
    before_sql_p50_ms: before,
    load: { connections, seconds, app_filtered_first_page: appLoad, app_filtered_first_page_rows: rowsLoad, app_filtered_first_page_rows_while_creating: rowsWhileCreating, bare_node_pg_naive_sql: bareLoad, ratio: round(appLoad.req_per_s / bareLoad!.req_per_s) },
    create: { ...createLoad, handlers: createHandlers },
    floor,
    list_rows_vs_signed_in_floor: listVsFloor,
  };
  const dir = join(here, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${results.measured_at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
  const row = (name: string, now: number, goal: string, old: number) => `| ${name} | ${old} | ${now} | ${goal} |`;
  if (server.shared_preload_libraries || server.track_functions !== 'none' || server.track_io_timing === 'on') {
    const on = `shared_preload_libraries '${server.shared_preload_libraries}', track_functions ${server.track_functions}, track_io_timing ${server.track_io_timing}`;
    console.log(`\nPostgreSQL runs with ${on}: every statement pays for them (ALTER SYSTEM RESET them and restart for the figures).`);
  }
  console.log(
    [
      '',
      `| endpoint (p50 of ${runs}, one client) | before: the old SQL alone, same data (ms) | now: through the app (ms) | goal |`,
      '|---|---|---|---|',
      row('`GET /api/tickets/metrics`', endpoints.metrics.p50_ms, '≤ 10 ms', before.metrics),
      row('`GET /api/tickets/metrics/trends`', endpoints.trends.p50_ms, '≤ 10 ms', before.trends),
      row('`GET /api/analytics/response-times`', endpoints.response_times.p50_ms, '≤ 20 ms', before.response_times),
      row('`GET /api/analytics/brands`', endpoints.brands.p50_ms, '≤ 10 ms', before.brands),
      row('`GET /api/analytics/status`', endpoints.status.p50_ms, '≤ 10 ms', before.status),
      row('`GET /api/analytics/timeline`', endpoints.timeline.p50_ms, '≤ 20 ms', before.timeline),
      row('`GET /api/tickets?status=Open&brand=…` first 25', endpoints.list_first_page.p50_ms, '≤ 10 ms', before.list_first_page),
      row('`GET /api/tickets` at offset 100,000', endpoints.list_offset_100000.p50_ms, '≤ 100 ms', before.list_offset_100000),
      '',
      `| under load (${connections} connections, ${seconds} s) | req/s | p50 ms | p99 ms | errors |`,
      '|---|---|---|---|---|',
      `| app: filtered first page | ${appLoad.req_per_s} | ${appLoad.p50_ms} | ${appLoad.p99_ms} | ${appLoad.errors} |`,
      `| app: the same page as the list asks for it (view=row) | ${rowsLoad.req_per_s} | ${rowsLoad.p50_ms} | ${rowsLoad.p99_ms} | ${rowsLoad.errors} |`,
      `| app: the same rows while another client creates ${changesPerSecond} tickets a second (${rowsWhileCreating.creates_per_s} made) | ${rowsWhileCreating.req_per_s} | ${rowsWhileCreating.p50_ms} | ${rowsWhileCreating.p99_ms} | ${rowsWhileCreating.errors} |`,
      `| bare node:http + pg, naive SQL | ${bareLoad!.req_per_s} | ${bareLoad!.p50_ms} | ${bareLoad!.p99_ms} | ${bareLoad!.errors} |`,
      `| app: POST /api/tickets (${values['create-seconds']} s) | ${createLoad.req_per_s} | ${createLoad.p50_ms} | ${createLoad.p99_ms} | ${createLoad.errors} |`,
      `| app: the same creates with their event handlers done (the queue ${createHandlers.queue_drained ? 'caught up' : 'had not caught up'} ${createHandlers.drain_s} s after the load) | ${createHandlers.with_handlers_per_s} | | | |`,
      `| floor: GET /api/health, no session (${floorSeconds} s) | ${floor.health.req_per_s} | ${floor.health.p50_ms} | ${floor.health.p99_ms} | ${floor.health.errors} |`,
      `| floor: GET /api/user, signed in: the session and its user (${floorSeconds} s) | ${floor.user.req_per_s} | ${floor.user.p50_ms} | ${floor.user.p99_ms} | ${floor.user.errors} |`,
      '',
      `| alternated, ${floorSeconds} s each | req/s |`,
      '|---|---|',
      `| floor: GET /api/user | ${listVsFloor.floor_req_per_s.join(', ')} |`,
      `| app: the list's rows (view=row) | ${listVsFloor.rows_req_per_s.join(', ')} |`,
      `| rows / floor (goal ≥ 0.8) | ${listVsFloor.ratio} |`,
    ].join('\n'),
  );
  console.log(`written to ${file}`);
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
