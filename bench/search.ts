/**
 * Global search (issue 17: p99 under 50 ms at 1,000,000 tickets) against a running app (production
 * mode) seeded with bench/seed-tickets.ts, and the plan of every statement of the search.
 *
 *   BASE_URL=http://127.0.0.1:3999 DATABASE_URL=postgres://... node --experimental-strip-types bench/search.ts
 *       [--runs 200 --samples 20 --username bench --password bench-pass-123]
 *
 * 1. A fixed mix of query kinds, each with `samples` values taken from the seeded data (spread over
 *    the ticket numbers): a ticket number, an order number, a customer name prefix ("Maria Gon"), a
 *    customer phone typed with punctuation ("(200) 012-3456"), a transcript word, a miss. Each kind
 *    runs `runs` times through `GET /api/search` (one client, kinds interleaved, after 5 warm-ups
 *    per kind); p50 / p99 / max per kind and overall, and how often the expected record was found.
 * 2. `EXPLAIN (ANALYZE, BUFFERS)` of the very statements the app runs (search-indexes.ts) for one
 *    value of each kind: the indexes each one reads and any sequential scan of tickets, customers
 *    or call_logs (there must be none).
 *
 * Writes bench/results/search-<timestamp>.json (git-ignored) and prints Markdown tables.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { httpClient } from './http-client.ts';
import { ticketNumberSequence } from '../backend/src/modules/tickets/ticket-number-sql.ts';
import { bindTenant } from '../backend/src/common/tenancy/tenant-statement.ts';
import {
  callSearch,
  CUSTOMER_PROBE_LIMIT,
  customerMatchProbe,
  customerSearch,
  narrowCandidates,
  recentCustomerMatches,
  SEARCH_PROBE_SETTINGS,
  type SearchRunner,
  type SearchStatement,
  TICKET_PROBE_LIMIT,
  exactTicketProbe,
  recentTicketMatches,
  ticketMatchProbe,
  ticketSearch,
} from '../backend/src/modules/search/search-indexes.ts';

const { values } = parseArgs({
  options: {
    username: { type: 'string', default: 'bench' },
    password: { type: 'string', default: 'bench-pass-123' },
    runs: { type: 'string', default: '200' },
    samples: { type: 'string', default: '20' },
  },
});
const base = new URL((process.env.BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, ''));
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the app database');
const runs = Number(values.runs);
const sampleCount = Number(values.samples);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
if (!Number.isInteger(sampleCount) || sampleCount < 1) throw new Error('--samples must be a positive integer');
const here = dirname(fileURLToPath(import.meta.url));
const { request, signIn, destroy } = httpClient(base, 1);
/** Results per group, as the API answers (SEARCH_GROUP_LIMIT). */
const GROUP_LIMIT = 5;
const WARMUPS = 5;
/** Words the seeded voicemails say (bench/seed-tickets.ts), each in about 1 of 8 transcripts. */
const TRANSCRIPT_WORDS = ['grinding', 'caster', 'spongy', 'wobbles', 'stuck', 'socket', 'sinks', 'seal'];
const MISSES = ['zqxwv', 'qqzzy plover', 'WC-99999999', '(999) 000-0000'];

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const round = (n: number) => Math.round(n * 100) / 100;

interface SearchBody {
  tickets: { ticket_number: string; order_number: string | null }[];
  customers: { name: string; phone: string | null }[];
  calls: { transcription: string | null }[];
}

/** One query of a kind, and whether the answer holds what that query must find. */
interface Probe {
  q: string;
  found(body: SearchBody): boolean;
}

/** "(200) 012-3456" from "+12000123456": the last ten digits, as people type them. */
function punctuated(phone: string): string {
  const d = phone.replace(/\D/g, '').slice(-10);
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

async function probes(db: pg.Client, org: string): Promise<Record<string, Probe[]>> {
  const counter = Number((await db.query(`select last_value from pg_sequences where sequencename = ${ticketNumberSequence('$1::uuid')}`, [org])).rows[0].last_value);
  const numbers = Array.from({ length: sampleCount }, (_, i) => {
    const n = 1 + Math.floor(((i + 0.5) * counter) / sampleCount);
    return `WC-${String(n).padStart(6, '0')}`;
  });
  const rows = (
    await db.query(
      `select t.ticket_number, t.order_number, c.name, c.phone from tickets t join customers c on c.id = t.customer_id
        where t.organization_id = $1 and t.ticket_number = any($2) order by t.ticket_number`,
      [org, numbers],
    )
  ).rows as { ticket_number: string; order_number: string | null; name: string; phone: string | null }[];
  if (!rows.length) throw new Error('No tickets to sample: seed the organization first (npm run bench:seed)');
  const withOrder = rows.filter((r) => r.order_number);
  const withPhone = rows.filter((r) => r.phone && r.phone.replace(/\D/g, '').length >= 10);
  return {
    ticket_number: rows.map((r) => ({ q: r.ticket_number, found: (b) => b.tickets[0]?.ticket_number === r.ticket_number })),
    order_number: withOrder.map((r) => ({ q: r.order_number!, found: (b) => b.tickets.some((t) => t.order_number === r.order_number) })),
    customer_name_prefix: rows.map((r) => {
      const [first, last = ''] = r.name.split(' ');
      const q = `${first} ${last.slice(0, 3)}`.trim();
      return { q, found: (b) => b.customers.some((c) => c.name.toLowerCase().includes(q.toLowerCase())) };
    }),
    phone_punctuated: withPhone.map((r) => ({ q: punctuated(r.phone!), found: (b) => b.customers.some((c) => c.phone === r.phone) })),
    transcript_word: TRANSCRIPT_WORDS.map((w) => ({ q: w, found: (b) => b.calls.some((c) => (c.transcription ?? '').toLowerCase().includes(w)) })),
    miss: MISSES.map((q) => ({ q, found: (b) => !b.tickets.length && !b.customers.length && !b.calls.length })),
  };
}

/** The statement with pg's $n placeholders instead of MikroORM's `?`. */
function numbered(statement: SearchStatement): string {
  let n = 0;
  return statement.sql.replace(/\?/g, () => `$${++n}`);
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, visit: (n: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

const BIG_TABLES = ['tickets', 'customers', 'call_logs'];

/** The bench's runner of the service's statements (a probe in a transaction with its settings). */
function runner(db: pg.Client): SearchRunner {
  return {
    ids: async (statement) => ((await db.query(numbered(statement), statement.params)).rows as { id: string }[]).map((r) => r.id),
    probe: async (statement) => {
      await db.query('begin');
      try {
        await db.query(SEARCH_PROBE_SETTINGS);
        return (await db.query(numbered(statement), statement.params)).rows;
      } finally {
        await db.query('rollback');
      }
    },
  };
}

/**
 * The statements as the service runs them (narrowCandidates decides, as in the service). Tickets:
 * an exact identifier alone, else the newest tickets' matches or the probe through the GIN indexes,
 * then the ranking over the candidates. Customers: the same without the exact step.
 */
async function ticketStatements(db: pg.Client, org: string, q: string): Promise<Record<string, SearchStatement>> {
  const exact = bindTenant(org, exactTicketProbe(q));
  if ((await db.query(numbered(exact), exact.params)).rowCount) return { tickets_exact: exact, tickets: bindTenant(org, ticketSearch(q, GROUP_LIMIT, [])) };
  const recent = bindTenant(org, recentTicketMatches(q));
  const probe = bindTenant(org, ticketMatchProbe(q));
  const run = runner(db);
  const found = await narrowCandidates(run, q, await run.ids(recent), probe, TICKET_PROBE_LIMIT);
  return { [`tickets_${found.via}`]: found.via === 'recent' ? recent : probe, tickets: bindTenant(org, ticketSearch(q, GROUP_LIMIT, found.ids)) };
}

async function customerStatements(db: pg.Client, org: string, q: string): Promise<Record<string, SearchStatement>> {
  const recent = bindTenant(org, recentCustomerMatches(q));
  const probe = bindTenant(org, customerMatchProbe(q));
  const run = runner(db);
  const found = await narrowCandidates(run, q, await run.ids(recent), probe, CUSTOMER_PROBE_LIMIT);
  return { [`customers_${found.via}`]: found.via === 'recent' ? recent : probe, customers: bindTenant(org, customerSearch(q, GROUP_LIMIT, found.ids)) };
}

async function explain(db: pg.Client, org: string, kind: string, q: string) {
  const statements = {
    ...(await ticketStatements(db, org, q)),
    ...(await customerStatements(db, org, q)),
    calls: ((s) => s && bindTenant(org, s))(callSearch(q, GROUP_LIMIT)),
  };
  const out = [];
  for (const [group, statement] of Object.entries(statements)) {
    if (!statement) {
      out.push({ kind, q, group, skipped: 'not searched for this query' });
      continue;
    }
    const probe = group.endsWith('_probe');
    if (probe) await db.query('begin').then(() => db.query(SEARCH_PROBE_SETTINGS));
    const res = await db
      .query(`explain (analyze, buffers, format json) ${numbered(statement)}`, statement.params)
      .finally(() => (probe ? db.query('rollback') : undefined));
    const plan = res.rows[0]['QUERY PLAN'][0];
    const indexes = new Set<string>();
    const seqScans = new Set<string>();
    walk(plan.Plan, (n) => {
      if (n['Index Name']) indexes.add(n['Index Name']);
      if (n['Node Type'] === 'Seq Scan' && n['Relation Name'] && BIG_TABLES.includes(n['Relation Name'])) seqScans.add(n['Relation Name']);
    });
    out.push({ kind, q, group, indexes: [...indexes].sort(), seq_scans: [...seqScans], execution_ms: round(plan['Execution Time']), planning_ms: round(plan['Planning Time']) });
  }
  return out;
}

async function main(): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const user = await db.query('select organization_id from users where lower(username) = lower($1)', [values.username]);
  if (!user.rowCount) throw new Error(`No user ${values.username}: seed with npm run bench:seed first`);
  const org = user.rows[0].organization_id as string;
  const counts = (
    await db.query(
      `select (select count(*) from tickets where organization_id = $1)::int as tickets,
              (select count(*) from customers where organization_id = $1)::int as customers,
              (select count(*) from call_logs where organization_id = $1)::int as call_logs`,
      [org],
    )
  ).rows[0];
  const kinds = await probes(db, org);
  const cookie = await signIn(values.username, values.password);

  const search = async (q: string) => {
    const started = performance.now();
    const res = await request(new URL(`/api/search?q=${encodeURIComponent(q)}`, base), { headers: { cookie } });
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`search ${JSON.stringify(q)}: ${res.status} ${res.body}`);
    return { elapsed, body: JSON.parse(res.body) as SearchBody };
  };

  for (const list of Object.values(kinds)) for (let i = 0; i < WARMUPS; i++) await search(list[i % list.length].q);
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
  const found: Record<string, number> = Object.fromEntries(Object.keys(kinds).map((k) => [k, 0]));
  for (let i = 0; i < runs; i++) {
    for (const [kind, list] of Object.entries(kinds)) {
      const probe = list[i % list.length];
      const { elapsed, body } = await search(probe.q);
      samples[kind].push(elapsed);
      if (probe.found(body)) found[kind] += 1;
    }
  }
  const summary = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return { requests: sorted.length, p50_ms: round(percentile(sorted, 0.5)), p99_ms: round(percentile(sorted, 0.99)), max_ms: round(sorted[sorted.length - 1]) };
  };
  const perKind = Object.fromEntries(
    Object.entries(samples).map(([kind, xs]) => [kind, { ...summary(xs), examples: kinds[kind].slice(0, 3).map((p) => p.q), found_share: round(found[kind] / xs.length) }]),
  );
  const overall = summary(Object.values(samples).flat());

  const plans = [];
  for (const [kind, list] of Object.entries(kinds)) plans.push(...(await explain(db, org, kind, list[0].q)));
  await db.end();
  destroy();

  const results = {
    measured_at: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`,
    data: counts,
    runs_per_kind: runs,
    per_kind: perKind,
    overall,
    plans,
  };
  const dir = join(here, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `search-${results.measured_at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);

  const scans = plans.filter((p) => 'seq_scans' in p && p.seq_scans!.length);
  console.log(
    [
      `GET /api/search: ${counts.tickets} tickets, ${counts.customers} customers, ${counts.call_logs} calls; ${runs} requests per kind, one client`,
      '',
      '| query kind | example | p50 ms | p99 ms | max ms | expected hit found |',
      '|---|---|---|---|---|---|',
      ...Object.entries(perKind).map(([kind, r]) => `| ${kind} | \`${r.examples[0]}\` | ${r.p50_ms} | ${r.p99_ms} | ${r.max_ms} | ${Math.round(r.found_share * 100)} % |`),
      `| **overall** | | ${overall.p50_ms} | ${overall.p99_ms} | ${overall.max_ms} | |`,
      '',
      '| query kind | group | indexes read (EXPLAIN ANALYZE) | seq scan of a big table | execution ms |',
      '|---|---|---|---|---|',
      ...plans.map((p) =>
        'skipped' in p ? `| ${p.kind} | ${p.group} | (${p.skipped}) | | |` : `| ${p.kind} | ${p.group} | ${p.indexes!.join(', ')} | ${p.seq_scans!.join(', ') || 'none'} | ${p.execution_ms} |`,
      ),
      '',
      scans.length ? `SEQUENTIAL SCANS: ${scans.map((p) => `${p.kind}/${p.group}`).join(', ')}` : 'No statement scans tickets, customers or call_logs sequentially.',
      `written to ${file}`,
    ].join('\n'),
  );
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
