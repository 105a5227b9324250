import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LiveHub } from '../src/common/live/live-hub.js';
import pg from 'pg';
import { queueWake } from '../src/common/jobs/jobs.js';
import { LIST_CACHE_MAX_ROWS, TicketListCache, ticketListChanged } from '../src/modules/tickets/ticket-list-cache.js';
import { createTicket, isoDaysAgo } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { statementsOf } from './support/statement-counter.js';
import type { TestApp } from './support/test-app.js';
import { sessionCookie, startTwoInstances, type TwoInstances, whileNotificationsWait } from './support/two-instances.js';

/**
 * Issue 32: the ticket list's pages come from memory while nothing they show has changed, and a
 * change committed before a request, on any instance or by anything else, is in its answer. Two app
 * instances on one database, the same session on both, as behind a load balancer.
 */
let instances: TwoInstances<TicketListCache>;
let a: TestApp;
let b: TestApp;
let owner: SignedIn;
let cookie: string;
let organizationId: string;

const PAGE = '/api/tickets?view=row&range=[0,24]&sort=["created_at","DESC"]';

beforeAll(async () => {
  instances = await startTwoInstances(TicketListCache, { JOBS_WORKER: 'false' });
  ({ a, b } = instances);
  owner = await registerOwner(a);
  organizationId = owner.user.organization_id as string;
  cookie = await sessionCookie(a, owner);
});
afterAll(() => instances?.close());

const cacheOf = (app: TestApp): TicketListCache => instances.cacheOf(app);

interface Row {
  id: string;
  ticket_number: string;
  customer: { name: string };
  assignee: { name: string } | null;
  under_warranty: boolean | null;
}

async function page(app: TestApp, path = PAGE): Promise<{ rows: Row[]; range: string }> {
  const res = await app.request().get(path).set('Cookie', cookie).expect(200);
  return { rows: res.body as Row[], range: res.headers['content-range'] as string };
}

const LIST_STATEMENT = /\bfrom tickets\b|\bjoin tickets\b/;

describe('the ticket list cache', () => {
  it('a page asked for again is not read again', async () => {
    await createTicket(owner.agent);
    await page(b);
    const { statements, error } = await statementsOf(b.em, async () => {
      for (let i = 0; i < 3; i++) expect((await page(b)).rows.length).toBeGreaterThan(0);
    });
    expect(error).toBeUndefined();
    expect(statements.filter((s) => LIST_STATEMENT.test(s))).toEqual([]);
    // Each answer waited for the notifications committed before it (LiveHub.sync).
    expect(statements.filter((s) => s === 'select 1').length).toBeGreaterThanOrEqual(3);
  });

  it('a ticket created on one instance is on the other\'s next page, though its notification has not been read yet', async () => {
    const before = await page(b);
    const created = await whileNotificationsWait(b, 300, () => createTicket(owner.agent));
    const after = await page(b);
    expect(after.rows[0]!.id).toBe(created.id);
    expect(after.rows.slice(1).map((r) => r.id)).toEqual(before.rows.map((r) => r.id).slice(0, after.rows.length - 1));
    expect(after.range).not.toBe(before.range);
  });

  it('a change made in the database by anything else is on the next page: a customer, an assignee, a product, a removal', async () => {
    const ticket = await createTicket(owner.agent, { productSku: 'LC-9000', purchaseDate: isoDaysAgo(400) });
    const row = async () => (await page(b)).rows.find((r) => r.id === ticket.id);
    expect((await row())!.under_warranty).toBe(false);

    await whileNotificationsWait(b, 300, () => a.db.query(`update customers set name = 'Renamed Person' where id = (select customer_id from tickets where id = $1)`, [ticket.id]));
    expect((await row())!.customer.name).toBe('Renamed Person');

    await a.db.query(`update tickets set assignee_id = $2 where id = $1`, [ticket.id, owner.user.id]);
    await page(b);
    await whileNotificationsWait(b, 300, () => a.db.query(`update users set first_name = 'Renamed', last_name = 'Owner' where id = $1`, [owner.user.id]));
    expect((await row())!.assignee!.name).toBe('Renamed Owner');

    // A lifetime term for the ticket's SKU puts its 400-day-old purchase back under warranty.
    await whileNotificationsWait(b, 300, () =>
      a.db.query(`insert into products (organization_id, brand, sku, product_name, warranty_term, sale_locations) values ($1, 'IronJack', 'LC-9000', 'Long jack', 'Lifetime', '{}')`, [organizationId]),
    );
    expect((await row())!.under_warranty).toBe(true);

    await whileNotificationsWait(b, 300, () => a.db.query(`delete from tickets where id = $1`, [ticket.id]));
    expect(await row()).toBeUndefined();
  });

  it("another organization's changes leave the page held, and each organization has its own pages", async () => {
    const other = await registerOwner(a);
    await createTicket(other.agent);
    await page(b);
    const { statements } = await statementsOf(b.em, async () => {
      await createTicket(other.agent);
      await page(b);
    });
    expect(statements.filter((s) => /^with page as/.test(s))).toEqual([]);
    const theirs = (await other.agent.get(PAGE).expect(200)).body as Row[];
    const ours = (await page(b)).rows;
    expect(theirs.length).toBe(2);
    expect(theirs.some((t) => ours.some((o) => o.id === t.id))).toBe(false);
  });

  it('reads the filters that move with the clock, and long pages, every time', async () => {
    for (const path of ['/api/tickets?view=row&range=[0,24]&sla=overdue', `/api/tickets?view=row&range=[0,${LIST_CACHE_MAX_ROWS}]`]) {
      await page(b, path);
      const { statements } = await statementsOf(b.em, () => page(b, path));
      expect(statements.filter((s) => LIST_STATEMENT.test(s)).length).toBeGreaterThan(0);
    }
  });

  it('answers the rows as JSON for no browser to keep, tagged with their total too, and 304 to a client that has them', async () => {
    const res = await b.request().get(PAGE).set('Cookie', cookie).expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    await b.request().get(PAGE).set('Cookie', cookie).set('If-None-Match', res.headers.etag as string).expect(304);
    // A ticket beyond a page of one removed: the same row, another total, another tag.
    const older = await createTicket(owner.agent);
    const newest = await createTicket(owner.agent);
    const first = PAGE.replace('[0,24]', '[0,0]');
    const before = await b.request().get(first).set('Cookie', cookie).expect(200);
    await owner.agent.delete('/api/tickets/bulk-delete').send({ ticketIds: [older.id] }).expect(200);
    const after = await b.request().get(first).set('Cookie', cookie).expect(200);
    expect((after.body as Row[]).map((r) => r.id)).toEqual([newest.id]);
    expect(after.text).toBe(before.text);
    expect(after.headers['content-range']).not.toBe(before.headers['content-range']);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('serves nothing from memory while it cannot hear invalidations', async () => {
    const cache = cacheOf(b);
    await page(b);
    cache.listening(false);
    try {
      expect(cache.active).toBe(false);
      expect(cache.size).toBe(0);
      const { statements } = await statementsOf(b.em, () => page(b));
      expect(statements.filter((s) => LIST_STATEMENT.test(s)).length).toBeGreaterThan(0);
      expect(cache.size).toBe(0);
    } finally {
      cache.listening(true);
    }
  });
});

describe('LiveHub.sync', () => {
  it('callers share round trips: those arriving while one is out join the next', async () => {
    const hub = b.created.app.get(LiveHub);
    const { statements, error } = await statementsOf(b.em, () => Promise.all(Array.from({ length: 20 }, () => hub.sync())));
    expect(error).toBeUndefined();
    expect(statements.filter((s) => s === 'select 1')).toEqual(['select 1', 'select 1']);
  });
});

/** A LISTEN client of its own on these channels: what it has heard, and `heardAll` (every NOTIFY committed before the call has arrived). */
async function listening(app: TestApp, channels: string[]) {
  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  const heard: Array<{ channel: string; payload: string }> = [];
  client.on('notification', (n) => heard.push({ channel: n.channel, payload: n.payload ?? '' }));
  await client.query(channels.map((channel) => `listen "${channel}"`).join('; '));
  return { heard, heardAll: () => client.query('select 1'), close: () => client.end() };
}

describe("a create's notifications (issue 32: a NOTIFY in every create's transaction queued every commit behind the one before)", () => {
  it('commit without one, then announce its jobs and its organization once, before the answer', async () => {
    const listener = await listening(a, ['jobs:insert', 'wcrm_list_cache']);
    try {
      const ticket = await createTicket(owner.agent);
      await listener.heardAll();
      const { rows } = await a.db.query(`select count(*)::int as n from graphile_worker._private_jobs where payload -> 'event' ->> 'ticketId' = $1`, [ticket.id]);
      expect(rows[0].n).toBeGreaterThan(0);
      // The list's trigger sent nothing (else two for the organization), nor did add_jobs (its payload has "r").
      expect(listener.heard).toEqual([
        { channel: 'wcrm_list_cache', payload: organizationId },
        { channel: 'jobs:insert', payload: JSON.stringify({ count: rows[0].n }) },
      ]);
    } finally {
      await listener.close();
    }
  });

  it("leave the list's triggers on for the statements after it on the same connection", async () => {
    const ticket = await createTicket(owner.agent);
    const listener = await listening(a, ['wcrm_list_cache']);
    try {
      // An edit through the ORM's pool, whichever connection it takes: the trigger notifies.
      await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ priority: 'High' }).expect(200);
      await listener.heardAll();
      expect(listener.heard).toEqual([{ channel: 'wcrm_list_cache', payload: organizationId }]);
    } finally {
      await listener.close();
    }
  });
});

describe('LiveHub.announce', () => {
  it('sends what is announced meanwhile in one statement, one NOTIFY per channel carrying every item', async () => {
    const hub = b.created.app.get(LiveHub);
    const [one, two] = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
    const listener = await listening(b, ['jobs:insert', 'wcrm_list_cache']);
    try {
      const { statements, error } = await statementsOf(b.em, () =>
        Promise.all([
          hub.announce(b.em, [ticketListChanged(one), queueWake(3)]),
          hub.announce(b.em, [ticketListChanged(two), queueWake(2)]),
          hub.announce(b.em, [ticketListChanged(one)]),
        ]),
      );
      expect(error).toBeUndefined();
      expect(statements.filter((s) => s.includes('pg_notify'))).toHaveLength(1);
      await listener.heardAll();
      expect(listener.heard).toEqual([
        { channel: 'wcrm_list_cache', payload: `${one},${two}` },
        { channel: 'jobs:insert', payload: JSON.stringify({ count: 5 }) },
      ]);
    } finally {
      await listener.close();
    }
  });
});
