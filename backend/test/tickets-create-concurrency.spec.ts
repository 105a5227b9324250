import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { REBUILD_ROLLUPS_SQL, ROLLUPS_SNAPSHOT_SQL } from '../src/modules/ticket-analytics/rollups/rollup-sql.js';
import { RollupCompaction } from '../src/modules/ticket-analytics/rollups/rollup-compaction.service.js';
import { ROLLUP_STRIPES } from '../src/modules/ticket-analytics/rollups/rollup-triggers.js';
import { NEXT_FORMATTED_TICKET_NUMBER_SQL, ticketNumberSequence } from '../src/modules/tickets/ticket-number-sql.js';
import { ticketPayload } from './factories/tickets.js';
import { registerOwner } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app.close());

describe('POST /api/tickets in parallel', () => {
  it('makes one customer for parallel creates with the same phone, and one for the same e-mail without a phone', async () => {
    const owner = await registerOwner(app);
    const samePhone = await Promise.all(
      Array.from({ length: 8 }, (_, i) => owner.agent.post('/api/tickets').send(ticketPayload({ customerPhone: '+15125559900', customerEmail: `p${i}@example.org` }))),
    );
    expect(samePhone.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(samePhone.map((r) => r.body.customer.id)).size).toBe(1);

    const sameEmail = await Promise.all(
      Array.from({ length: 8 }, () => owner.agent.post('/api/tickets').send(ticketPayload({ customerPhone: undefined, customerEmail: 'Same@Example.org' }))),
    );
    expect(sameEmail.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(sameEmail.map((r) => r.body.customer.id)).size).toBe(1);

    // Distinct, and without gaps when no create rolls back.
    const numbers = [...samePhone, ...sameEmail].map((r) => r.body.ticketNumber).sort();
    expect(numbers).toEqual(Array.from({ length: 16 }, (_, i) => `WC-${String(i + 1).padStart(6, '0')}`));
  });

  it('numbers in the insert: six digits up to WC-999999, then wider, never cut', async () => {
    const owner = await registerOwner(app);
    await app.db.query(`select setval(${ticketNumberSequence('$1::uuid')}::regclass, 999998)`, [owner.user.organization_id]);
    const numbers: string[] = [];
    for (let i = 0; i < 2; i++) numbers.push((await owner.agent.post('/api/tickets').send(ticketPayload()).expect(201)).body.ticketNumber);
    expect(numbers).toEqual(['WC-999999', 'WC-1000000']);
    const stored = await app.db.query(`select ticket_number from tickets where organization_id = $1 order by created_at`, [owner.user.organization_id]);
    expect(stored.rows.map((r) => r.ticket_number)).toEqual(numbers);
  });
});

describe('creates in one organization', () => {
  /** A session of the test's database, its backend pid and so its rollup stripe. */
  async function session(): Promise<{ client: pg.Client; pid: number }> {
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    const pid = (await client.query('select pg_backend_pid() as pid')).rows[0].pid as number;
    return { client, pid };
  }

  /** What a create writes that other creates of the organization also write: its number (taken by its insert, as the app's), its row (same day, brand, priority), its first history row. */
  async function create(client: pg.Client, organizationId: string, customerId: string, createdAt = new Date()): Promise<string> {
    const { id: ticket, ticket_number: number } = (
      await client.query(
        `insert into tickets (organization_id, customer_id, ticket_number, issue_description, product_brand, priority, created_at)
         values ($1, $2, ${NEXT_FORMATTED_TICKET_NUMBER_SQL.replace('?', '$1')}, 'Leaks oil', 'IronJack', 'Medium', $3) returning id, ticket_number`,
        [organizationId, customerId, createdAt],
      )
    ).rows[0] as { id: string; ticket_number: string };
    await client.query(`insert into ticket_status_changes (organization_id, ticket_id, from_status, to_status, created_at) values ($1, $2, null, 'Open', $3)`, [
      organizationId,
      ticket,
      createdAt,
    ]);
    return number;
  }

  it("do not wait for each other's commit: the number and the rollup rows of today take no lock held until commit", async () => {
    const owner = await registerOwner(app);
    const org = owner.user.organization_id;
    const customer = (await app.db.query(`insert into customers (organization_id, name) values ($1, 'Parallel') returning id`, [org])).rows[0].id as string;
    const first = await session();
    // Two sessions on different stripes (as the pool's connections mostly are).
    let second = await session();
    const opened = [first.client, second.client];
    while (second.pid % ROLLUP_STRIPES === first.pid % ROLLUP_STRIPES) {
      second = await session();
      opened.push(second.client);
    }
    try {
      await first.client.query('begin');
      const a = await create(first.client, org, customer);

      // The second create runs to its commit while the first is still open; before, it queued on the
      // organization's counter row and on the rollup rows of today until the first committed.
      let waitedOnLock = false;
      let done = false;
      const secondCreate = (async () => {
        await second.client.query('begin');
        const n = await create(second.client, org, customer);
        await second.client.query('commit');
        done = true;
        return n;
      })();
      while (!done) {
        const activity = await app.db.query('select wait_event_type from pg_stat_activity where pid = $1', [second.pid]);
        if (activity.rows[0]?.wait_event_type === 'Lock') {
          waitedOnLock = true;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(waitedOnLock).toBe(false);
      const b = await secondCreate;
      await first.client.query('commit');
      expect(new Set([a, b]).size).toBe(2);

      // Both counted, each in its own stripe: what the triggers kept equals a rebuild from a scan.
      const stripes = await app.db.query(`select count(*)::int as n from ticket_totals where organization_id = $1`, [org]);
      expect(stripes.rows[0].n).toBe(2);
      const kept = (await app.db.query(ROLLUPS_SNAPSHOT_SQL)).rows[0].snapshot;
      await app.db.query('begin');
      try {
        await app.db.query(REBUILD_ROLLUPS_SQL);
        expect(kept).toEqual((await app.db.query(ROLLUPS_SNAPSHOT_SQL)).rows[0].snapshot);
      } finally {
        await app.db.query('rollback');
      }
      const metrics = await owner.agent.get('/api/tickets/metrics').expect(200);
      expect(metrics.body.total).toBe(2);
    } finally {
      for (const client of opened) await client.end();
    }
  });

  it("fold past days' stripes into one row per key, every sum kept, today's rows left to their writers", async () => {
    const owner = await registerOwner(app);
    const org = owner.user.organization_id;
    const customer = (await app.db.query(`insert into customers (organization_id, name) values ($1, 'Striped') returning id`, [org])).rows[0].id as string;
    const sessions = [await session()];
    while (sessions.length < 3) {
      const next = await session();
      if (sessions.some((s) => s.pid % ROLLUP_STRIPES === next.pid % ROLLUP_STRIPES)) await next.client.end();
      else sessions.push(next);
    }
    const yesterday = new Date(Date.now() - 86_400_000);
    const rows = async (past: boolean) =>
      (
        await app.db.query(
          `select (select count(*) from ticket_rollups where organization_id = $1 and stripe <> 0 and (day < (now() at time zone 'UTC')::date) = $2)
                + (select count(*) from ticket_status_flow where organization_id = $1 and stripe <> 0 and (day < (now() at time zone 'UTC')::date) = $2) as n`,
          [org, past],
        )
      ).rows[0].n as string;
    try {
      for (const { client } of sessions) {
        await create(client, org, customer, yesterday);
        await create(client, org, customer);
      }
      const pastStriped = Number(await rows(true));
      const todayStriped = await rows(false);
      expect(pastStriped).toBeGreaterThan(0);
      const before = (await app.db.query(ROLLUPS_SNAPSHOT_SQL)).rows[0].snapshot;

      const folded = await app.created.app.get(RollupCompaction).compact();
      expect(folded).toBeGreaterThanOrEqual(pastStriped);
      expect(await rows(true)).toBe('0');
      expect(await rows(false)).toBe(todayStriped);
      expect((await app.db.query(ROLLUPS_SNAPSHOT_SQL)).rows[0].snapshot).toEqual(before);
      await app.db.query('begin');
      try {
        await app.db.query(REBUILD_ROLLUPS_SQL);
        expect((await app.db.query(ROLLUPS_SNAPSHOT_SQL)).rows[0].snapshot).toEqual(before);
      } finally {
        await app.db.query('rollback');
      }
      const trends = await owner.agent.get('/api/tickets/metrics/trends?days=1').expect(200);
      expect(trends.body.total.current).toBe(6);
    } finally {
      for (const { client } of sessions) await client.end();
    }
  });
});
