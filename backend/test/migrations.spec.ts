import { afterAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { runMigrations } from '../src/database/migrate.js';
import { MIGRATIONS } from '../src/database/migrations/index.js';
import { buildOrmOptions } from '../src/database/mikro-orm.config.js';
import { REBUILD_ROLLUPS_SQL, ROLLUPS_SNAPSHOT_SQL } from '../src/modules/ticket-analytics/rollups/rollup-sql.js';
import { ticketNumberSequence } from '../src/modules/tickets/ticket-number-sql.js';
import { createTestDatabase } from './support/test-app.js';

const orms: MikroORM[] = [];
const clients: pg.Client[] = [];
afterAll(async () => {
  for (const client of clients) await client.end();
  for (const orm of orms) await orm.close(true);
});

async function orm(url: string): Promise<MikroORM> {
  const created = await MikroORM.init(buildOrmOptions(url, { allowGlobalContext: true, logger: () => undefined }));
  orms.push(created);
  return created;
}

/** A new empty database migrated up to the migration `to` (all when absent), and a client of it. */
async function migratedTo(to?: string): Promise<{ migrated: MikroORM; db: pg.Client }> {
  const url = await createTestDatabase({ empty: true });
  const migrated = await orm(url);
  await migrated.migrator.up(to ? { to } : undefined);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  clients.push(db);
  return { migrated, db };
}

describe('migrations', () => {
  it('two instances starting together apply each migration exactly once', async () => {
    const url = await createTestDatabase({ empty: true });
    const [a, b] = await Promise.all([orm(url), orm(url)]);
    const results = await Promise.all([runMigrations(a, url), runMigrations(b, url)]);
    expect(results.flat()).toEqual(MIGRATIONS.map((m) => m.name));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const rows = await client.query('select name from mikro_orm_migrations');
    await client.end();
    expect(rows.rows.map((r) => r.name)).toEqual(MIGRATIONS.map((m) => m.name));
  });

  it('leave the schema exactly as the entities describe it', async () => {
    const url = await createTestDatabase();
    const migrated = await orm(url);
    // Our schema; the job queue's own schema (graphile_worker) is the library's.
    const diff = await migrated.schema.getUpdateSchemaSQL({ wrap: false, schema: 'public' });
    expect(diff.trim()).toBe('');
  });

  it('give existing tickets their response promise, first response and overdue mark, with rollups that count them', async () => {
    const { migrated, db } = await migratedTo('Migration20261124020000CallCustomers');
    const [{ id: org }] = (await db.query(`insert into organizations (name) values ('Old Org') returning id`)).rows;
    const [{ id: customer }] = (await db.query(`insert into customers (organization_id, name) values ($1, 'Old Customer') returning id`, [org])).rows;
    const ticket = async (number: string, hoursAgo: number, resolution: string | null, category: string | null) =>
      (
        await db.query(
          `insert into tickets (organization_id, customer_id, ticket_number, issue_description, preferred_resolution, issue_category, created_at)
           values ($1, $2, $3, 'An old ticket from before the promises', $4, $5, now() - make_interval(hours => $6)) returning id`,
          [org, customer, number, resolution, category, hoursAgo],
        )
      ).rows[0].id as string;
    const answered = await ticket('WC-1', 50, 'Replacement', 'Hydraulic Oil Leak');
    const called = await ticket('WC-2', 30, 'Technical Support Only', null);
    await ticket('WC-3', 30, 'Unsure - Need Guidance', 'Hydraulic Oil Leak');
    await ticket('WC-4', 30, 'Unsure - Need Guidance', 'Insufficient Height');
    await db.query(
      `insert into ticket_status_changes (organization_id, ticket_id, from_status, to_status, created_at)
       values ($1, $2, 'Open', 'Pending', now() - interval '49 hours')`,
      [org, answered],
    );
    await db.query(
      `insert into call_logs (organization_id, ticket_id, call_type, is_returned, returned_at) values ($1, $2, 'voicemail', true, now() - interval '20 hours')`,
      [org, called],
    );

    await migrated.migrator.up();
    const rows = (
      await db.query(
        `select ticket_number, (extract(epoch from respond_by - created_at) / 3600)::int as hours, responded_at is not null as responded,
                overdue_notified_at is not null as reported
         from tickets order by ticket_number`,
      )
    ).rows;
    expect(rows).toEqual([
      { ticket_number: 'WC-1', hours: 24, responded: true, reported: false },
      { ticket_number: 'WC-2', hours: 48, responded: true, reported: false },
      { ticket_number: 'WC-3', hours: 24, responded: false, reported: true },
      { ticket_number: 'WC-4', hours: 48, responded: false, reported: false },
    ]);
    // What the triggers kept during the backfill equals a rebuild.
    const kept = (await db.query(ROLLUPS_SNAPSHOT_SQL)).rows[0].snapshot;
    await db.query('begin');
    await db.query(REBUILD_ROLLUPS_SQL);
    const rebuilt = (await db.query(ROLLUPS_SNAPSHOT_SQL)).rows[0].snapshot;
    await db.query('rollback');
    expect(kept).toEqual(rebuilt);
    const totals = (await db.query('select sum(responded_n)::int as r, sum(responded_on_time_n)::int as ok, sum(overdue_unanswered_n)::int as od from ticket_totals')).rows[0];
    expect(totals).toEqual({ r: 2, ok: 2, od: 1 });
  });

  it('continue each organization\'s ticket numbers from its counter, keep the rollups, and give a new organization its own numbers', async () => {
    const { migrated, db } = await migratedTo('Migration20261126000000TicketNumberPrefix');
    const [{ id: org }] = (await db.query(`insert into organizations (name, ticket_counter) values ('Old Org', 41) returning id`)).rows;
    const [{ id: customer }] = (await db.query(`insert into customers (organization_id, name) values ($1, 'Old Customer') returning id`, [org])).rows;
    await db.query(`insert into tickets (organization_id, customer_id, ticket_number, issue_description) values ($1, $2, 'WC-000041', 'Old')`, [org, customer]);
    const before = (await db.query(ROLLUPS_SNAPSHOT_SQL)).rows[0].snapshot;

    await migrated.migrator.up();
    const next = async (id: string) => (await db.query(`select nextval(${ticketNumberSequence('$1::uuid')}::regclass) as n`, [id])).rows[0].n as string;
    expect(await next(org)).toBe('42');
    expect(await next(org)).toBe('43');
    expect((await db.query(ROLLUPS_SNAPSHOT_SQL)).rows[0].snapshot).toEqual(before);

    const [{ id: fresh }] = (await db.query(`insert into organizations (name) values ('New Org') returning id`)).rows;
    expect(await next(fresh)).toBe('1');
    await db.query('delete from organizations where id = $1', [fresh]);
    const left = await db.query(`select count(*)::int as n from pg_class where relkind = 'S' and relname = 'ticket_numbers_' || replace($1::text, '-', '')`, [fresh]);
    expect(left.rows[0].n).toBe(0);
  });

  it('take the parallel creates back (counter from the sequence, one rollup row per key) and apply them again', async () => {
    const { migrated, db } = await migratedTo();
    const [{ id: org }] = (await db.query(`insert into organizations (name) values ('Org') returning id`)).rows;
    const [{ id: customer }] = (await db.query(`insert into customers (organization_id, name) values ($1, 'Customer') returning id`, [org])).rows;
    const next = async () => (await db.query(`select nextval(${ticketNumberSequence('$1::uuid')}::regclass) as n`, [org])).rows[0].n as string;
    for (let i = 0; i < 3; i++) {
      const number = await next();
      const [{ id: ticket }] = (
        await db.query(`insert into tickets (organization_id, customer_id, ticket_number, issue_description) values ($1, $2, $3, 'x') returning id`, [org, customer, `WC-${number}`])
      ).rows;
      await db.query(`insert into ticket_status_changes (organization_id, ticket_id, from_status, to_status) values ($1, $2, null, 'Open')`, [org, ticket]);
    }
    const before = (await db.query(ROLLUPS_SNAPSHOT_SQL)).rows[0].snapshot;

    await migrated.migrator.down({ to: 'Migration20261126000000TicketNumberPrefix' });
    expect((await db.query('select ticket_counter from organizations where id = $1', [org])).rows[0].ticket_counter).toBe(3);
    expect((await db.query(ROLLUPS_SNAPSHOT_SQL)).rows[0].snapshot).toEqual(before);

    await migrated.migrator.up();
    expect(await next()).toBe('4');
    expect((await db.query(ROLLUPS_SNAPSHOT_SQL)).rows[0].snapshot).toEqual(before);
  });
  it('give the brands that products name back to their organization, so no product is left orphaned', async () => {
    const { migrated, db } = await migratedTo('Migration20261127000000ParallelCreates');
    const org = async (name: string) => (await db.query(`insert into organizations (name) values ($1) returning id`, [name])).rows[0].id as string;
    const [orphaned, withoutSettings, tidy] = [await org('Orphans'), await org('No settings'), await org('Tidy')];
    await db.query(`insert into system_settings (organization_id, brands, ticket_brand) values ($1, '{Keep}', 'Keep'), ($2, '{Keep}', null)`, [orphaned, tidy]);
    const product = (organization: string, brand: string, sku: string) =>
      db.query(`insert into products (organization_id, brand, sku, product_name, warranty_term, sale_locations) values ($1, $2, $3, 'Jack', '1 year', '{}')`, [organization, brand, sku]);
    await product(orphaned, 'Keep', 'K-1');
    await product(orphaned, 'Zed', 'Z-1');
    await product(orphaned, 'Zed', 'Z-2');
    await product(orphaned, 'Unsaved', 'U-1');
    await product(withoutSettings, 'Lonely', 'L-1');
    await product(tidy, 'Keep', 'T-1');

    await migrated.migrator.up();
    const settings = (await db.query('select organization_id, brands, ticket_brand, ticket_fields_enabled from system_settings order by brands')).rows;
    const of = (id: string) => settings.find((row) => row.organization_id === id);
    expect(of(orphaned)).toMatchObject({ brands: ['Keep', 'Unsaved', 'Zed'], ticket_brand: 'Keep' });
    expect(of(withoutSettings)).toMatchObject({
      brands: ['Lonely'],
      ticket_brand: null,
      ticket_fields_enabled: ['product_model', 'purchase_location', 'purchase_date', 'issue_description', 'injury_reported', 'property_damage'],
    });
    expect(of(tidy)).toMatchObject({ brands: ['Keep'] });
    const orphans = await db.query('select p.sku from products p join system_settings s using (organization_id) where not (p.brand = any(s.brands))');
    expect(orphans.rows).toEqual([]);
  });

  it('give account owners the owner role and everyone else the agent role, and keep roles to the three', async () => {
    const { migrated, db } = await migratedTo('Migration20261128400000SavedProductBrands');
    const org = (await db.query(`insert into organizations (name) values ('Roles') returning id`)).rows[0].id as string;
    const user = async (username: string, owner: boolean, role: string) =>
      (await db.query(`insert into users (username, password, organization_id, is_account_owner, role) values ($1, 'x', $2, $3, $4) returning id`, [username, org, owner, role])).rows[0].id as string;
    const owner = await user('boss', true, 'agent');
    const member = await user('sam', false, 'agent');
    const oddOne = await user('odd', false, 'manager');

    await migrated.migrator.up();
    const roles = Object.fromEntries((await db.query('select id, role from users')).rows.map((row) => [row.id, row.role]));
    expect(roles).toEqual({ [owner]: 'owner', [member]: 'agent', [oddOne]: 'agent' });
    await expect(db.query(`update users set role = 'manager' where id = $1`, [member])).rejects.toThrow(/users_role_check/);
    expect((await db.query('select count(*)::int as n from audit_log')).rows[0].n).toBe(0);
  });

  it('give the warranty histogram of hours to resolution and the warranty rollups by month, summed from the daily ones, kept from then on', async () => {
    const { migrated, db } = await migratedTo('Migration20261201434000OnboardingDismissed');
    const org = (await db.query(`insert into organizations (name) values ('Histogram') returning id`)).rows[0].id as string;
    await db.query(
      `insert into warranty_rollups (organization_id, day, brand, sku, product, category, stripe, claims, approved, denied, cost, resolved, resolution_seconds) values
         ($1, '2026-01-03', 'Acme', 'FJ-1', 'Jack', 'Leak', 0, 2, 1, 0, 10.50, 1, 3600), ($1, '2026-01-30', 'Acme', 'FJ-1', 'Jack', 'Leak', 0, 1, 0, 1, 0, 1, 7200),
         ($1, '2026-01-30', 'Acme', 'FJ-1', 'Jack', 'Leak', 3, 4, 0, 0, 0, 0, 0), ($1, '2026-02-01', 'Acme', 'FJ-1', 'Jack', 'Leak', 0, 1, 1, 0, 2.25, 0, 0)`,
      [org],
    );
    await db.query(
      `insert into warranty_resolution_hours (organization_id, day, hours, n) values
         ($1, '2026-01-01', 30, 2), ($1, '2026-01-31', 30, 3), ($1, '2026-01-15', 31, 1), ($1, '2026-02-01', 30, 4), ($1, '2025-12-31', 30, 5), ($1, '2026-02-10', 7, 0)`,
      [org],
    );

    await migrated.migrator.up();
    const monthly = (await db.query('select month::text, hours, n from warranty_resolution_hours_monthly where organization_id = $1 order by 1, 2', [org])).rows;
    expect(monthly).toEqual([
      { month: '2025-12-01', hours: 30, n: 5 },
      { month: '2026-01-01', hours: 30, n: 5 },
      { month: '2026-01-01', hours: 31, n: 1 },
      { month: '2026-02-01', hours: 30, n: 4 },
    ]);
    const months = async () =>
      (await db.query('select month::text, stripe, claims, approved, denied, cost::text, resolved, resolution_seconds from warranty_rollups_monthly where organization_id = $1 order by 1, 2', [org])).rows;
    expect(await months()).toEqual([
      { month: '2026-01-01', stripe: 0, claims: 3, approved: 1, denied: 1, cost: '10.50', resolved: 2, resolution_seconds: 10800 },
      { month: '2026-01-01', stripe: 3, claims: 4, approved: 0, denied: 0, cost: '0.00', resolved: 0, resolution_seconds: 0 },
      { month: '2026-02-01', stripe: 0, claims: 1, approved: 1, denied: 0, cost: '2.25', resolved: 0, resolution_seconds: 0 },
    ]);
    // From then on the daily rows' writes reach their month: an update, a new day, a deleted day.
    await db.query(`update warranty_rollups set claims = claims + 5, cost = cost + 1 where organization_id = $1 and day = '2026-01-03'`, [org]);
    await db.query(`insert into warranty_rollups (organization_id, day, brand, sku, product, category, claims) values ($1, '2026-02-20', 'Acme', 'FJ-1', 'Jack', 'Leak', 7)`, [org]);
    await db.query(`delete from warranty_rollups where organization_id = $1 and day = '2026-01-30' and stripe = 3`, [org]);
    expect(await months()).toEqual([
      { month: '2026-01-01', stripe: 0, claims: 8, approved: 1, denied: 1, cost: '11.50', resolved: 2, resolution_seconds: 10800 },
      { month: '2026-01-01', stripe: 3, claims: 0, approved: 0, denied: 0, cost: '0.00', resolved: 0, resolution_seconds: 0 },
      { month: '2026-02-01', stripe: 0, claims: 8, approved: 1, denied: 0, cost: '2.25', resolved: 0, resolution_seconds: 0 },
    ]);
    // Deleting the organization cascades to both without the trigger writing for it.
    await db.query('delete from organizations where id = $1', [org]);
    expect(await months()).toEqual([]);
  });
});
