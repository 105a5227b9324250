/**
 * Inserts N tickets (default 100,000) with their customers (N / 2: realistic names from 40 first
 * and 50 last names, E.164 phones), status history and voicemails (N / 10, with transcripts) into a
 * database, using set-based SQL (generate_series) with the rollup triggers off and one rollup
 * rebuild at the end, for benchmarking the ticket list, the dashboard, the analytics and the search.
 *
 *   DATABASE_URL=postgres://... node --experimental-strip-types bench/seed-tickets.ts [--count 100000]
 *       [--organization <uuid> | --username bench --password bench-pass-123]
 *
 * Without --organization it creates an organization with an owner (default username "bench",
 * password "bench-pass-123") or reuses the one that user owns. Brands: IronJack, TorqueLine,
 * LiftMaster Pro. Statuses: ~40% Open, 25% Pending, 15% Resolved, 20% Closed, created over the
 * last 365 days. Rerunning adds N more tickets with fresh numbers.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { REBUILD_ROLLUPS_SQL } from '../backend/src/modules/ticket-analytics/rollups/rollup-sql.ts';
import { TICKET_LIST_INDEXES } from '../backend/src/modules/tickets/ticket-indexes.ts';
import { SLA_INDEXES } from '../backend/src/modules/tickets/sla/sla-indexes.ts';
import { SEARCH_INDEXES, TICKET_NUMBER_PREFIX_INDEX } from '../backend/src/modules/search/search-indexes.ts';
import { ticketNumberSequence } from '../backend/src/modules/tickets/ticket-number-sql.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    organization: { type: 'string' },
    username: { type: 'string', default: 'bench' },
    password: { type: 'string', default: 'bench-pass-123' },
  },
});

const BRANDS = ['IronJack', 'TorqueLine', 'LiftMaster Pro'];
const FIRST_NAMES = [
  'Maria', 'James', 'Aisha', 'Tom', 'Linda', 'Robert', 'Dana', 'Carlos', 'Emily', 'Wei', 'Fatima', 'John', 'Olivia', 'Noah', 'Priya',
  'Liam', 'Sofia', 'Ethan', 'Chloe', 'Mateo', 'Grace', 'Lucas', 'Hannah', 'Omar', 'Zoe', 'David', 'Mia', 'Samuel', 'Leah', 'Daniel',
  'Nora', 'Isaac', 'Ruth', 'Victor', 'Alice', 'Marco', 'Elena', 'Hiro', 'Kofi', 'Ines',
];
const LAST_NAMES = [
  'Gonzalez', 'Carter', 'Khan', 'Becker', 'Nguyen', 'Miller', 'Whitfield', 'Smith', 'Johnson', 'Brown', 'Garcia', 'Martinez', 'Lee',
  'Walker', 'Hall', 'Young', 'Allen', 'King', 'Wright', 'Lopez', 'Hill', 'Scott', 'Green', 'Adams', 'Baker', 'Nelson', 'Mitchell',
  'Perez', 'Roberts', 'Turner', 'Phillips', 'Campbell', 'Parker', 'Evans', 'Edwards', 'Collins', 'Stewart', 'Sanchez', 'Morris',
  'Rogers', 'Reed', 'Cook', 'Morgan', 'Bell', 'Murphy', 'Bailey', 'Rivera', 'Cooper', 'Richardson', 'Okafor',
];
/** What callers say about their jack in the seeded voicemails (bench/search.ts searches these words). */
const VOICEMAIL_PHRASES = [
  'leaks hydraulic oil from the ram seal',
  'will not hold a load and sinks slowly',
  'has a bent handle socket',
  'makes a grinding noise when pumping',
  'saddle wobbles under load',
  'release valve is stuck',
  'lost a caster wheel',
  'pump lever feels spongy',
];
/** The status history's indexes, built after the load (as in the migrations). */
const HISTORY_INDEXES: Record<string, string> = {
  ticket_status_changes_organization_id_index: 'create index "ticket_status_changes_organization_id_index" on "ticket_status_changes" ("organization_id")',
  ticket_status_changes_ticket_created_index: 'create index "ticket_status_changes_ticket_created_index" on "ticket_status_changes" ("ticket_id", "created_at")',
  ticket_status_changes_organization_created_index:
    'create index "ticket_status_changes_organization_created_index" on "ticket_status_changes" ("organization_id", "created_at") include ("from_status", "to_status")',
  ticket_status_changes_closures_index:
    `create index "ticket_status_changes_closures_index" on "ticket_status_changes" ("organization_id", "created_at") include ("ticket_id") where "to_status" in ('Closed', 'Resolved')`,
};
const count = Number(values.count);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the database to seed');
if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive integer');

/** The app's password format: scrypt$N$r$p$salt$hash (see backend/src/common/auth/password.ts). */
function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 64, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', 32768, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

async function organizationId(client: pg.Client): Promise<string> {
  if (values.organization) return values.organization;
  const existing = await client.query('select organization_id from users where lower(username) = lower($1)', [values.username]);
  if (existing.rowCount) return existing.rows[0].organization_id;
  const org = await client.query("insert into organizations (name) values ('Benchmark Tools Co.') returning id");
  await client.query(
    "insert into users (username, password, organization_id, is_account_owner, role) values ($1, $2, $3, true, 'owner')",
    [values.username, hashPassword(values.password!), org.rows[0].id],
  );
  return org.rows[0].id;
}

async function main(): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  let lap = started;
  const step = (name: string) => {
    console.error(`${name}: ${((Date.now() - lap) / 1000).toFixed(1)} s`);
    lap = Date.now();
  };
  try {
    const org = await organizationId(client);
    await client.query('begin');
    await client.query(
      `insert into system_settings (organization_id, brands, ticket_brand, ticket_fields_enabled)
       values ($1, $2, $3, '{product_model,purchase_location,purchase_date,issue_description,injury_reported,property_damage}')
       on conflict (organization_id) do nothing`,
      [org, BRANDS, BRANDS[0]],
    );
    // Numbers continue the organization's sequence: `count` consecutive ones. The first ALTER
    // SEQUENCE holds off other transactions' nextval until this one commits.
    const sequence = (await client.query(`select ${ticketNumberSequence('$1::uuid')} as name`, [org])).rows[0].name as string;
    await client.query(`alter sequence "${sequence}" increment by 1`);
    const first = Number((await client.query('select nextval($1::regclass) as n', [sequence])).rows[0].n);
    if (count > 1) {
      await client.query(`alter sequence "${sequence}" increment by ${count - 1}`);
      await client.query('select nextval($1::regclass)', [sequence]);
      await client.query(`alter sequence "${sequence}" increment by 1`);
    }
    const customers = Math.max(1, Math.floor(count / 2));
    const run = `${Date.now().toString(36)}`;
    step('organization');

    // The search's indexes are built once after the load too (row by row they cost far more).
    const searchIndexes = [...Object.values(SEARCH_INDEXES), TICKET_NUMBER_PREFIX_INDEX];
    for (const index of searchIndexes) await client.query(`drop index if exists "${index.name}"`);
    // E.164 phones (+1 200 …), numbered on from the organization's customers so reruns stay unique.
    const existing = await client.query('select count(*)::int as n from customers where organization_id = $1', [org]);
    await client.query(
      `insert into customers (organization_id, name, phone, email, street, city, state, zip_code)
       select $1, ($5::text[])[1 + g % array_length($5::text[], 1)] || ' ' || ($6::text[])[1 + (g / array_length($5::text[], 1)) % array_length($6::text[], 1)],
              '+1' || (2000000000 + $4::bigint + g)::text, 'c' || g || '.' || $3 || '@bench.example',
              g || ' Main St', 'Springfield', 'IL', '62701'
       from generate_series(1, $2::int) g`,
      [org, customers, run, existing.rows[0].n, FIRST_NAMES, LAST_NAMES],
    );
    step('customers');
    await client.query(
      `create temp table bench_customers on commit drop as
       select id, row_number() over (order by id) as rn from customers where organization_id = $1 and email like $2`,
      [org, `%.${run}@bench.example`],
    );
    await client.query('create index on bench_customers (rn); analyze bench_customers');
    // Triggers off while loading (one rebuild of the rollups afterwards is far cheaper than
    // keeping them per statement); each ticket's first response / resolution is written with it.
    // The list's indexes are built once after the load (a sort), not row by row.
    await client.query(`set local maintenance_work_mem = '256MB'`);
    for (const sql of TICKET_LIST_INDEXES) await client.query(`drop index if exists ${sql.match(/create index ("[^"]+")/)![1]}`);
    for (const index of Object.values(SLA_INDEXES)) await client.query(`drop index if exists "${index.name}"`);
    // Triggers (the rollups' and the foreign keys') off for the load: the rows are generated
    // consistent, and the rollups are rebuilt once below. Needs a superuser (the embedded one is).
    await client.query('set local session_replication_role = replica');
    for (const name of Object.keys(HISTORY_INDEXES)) await client.query(`drop index if exists ${name}`);
    await client.query(
      `insert into tickets (organization_id, customer_id, ticket_number, product_brand, product_model, product_sku, order_number,
                            purchase_location, purchase_date, issue_category, issue_description, issue_start_time,
                            preferred_resolution, contact_method, status, priority, created_at, updated_at,
                            first_response_at, resolved_at, respond_by, responded_at, overdue_notified_at)
       select $1, c.id, 'WC-' || lpad(n::text, greatest(6, length(n::text)), '0'),
              ($4::text[])[1 + g % 3],
              (array['2-Ton Floor Jack','2.5-Ton Floor Jack','3-Ton Floor Jack'])[1 + g % 3],
              'FJ-' || (200 + g % 5 * 50), 'ORD-' || $6 || '-' || n, case when g % 2 = 0 then 'Walmart' else 'Other' end,
              (created - make_interval(days => 10 + g % 200))::date,
              'Hydraulic Oil Leak', 'Benchmark ticket ' || n || ': oil is leaking from the ram seal after light use.',
              'Within first month', 'Replacement', 'Email',
              status, (array['High','Medium','Medium','Low'])[1 + g % 4],
              created, created,
              case when status <> 'Open' then changed end,
              case when status in ('Closed', 'Resolved') then changed end,
              -- a warranty issue (Replacement): a response promised within 24 h, answered by the
              -- status change; the unanswered ones past it already reported overdue
              created + interval '24 hours',
              case when status <> 'Open' then changed end,
              case when status = 'Open' and created + interval '24 hours' <= now() then created + interval '24 hours' end
       from (select g, n, created, least(now(), created + make_interval(hours => 1 + (g * 37) % 72)) as changed,
                    case when r < 0.40 then 'Open' when r < 0.65 then 'Pending' when r < 0.80 then 'Resolved' else 'Closed' end as status
             from (select g, $3::int + g - 1 as n, random() as r,
                          now() - make_interval(secs => random() * 365 * 86400) as created
                   from generate_series(1, $2::int) g) s0) s
       join bench_customers c on c.rn = 1 + (s.g % $5)`,
      [org, count, first, BRANDS, customers, run],
    );
    step('tickets');
    // History: the creation, then one change for tickets that left Open.
    await client.query(
      `insert into ticket_status_changes (organization_id, ticket_id, from_status, to_status, created_at)
       select organization_id, id, null, 'Open', created_at from tickets
       where organization_id = $1 and order_number like $2
       union all
       select organization_id, id, 'Open', status, first_response_at from tickets
       where organization_id = $1 and status <> 'Open' and order_number like $2`,
      [org, `ORD-${run}-%`],
    );
    step('history');
    // Voicemails: one per 10 tickets, from the ticket's customer, half of them linked to it.
    await client.query(
      `insert into call_logs (organization_id, ticket_id, call_type, from_phone, to_phone, caller_name, transcription, brand,
                              recording_duration, is_read, created_at, updated_at)
       select t.organization_id, case when n % 20 = 0 then t.id end, 'voicemail', c.phone, '+15125550100', c.name,
              'Hi, this is ' || c.name || ', calling about order ' || t.order_number || '. My ' || t.product_model || ' '
                || ($3::text[])[1 + (n / 10) % array_length($3::text[], 1)] || '. Please call me back at ' || c.phone || '.',
              t.product_brand, 20 + n % 100, true, t.created_at + interval '1 hour', t.created_at + interval '1 hour'
       from (select t.*, split_part(t.order_number, '-', 3)::int as n from tickets t
             where t.organization_id = $1 and t.order_number like $2) t
       join customers c on c.id = t.customer_id
       where n % 10 = 0`,
      [org, `ORD-${run}-%`, VOICEMAIL_PHRASES],
    );
    step('voicemails');
    for (const sql of TICKET_LIST_INDEXES) await client.query(sql);
    for (const index of Object.values(SLA_INDEXES)) await client.query(index.create);
    for (const sql of Object.values(HISTORY_INDEXES)) await client.query(sql);
    for (const index of searchIndexes) await client.query(index.create);
    step('indexes');
    await client.query('set local session_replication_role = origin');
    await client.query(REBUILD_ROLLUPS_SQL);
    step('rollups');
    await client.query('commit');
    step('commit');
    // Index-only scans need the visibility map: vacuum after the load.
    for (const table of ['tickets', 'customers', 'call_logs', 'ticket_status_changes', 'ticket_rollups', 'ticket_status_flow']) {
      await client.query(`vacuum analyze ${table}`);
    }
    step('vacuum analyze');
    const total = await client.query('select count(*)::int as n from tickets where organization_id = $1', [org]);
    console.log(
      JSON.stringify({ organization: org, username: values.organization ? undefined : values.username, inserted: count, tickets_in_org: total.rows[0].n, seconds: (Date.now() - started) / 1000 }),
    );
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
