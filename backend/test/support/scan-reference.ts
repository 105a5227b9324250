import type pg from 'pg';

/**
 * The dashboard's and the analytics' figures computed by scanning the tickets and their history:
 * the queries these endpoints ran before the rollups, kept as the reference the rollups must equal.
 */

const TODAY_START = `(date_trunc('day', now() at time zone $2) at time zone $2)`;

export async function scanMetrics(db: pg.Client, org: string, zone = 'UTC') {
  const { rows } = await db.query(
    `with by_status as (select status, count(*)::int as n from tickets where organization_id = $1 group by status)
     select coalesce((select sum(n) from by_status), 0)::int as total,
            coalesce((select n from by_status where status = 'Open'), 0) as open,
            coalesce((select n from by_status where status = 'Pending'), 0) as pending,
            (select count(distinct h.ticket_id)::int from ticket_status_changes h
              where h.organization_id = $1 and h.created_at >= ${TODAY_START}
                and h.to_status in ('Closed', 'Resolved')) as closed_today`,
    [org, zone],
  );
  const r = rows[0];
  return { total: r.total, open: r.open, pending: r.pending, closedToday: r.closed_today };
}

export async function scanTrends(db: pg.Client, org: string, days: number, zone = 'UTC') {
  const { rows } = await db.query(
    `with anchor as (select now() - make_interval(days => $3) as at, ${TODAY_START} as today),
     then_state as (
       select distinct on (h.ticket_id) h.to_status
       from ticket_status_changes h, anchor
       where h.organization_id = $1 and h.created_at <= anchor.at
       order by h.ticket_id, h.created_at desc, h.id desc
     ),
     closed as (
       select h.ticket_id, h.created_at from ticket_status_changes h, anchor
       where h.organization_id = $1 and h.to_status in ('Closed', 'Resolved') and h.created_at >= anchor.today - interval '1 day'
     )
     select
       (select count(*)::int from tickets where organization_id = $1) as total_now,
       (select count(*)::int from tickets, anchor where organization_id = $1 and created_at <= anchor.at) as total_then,
       (select count(*)::int from tickets where organization_id = $1 and status = 'Open') as open_now,
       (select count(*)::int from then_state where to_status = 'Open') as open_then,
       (select count(*)::int from tickets where organization_id = $1 and status = 'Pending') as pending_now,
       (select count(*)::int from then_state where to_status = 'Pending') as pending_then,
       (select count(distinct ticket_id)::int from closed, anchor where closed.created_at >= anchor.today) as closed_today,
       (select count(distinct ticket_id)::int from closed, anchor where closed.created_at < anchor.today) as closed_yesterday`,
    [org, zone, days],
  );
  return rows[0] as Record<string, number>;
}

function windowSql(window: { days?: number; month?: 'current' | 'last' }, column = 'created_at'): string {
  if (window.days !== undefined) return ` and ${column} >= now() - make_interval(days => ${Number(window.days)})`;
  const monthStart = `(date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')`;
  if (window.month === 'current') return ` and ${column} >= ${monthStart}`;
  if (window.month === 'last') return ` and ${column} >= ${monthStart} - interval '1 month' and ${column} < ${monthStart}`;
  return '';
}

export async function scanBrands(db: pg.Client, org: string, window: { days?: number }) {
  const { rows } = await db.query(
    `select coalesce(product_brand, 'No Brand') as brand, count(*)::int as count from tickets where organization_id = $1${windowSql(window)}
     group by product_brand`,
    [org],
  );
  return Object.fromEntries(rows.map((r) => [r.brand, r.count])) as Record<string, number>;
}

export async function scanStatus(db: pg.Client, org: string, window: { days?: number; month?: 'current' | 'last' }) {
  const { rows } = await db.query(
    `select status, count(*)::int as count from tickets where organization_id = $1${windowSql(window)} group by status`,
    [org],
  );
  const result: Record<string, number> = { Open: 0, Pending: 0, Resolved: 0, Closed: 0 };
  for (const r of rows) result[r.status] = r.count;
  return result;
}

export async function scanTimeline(db: pg.Client, org: string, days: number) {
  const { rows } = await db.query(
    `with bounds as (select (now() at time zone 'UTC')::date as today, $2::int as days),
     created as (
       select (t.created_at at time zone 'UTC')::date as day, count(*)::int as count
       from tickets t, bounds
       where t.organization_id = $1 and t.created_at >= ((bounds.today - (bounds.days - 1))::timestamp at time zone 'UTC')
       group by 1
     )
     select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(created.count, 0)::int as count
     from bounds, generate_series(bounds.today - (bounds.days - 1), bounds.today, interval '1 day') as d(day)
     left join created on created.day = d.day::date
     order by d.day`,
    [org, days],
  );
  return rows;
}

export async function scanResponseTimes(db: pg.Client, org: string, window: { days?: number }) {
  const { rows } = await db.query(
    `with firsts as (
       select t.id,
              min(h.created_at) filter (where h.to_status <> 'Open' and h.from_status is not null) - t.created_at as first_response,
              min(h.created_at) filter (where h.to_status in ('Closed', 'Resolved')) - t.created_at as resolution
       from tickets t join ticket_status_changes h on h.ticket_id = t.id and h.organization_id = $1
       where t.organization_id = $1${windowSql(window, 't.created_at')}
       group by t.id, t.created_at
     )
     select round((avg(extract(epoch from first_response)) / 3600)::numeric, 2)::float8 as first_hours,
            count(first_response)::int as first_n,
            round((avg(extract(epoch from resolution)) / 3600)::numeric, 2)::float8 as resolution_hours,
            count(resolution)::int as resolution_n
     from firsts`,
    [org],
  );
  const row = rows[0];
  return {
    avg_first_response_hours: row.first_n ? row.first_hours : null,
    avg_resolution_hours: row.resolution_n ? row.resolution_hours : null,
    first_response_sample_size: row.first_n,
    resolution_sample_size: row.resolution_n,
  };
}

/** The response-promise share by a scan of the tickets (what /api/analytics/response-promises reads from the rollups). */
export async function scanResponsePromises(db: pg.Client, org: string, window: { days?: number }) {
  const { rows } = await db.query(
    `select count(*) filter (where responded_at is not null and responded_at <= respond_by)::int as on_time,
            count(*) filter (where responded_at is not null and (respond_by is null or responded_at > respond_by))::int as late,
            count(*) filter (where responded_at is null and overdue_notified_at is not null)::int as overdue
     from tickets where organization_id = $1${windowSql(window, 'created_at')}`,
    [org],
  );
  const { on_time, late, overdue } = rows[0];
  const due = on_time + late + overdue;
  return {
    answered_within_promise_percent: due ? Math.round((on_time * 1000) / due) / 10 : null,
    answered_within_promise: on_time,
    answered_late: late,
    overdue_unanswered: overdue,
  };
}
