import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTicket, recordStatusChange, setCreatedAt } from './factories/tickets.js';
import { registerOwner, type SignedIn } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Start of today (UTC). */
function utcMidnight(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

async function ticketAt(org: SignedIn, createdAt: Date, overrides: Record<string, unknown> = {}) {
  const ticket = await createTicket(org.agent, overrides);
  await setCreatedAt(app, ticket.id, createdAt);
  return ticket;
}

describe('GET /api/tickets/metrics', () => {
  it('counts total, open, pending, and tickets closed or resolved since midnight UTC', async () => {
    const org = await registerOwner(app);
    const midnight = utcMidnight();
    const a = await ticketAt(org, new Date(midnight.getTime() - 3 * DAY));
    const b = await ticketAt(org, new Date(midnight.getTime() - 3 * DAY));
    const c = await ticketAt(org, new Date(midnight.getTime() - 3 * DAY));
    const d = await ticketAt(org, new Date(midnight.getTime() - 3 * DAY));
    await ticketAt(org, new Date(midnight.getTime() - 3 * DAY));
    await recordStatusChange(app, a.id, 'Open', 'Closed', new Date(midnight.getTime() + 1000)); // just after midnight: today
    await recordStatusChange(app, b.id, 'Open', 'Resolved', new Date(midnight.getTime() - 1000)); // just before: yesterday
    await recordStatusChange(app, c.id, 'Open', 'Pending', new Date(midnight.getTime() + 2000));
    await recordStatusChange(app, d.id, 'Open', 'Pending', new Date(midnight.getTime() - DAY));

    const res = await org.agent.get('/api/tickets/metrics').expect(200);
    expect(res.body).toEqual({ total: 5, open: 1, pending: 2, closedToday: 1 });

    // Another organization's activity changes nothing here, and it sees only its own.
    const other = await registerOwner(app);
    const theirs = await createTicket(other.agent);
    await other.agent.patch(`/api/tickets/${theirs.id}`).send({ status: 'Closed' }).expect(200);
    await org.agent.get('/api/tickets/metrics').expect(200, { total: 5, open: 1, pending: 2, closedToday: 1 });
    await other.agent.get('/api/tickets/metrics').expect(200, { total: 1, open: 0, pending: 0, closedToday: 1 });
  });

  it('counts a ticket closed today through the API, and honours a tz for "today"', async () => {
    const org = await registerOwner(app);
    const zone = 'Pacific/Kiritimati'; // UTC+14: its midnight is never the UTC one
    const { rows } = await app.db.query(`select date_trunc('day', now() at time zone $1) at time zone $1 as m`, [zone]);
    const localMidnight: Date = rows[0].m;
    const before = await ticketAt(org, new Date(localMidnight.getTime() - 2 * DAY));
    const after = await ticketAt(org, new Date(localMidnight.getTime() - 2 * DAY));
    await recordStatusChange(app, before.id, 'Open', 'Closed', new Date(localMidnight.getTime() - 1000));
    await recordStatusChange(app, after.id, 'Open', 'Closed', new Date(localMidnight.getTime() + 1000));
    const zoned = await org.agent.get(`/api/tickets/metrics?tz=${encodeURIComponent(zone)}`).expect(200);
    expect(zoned.body.closedToday).toBe(1);

    const viaApi = await createTicket(org.agent);
    await org.agent.patch(`/api/tickets/${viaApi.id}`).send({ status: 'Resolved' }).expect(200);
    const utc = await org.agent.get('/api/tickets/metrics').expect(200);
    expect(utc.body.total).toBe(3);
    expect(utc.body.closedToday).toBeGreaterThanOrEqual(1);
  });

  it('rejects an unknown time zone', async () => {
    const org = await registerOwner(app);
    const res = await org.agent.get('/api/tickets/metrics?tz=Mars/Base').expect(400);
    expect(res.body.error).toBe('tz must be an IANA time zone such as America/New_York');
  });
});

describe('GET /api/tickets/metrics/trends', () => {
  it('compares now with the period start, rebuilt from the status history', async () => {
    const org = await registerOwner(app);
    const midnight = utcMidnight();
    const now = Date.now();
    const x1 = await ticketAt(org, new Date(now - 10 * DAY));
    const x2 = await ticketAt(org, new Date(now - 10 * DAY));
    await ticketAt(org, new Date(now - 2 * DAY));
    const x4 = await ticketAt(org, new Date(now - 2 * DAY));
    const x5 = await ticketAt(org, new Date(now - 2 * DAY));
    await recordStatusChange(app, x2.id, 'Open', 'Pending', new Date(now - 3 * DAY));
    await recordStatusChange(app, x4.id, 'Open', 'Closed', new Date(midnight.getTime() + 1000));
    await recordStatusChange(app, x5.id, 'Open', 'Resolved', new Date(midnight.getTime() - 2 * HOUR));
    expect(x1.status).toBe('Open');

    const res = await org.agent.get('/api/tickets/metrics/trends?days=7').expect(200);
    expect(res.body).toEqual({
      period_days: 7,
      total: { current: 5, previous: 2, change_percent: 150, direction: 'up' },
      open: { current: 2, previous: 2, change_percent: 0, direction: 'flat' },
      pending: { current: 1, previous: 0, change_percent: null, direction: 'up' },
      closedToday: { current: 1, previous: 1, change_percent: 0, direction: 'flat' },
    });
    const defaults = await org.agent.get('/api/tickets/metrics/trends').expect(200);
    expect(defaults.body.period_days).toBe(7);
  });

  it.each(['0', '366', 'abc'])('rejects days=%s', async (days) => {
    const org = await registerOwner(app);
    const res = await org.agent.get(`/api/tickets/metrics/trends?days=${days}`).expect(400);
    expect(res.body.error).toBe('days must be a whole number between 1 and 365');
  });
});

describe('GET /api/analytics/brands and /status', () => {
  let org: SignedIn;

  beforeAll(async () => {
    org = await registerOwner(app);
    await org.agent.put('/api/settings').send({ brands: ['A', 'B', 'C'] }).expect(200);
    const now = Date.now();
    const today = new Date(now);
    const lastMonthMid = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 15, 12));
    // In the current calendar month (UTC) even in its first hours, when an hour ago was last month.
    const monthStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
    const thisMonth = new Date(Math.min(now, Math.max(now - HOUR, monthStart + 1000)));
    await ticketAt(org, thisMonth, { productBrand: 'A' });
    const a2 = await ticketAt(org, new Date(now - 2 * HOUR), { productBrand: 'A' });
    await recordStatusChange(app, a2.id, 'Open', 'Pending', new Date(now - HOUR));
    const b1 = await ticketAt(org, new Date(now - 3 * HOUR), { productBrand: 'B' });
    await recordStatusChange(app, b1.id, 'Open', 'Closed', new Date(now - HOUR));
    await ticketAt(org, new Date(now - 4 * HOUR)); // no brand
    const old = await ticketAt(org, new Date(now - 100 * DAY), { productBrand: 'A' });
    await recordStatusChange(app, old.id, 'Open', 'Resolved', new Date(now - 99 * DAY));
    const last = await ticketAt(org, lastMonthMid, { productBrand: 'B' });
    await recordStatusChange(app, last.id, 'Open', 'Closed', lastMonthMid);
    // Noise in another organization.
    const other = await registerOwner(app);
    await createTicket(other.agent, { productBrand: 'A' });
  });

  it('maps brands to counts, all time, with configured brands at 0 and unbranded tickets as "No Brand"', async () => {
    const all = await org.agent.get('/api/analytics/brands').expect(200);
    expect(all.body).toEqual({ A: 3, B: 2, 'No Brand': 1, C: 0 });
  });

  it('restricts brands to the last 30, 90 or 365 days', async () => {
    const d90 = await org.agent.get('/api/analytics/brands?days=90').expect(200);
    expect(d90.body.A).toBe(2);
    expect(d90.body['No Brand']).toBe(1);
    const d365 = await org.agent.get('/api/analytics/brands?days=365').expect(200);
    expect(d365.body.A).toBe(3);
  });

  it('maps statuses to counts with every status present', async () => {
    await org.agent.get('/api/analytics/status').expect(200, { Open: 2, Pending: 1, Resolved: 1, Closed: 2 });
    const d30 = await org.agent.get('/api/analytics/status?days=30').expect(200);
    expect(d30.body.Resolved).toBe(0);
    expect(d30.body.Open).toBe(2);
  });

  it('restricts statuses to the current or the last calendar month', async () => {
    const current = await org.agent.get('/api/analytics/status?month=current').expect(200);
    const last = await org.agent.get('/api/analytics/status?month=last').expect(200);
    expect(Object.values(current.body as Record<string, number>).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(last.body.Closed).toBeGreaterThanOrEqual(1);
    const total = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
    const all = await org.agent.get('/api/analytics/status').expect(200);
    expect(total(current.body) + total(last.body)).toBeLessThanOrEqual(total(all.body) - 1); // the 100-day-old ticket is in neither
  });

  it.each([
    ['/api/analytics/brands?days=7', 'days must be one of: 30, 90, 365'],
    ['/api/analytics/status?days=abc', 'days must be one of: 30, 90, 365'],
    ['/api/analytics/status?month=next', 'month must be current or last'],
    ['/api/analytics/status?month=current&days=30', 'Use either days or month, not both'],
    ['/api/analytics/response-times?days=10', 'days must be one of: 30, 90, 365'],
  ])('rejects %s', async (path, message) => {
    const res = await org.agent.get(path).expect(400);
    expect(res.body.error).toBe(message);
  });
});

describe('GET /api/analytics/timeline', () => {
  it('counts tickets per UTC day, zero-filled, oldest first', async () => {
    const org = await registerOwner(app);
    const midnight = utcMidnight();
    await createTicket(org.agent);
    await createTicket(org.agent);
    await ticketAt(org, new Date(midnight.getTime() - 12 * HOUR));
    await ticketAt(org, new Date(midnight.getTime() - 3 * DAY)); // outside a 3-day window
    const day = (offset: number) => new Date(midnight.getTime() - offset * DAY).toISOString().slice(0, 10);
    const res = await org.agent.get('/api/analytics/timeline?days=3').expect(200);
    expect(res.body).toEqual([
      { date: day(2), count: 0 },
      { date: day(1), count: 1 },
      { date: day(0), count: 2 },
    ]);
    const month = await org.agent.get('/api/analytics/timeline').expect(200);
    expect(month.body).toHaveLength(30);
    expect(month.body.reduce((sum: number, p: { count: number }) => sum + p.count, 0)).toBe(4);
  });

  it('rejects days outside 1..365', async () => {
    const org = await registerOwner(app);
    const res = await org.agent.get('/api/analytics/timeline?days=0').expect(400);
    expect(res.body.error).toBe('days must be a whole number between 1 and 365');
  });
});

describe('GET /api/analytics/response-times', () => {
  it('averages hours to first response and to resolution from the history, with sample sizes', async () => {
    const org = await registerOwner(app);
    const t0 = new Date(Date.now() - 5 * DAY);
    const r1 = await ticketAt(org, t0);
    await recordStatusChange(app, r1.id, 'Open', 'Pending', new Date(t0.getTime() + 2 * HOUR));
    await recordStatusChange(app, r1.id, 'Pending', 'Closed', new Date(t0.getTime() + 10 * HOUR));
    const r2 = await ticketAt(org, t0);
    await recordStatusChange(app, r2.id, 'Open', 'Resolved', new Date(t0.getTime() + 4 * HOUR));
    await ticketAt(org, t0); // still open: in neither sample
    const old = await ticketAt(org, new Date(Date.now() - 200 * DAY));
    await recordStatusChange(app, old.id, 'Open', 'Closed', new Date(Date.now() - 199 * DAY));

    const d90 = await org.agent.get('/api/analytics/response-times?days=90').expect(200);
    expect(d90.body).toEqual({ avg_first_response_hours: 3, avg_resolution_hours: 7, first_response_sample_size: 2, resolution_sample_size: 2 });
    const all = await org.agent.get('/api/analytics/response-times').expect(200);
    expect(all.body).toEqual({ avg_first_response_hours: 10, avg_resolution_hours: 12.67, first_response_sample_size: 3, resolution_sample_size: 3 });
  });

  it('answers null figures without data', async () => {
    const org = await registerOwner(app);
    await createTicket(org.agent);
    await org.agent
      .get('/api/analytics/response-times')
      .expect(200, { avg_first_response_hours: null, avg_resolution_hours: null, first_response_sample_size: 0, resolution_sample_size: 0 });
  });
});
