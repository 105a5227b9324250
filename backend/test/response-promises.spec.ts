import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { appendNote } from '@warranty-crm/contract';
import { OverdueTickets } from '../src/modules/ticket-analytics/sla/overdue-tickets.service.js';
import { bindTenant } from '../src/common/tenancy/tenant-statement.js';
import { positionalSql } from '../src/database/prepared-statements.js';
import { filterConditions, listIdsQuery } from '../src/modules/tickets/ticket-list.service.js';
import { parseTicketFilters } from '../src/modules/tickets/ticket-filters.js';
import { createTicket, setCreatedAt } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const HOUR = 3_600_000;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

const hoursBetween = (from: string, to: string) => (new Date(to).getTime() - new Date(from).getTime()) / HOUR;

async function setPromise(ticketId: string, respondBy: Date, respondedAt: Date | null = null): Promise<void> {
  await app.db.query('update tickets set respond_by = $2, responded_at = $3 where id = $1', [ticketId, respondBy, respondedAt]);
}

async function respondedAt(ticketId: string): Promise<Date | null> {
  return (await app.db.query('select responded_at from tickets where id = $1', [ticketId])).rows[0].responded_at;
}

describe('respond_by at creation', () => {
  let owner: SignedIn;
  beforeAll(async () => {
    owner = await registerOwner(app);
  });

  it('promises 24 hours for a warranty issue and 48 hours for technical support, by resolution and category', async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ preferredResolution: 'Replacement', issueCategory: 'Hydraulic Oil Leak' }, 24],
      [{ preferredResolution: 'Refund', issueCategory: 'Rust/Corrosion/Maintenance' }, 24],
      [{ preferredResolution: 'Technical Support Only', issueCategory: 'Hydraulic Oil Leak' }, 48],
      [{ preferredResolution: 'Unsure - Need Guidance', issueCategory: 'Insufficient Height' }, 48],
      [{ preferredResolution: 'Unsure - Need Guidance', issueCategory: "Won't Lift / Lifting Issues" }, 24],
    ];
    for (const [payload, hours] of cases) {
      const created = await createTicket(owner.agent, payload);
      expect({ payload, hours: hoursBetween(created.created_at as string, created.respond_by as string) }).toEqual({ payload, hours });
      expect(created).toMatchObject({ responded_at: null, sla: 'on_track', updated_at: created.created_at });
      const read = await owner.agent.get(`/api/tickets/${created.id}`).expect(200);
      expect(read.body.respond_by).toBe(created.respond_by);
    }
  });

  it("uses the organization's configured hours for new tickets and leaves existing tickets' respond_by alone", async () => {
    const org = await registerOwner(app);
    const before = await createTicket(org.agent, { preferredResolution: 'Replacement' });
    const saved = await org.agent.put('/api/settings').send({ warranty_response_hours: 6, support_response_hours: 72 }).expect(200);
    expect(saved.body).toMatchObject({ warranty_response_hours: 6, support_response_hours: 72 });
    expect((await org.agent.get('/api/settings').expect(200)).body).toMatchObject({ warranty_response_hours: 6, support_response_hours: 72 });

    const warranty = await createTicket(org.agent, { preferredResolution: 'Repair Parts' });
    const support = await createTicket(org.agent, { preferredResolution: 'Technical Support Only' });
    expect(hoursBetween(warranty.created_at as string, warranty.respond_by as string)).toBe(6);
    expect(hoursBetween(support.created_at as string, support.respond_by as string)).toBe(72);
    const unchanged = await org.agent.get(`/api/tickets/${before.id}`).expect(200);
    expect(unchanged.body.respond_by).toBe(before.respond_by);
    expect(hoursBetween(before.created_at as string, unchanged.body.respond_by)).toBe(24);

    // Another organization keeps the defaults.
    expect((await owner.agent.get('/api/settings').expect(200)).body).toMatchObject({ warranty_response_hours: 24, support_response_hours: 48 });
  });

  it('refuses response hours outside 1 to 720 whole hours with a clear 400', async () => {
    const org = await registerOwner(app);
    const message = (field: string) => `${field} must be a whole number of hours between 1 and 720`;
    for (const [field, value] of [
      ['warranty_response_hours', 0],
      ['warranty_response_hours', 721],
      ['warranty_response_hours', 2.5],
      ['warranty_response_hours', '24'],
      ['warranty_response_hours', null],
      ['support_response_hours', -1],
      ['support_response_hours', 1000],
    ] as const) {
      const res = await org.agent.put('/api/settings').send({ [field]: value }).expect(400);
      expect({ field, value, error: res.body.error, message: res.body.message }).toEqual({ field, value, error: message(field), message: message(field) });
    }
    await org.agent.put('/api/settings').send({ warranty_response_hours: 1, support_response_hours: 720 }).expect(200);
    expect((await org.agent.get('/api/settings').expect(200)).body).toMatchObject({ warranty_response_hours: 1, support_response_hours: 720 });
  });
});

describe('responded_at', () => {
  let owner: SignedIn;
  beforeAll(async () => {
    owner = await registerOwner(app);
  });

  it('is set by the first status change and kept by later ones', async () => {
    const ticket = await createTicket(owner.agent);
    const first = await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ status: 'Pending' }).expect(200);
    expect(first.body.responded_at).not.toBeNull();
    expect(first.body.sla).toBe('met');
    await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ status: 'Closed' }).expect(200);
    expect((await respondedAt(ticket.id))?.toISOString()).toBe(first.body.responded_at);
  });

  it('is set by a note, but not by a priority change, a purchase verification, a status sent unchanged or another description edit', async () => {
    const ticket = await createTicket(owner.agent);
    await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ priority: 'High', purchase_verified: true, status: 'Open' }).expect(200);
    const fixed = `${ticket.issue_description} (typo fixed)`;
    await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ issue_description: fixed }).expect(200);
    expect(await respondedAt(ticket.id)).toBeNull();
    const noted = await owner.agent
      .patch(`/api/tickets/${ticket.id}`)
      .send({ issue_description: appendNote(fixed, 'Called the customer, sending a seal kit.') })
      .expect(200);
    expect(noted.body.responded_at).not.toBeNull();
    expect(noted.body.sla).toBe('met');
  });

  it('is set by returning a call linked to the ticket', async () => {
    const ticket = await createTicket(owner.agent);
    const { rows } = await app.db.query(
      `insert into call_logs (organization_id, ticket_id, call_type, from_phone) values ($1, $2, 'voicemail', '+15125550199') returning id`,
      [owner.user.organization_id, ticket.id],
    );
    await owner.agent.patch(`/api/call-logs/${rows[0].id}`).send({ is_read: true }).expect(200);
    expect(await respondedAt(ticket.id)).toBeNull();
    const returned = await owner.agent.patch(`/api/call-logs/${rows[0].id}`).send({ is_returned: true }).expect(200);
    expect((await respondedAt(ticket.id))?.toISOString()).toBe(new Date(returned.body.returned_at).toISOString());
    expect((await owner.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body.sla).toBe('met');
  });

  it('is set by a bulk status change for the tickets whose status changed', async () => {
    const changed = await createTicket(owner.agent);
    const same = await createTicket(owner.agent);
    await app.db.query(`update tickets set status = 'Pending' where id = $1`, [same.id]);
    await owner.agent.patch('/api/tickets/bulk-update').send({ ticketIds: [changed.id, same.id], status: 'Pending' }).expect(200);
    expect(await respondedAt(changed.id)).not.toBeNull();
    expect(await respondedAt(same.id)).toBeNull();
  });

  it('makes a late answer missed', async () => {
    const ticket = await createTicket(owner.agent);
    await setPromise(ticket.id, new Date(Date.now() - HOUR));
    expect((await owner.agent.get(`/api/tickets/${ticket.id}`).expect(200)).body.sla).toBe('overdue');
    const res = await owner.agent.patch(`/api/tickets/${ticket.id}`).send({ status: 'Pending' }).expect(200);
    expect(res.body.sla).toBe('missed');
  });
});

describe('the Due soon and Overdue list filters', () => {
  let org: SignedIn;
  let other: SignedIn;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    org = await registerOwner(app);
    other = await registerOwner(app);
    const now = Date.now();
    const arrange: [string, number, number | null][] = [
      ['overdue', -2 * HOUR, null],
      ['overdueOld', -30 * HOUR, null],
      ['dueSoon', 2 * HOUR, null],
      ['dueSoonEdge', 3.9 * HOUR, null],
      ['onTrack', 6 * HOUR, null],
      ['answeredLate', -5 * HOUR, -1 * HOUR],
      ['answeredSoon', 1 * HOUR, -1 * HOUR],
    ];
    for (const [name, offset, answered] of arrange) {
      const t = await createTicket(org.agent);
      ids[name] = t.id;
      await setPromise(t.id, new Date(now + offset), answered === null ? null : new Date(now + answered));
    }
    await setCreatedAt(app, ids.overdueOld, new Date(now - 3 * 86_400_000));
    const foreign = await createTicket(other.agent);
    await setPromise(foreign.id, new Date(now - HOUR));
  });

  async function listed(query: Record<string, string>): Promise<{ ids: string[]; total: string; sla: string[] }> {
    const res = await org.agent.get('/api/tickets').query(query).expect(200);
    return { ids: res.body.map((t: { id: string }) => t.id), total: res.headers['content-range'].split('/')[1], sla: res.body.map((t: { sla: string }) => t.sla) };
  }

  it('lists the unanswered tickets past respond_by as overdue, newest first, with the exact total', async () => {
    expect(await listed({ sla: 'overdue' })).toEqual({ ids: [ids.overdue, ids.overdueOld], total: '2', sla: ['overdue', 'overdue'] });
    expect(await listed({ filter: JSON.stringify({ sla: 'overdue' }), range: '[0,0]' })).toEqual({ ids: [ids.overdue], total: '2', sla: ['overdue'] });
  });

  it('lists the unanswered tickets within 4 hours of respond_by as due soon', async () => {
    const res = await listed({ filter: JSON.stringify({ sla: 'due_soon' }) });
    expect(new Set(res.ids)).toEqual(new Set([ids.dueSoon, ids.dueSoonEdge]));
    expect(res.total).toBe('2');
    expect(res.sla).toEqual(['due_soon', 'due_soon']);
  });

  it('combines with the other filters and treats "all" as no filter', async () => {
    await app.db.query(`update tickets set status = 'Pending' where id = $1`, [ids.overdueOld]);
    expect(await listed({ sla: 'overdue', status: 'Pending' })).toEqual({ ids: [ids.overdueOld], total: '1', sla: ['overdue'] });
    expect(await listed({ sla: 'overdue', dateFrom: new Date().toISOString().slice(0, 10) })).toEqual({ ids: [ids.overdue], total: '1', sla: ['overdue'] });
    expect((await listed({ sla: 'all' })).total).toBe('7');
  });

  it('refuses an unknown sla filter with a 400', async () => {
    const res = await org.agent.get('/api/tickets').query({ sla: 'late' }).expect(400);
    expect(res.body.error).toBe('sla must be one of: due_soon, overdue');
  });

  it('is served by the partial indexes of unanswered tickets (EXPLAIN over 50,000 tickets, 10% unanswered)', async () => {
    const big = await registerOwner(app);
    const orgId = big.user.organization_id;
    const [{ id: customer }] = (await app.db.query(`insert into customers (organization_id, name) values ($1, 'Bulk Customer') returning id`, [orgId])).rows;
    await app.db.query(
      `insert into tickets (organization_id, customer_id, ticket_number, issue_description, created_at, respond_by, responded_at, overdue_notified_at)
       select $1, $2, 'BULK-' || g, 'A ticket of the EXPLAIN check', created, created + interval '24 hours',
              case when g % 10 <> 0 then created + interval '2 hours' end,
              -- already reported, so the overdue scan has nothing to do here
              case when g % 10 = 0 and created + interval '24 hours' <= now() then created + interval '24 hours' end
       from (select g, now() - make_interval(secs => g * 60) as created from generate_series(1, 50000) g) s`,
      [orgId, customer],
    );
    await app.db.query('vacuum analyze tickets');
    const plan = async (sla: string, count: boolean) => {
      const parsed = parseTicketFilters({}, { sla });
      const where = filterConditions(parsed);
      const q = bindTenant(orgId, count ? { sql: `select count(*) from tickets t where ${where.text}`, params: where.params } : listIdsQuery(parsed, 'created_at', 'DESC', 25, 0));
      const { rows } = await app.db.query(`explain ${positionalSql(q.sql)}`, q.params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    // A page of overdue tickets walks the unanswered ones newest first; the rest are a range of respond_by.
    expect(await plan('overdue', false)).toMatch(/Index Only Scan Backward using tickets_unanswered_created_index/);
    expect(await plan('overdue', true)).toMatch(/Index Only Scan using tickets_unanswered_respond_by_index/);
    expect(await plan('due_soon', false)).toMatch(/using tickets_unanswered_respond_by_index/);
    expect(await plan('due_soon', true)).toMatch(/Index Only Scan using tickets_unanswered_respond_by_index/);
    const total = await big.agent.get('/api/tickets').query({ sla: 'overdue', range: '[0,24]' }).expect(200);
    const { rows } = await app.db.query('select count(*)::int as n from tickets where organization_id = $1 and responded_at is null and respond_by <= now()', [orgId]);
    expect(total.headers['content-range']).toBe(`tickets 0-24/${rows[0].n}`);
  }, 120_000);
});

describe('the share of tickets answered within promise', () => {
  it('counts answered on time, answered late and overdue unanswered over the period, from the rollups', async () => {
    const org = await registerOwner(app);
    const onTime = await createTicket(org.agent);
    await org.agent.patch(`/api/tickets/${onTime.id}`).send({ status: 'Pending' }).expect(200);
    const late = await createTicket(org.agent);
    await setPromise(late.id, new Date(Date.now() - HOUR));
    await org.agent.patch(`/api/tickets/${late.id}`).send({ issue_description: appendNote(late.issue_description as string, 'Answered late') }).expect(200);
    const overdue = await createTicket(org.agent);
    await createTicket(org.agent); // within its promise: not counted yet
    const old = await createTicket(org.agent);
    await org.agent.patch(`/api/tickets/${old.id}`).send({ status: 'Closed' }).expect(200);
    await setCreatedAt(app, old.id, new Date(Date.now() - 40 * 86_400_000));

    expect((await org.agent.get('/api/analytics/response-promises?days=30').expect(200)).body).toEqual({
      answered_within_promise_percent: 50,
      answered_within_promise: 1,
      answered_late: 1,
      overdue_unanswered: 0,
    });
    // An unanswered ticket counts as missed once the scan has reported it overdue.
    await setPromise(overdue.id, new Date(Date.now() - 10 * 60_000));
    await app.created.app.get(OverdueTickets).raiseOverdue();
    expect((await org.agent.get('/api/analytics/response-promises?days=30').expect(200)).body).toEqual({
      answered_within_promise_percent: 33.3,
      answered_within_promise: 1,
      answered_late: 1,
      overdue_unanswered: 1,
    });
    expect((await org.agent.get('/api/analytics/response-promises').expect(200)).body).toEqual({
      answered_within_promise_percent: 50,
      answered_within_promise: 2,
      answered_late: 1,
      overdue_unanswered: 1,
    });
    const fresh = await registerOwner(app);
    expect((await fresh.agent.get('/api/analytics/response-promises?days=90').expect(200)).body).toEqual({
      answered_within_promise_percent: null,
      answered_within_promise: 0,
      answered_late: 0,
      overdue_unanswered: 0,
    });
    const bad = await org.agent.get('/api/analytics/response-promises?days=7').expect(400);
    expect(bad.body.error).toBe('days must be one of: 30, 90, 365');
  });
});
