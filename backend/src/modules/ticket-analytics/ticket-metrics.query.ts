import { addDays } from '@warranty-crm/contract';
import type { TenantSql } from '../../common/tenancy/tenant-sql.js';

/*
 * The dashboard's figures as SQL (the read model of TicketMetricsService, which keeps the rules:
 * the time zone, the period). Scoped by TenantSql.
 */

/** Start of "today" in the zone, as a timestamptz expression (the zone is bound as a parameter). */
const TODAY_START = `(date_trunc('day', now() at time zone ?) at time zone ?)`;

/**
 * Counts of the organization's current tickets (from the rollups), plus the tickets that changed
 * to Closed or Resolved since midnight (the day's closures in the status history, read through a
 * partial index: bounded by the day's activity, not by the number of tickets).
 */
const METRICS_SQL = `
with by_status as (select status, sum(tickets)::int as n from ticket_totals where @tenant() group by status)
select coalesce((select sum(n) from by_status), 0)::int as total,
       coalesce((select n from by_status where status = 'Open'), 0) as open,
       coalesce((select n from by_status where status = 'Pending'), 0) as pending,
       (select count(distinct h.ticket_id)::int from ticket_status_changes h
         where @tenant(h) and h.created_at >= ${TODAY_START}
           and h.to_status in ('Closed', 'Resolved')) as closed_today`;

/**
 * The dashboard's trend badges: the state now against the state `days` ago (the anchor). The state
 * then is the status flow (tickets entering and leaving each status per the history) summed over
 * the whole UTC days before the anchor's day, plus the history rows of that day up to the anchor
 * (one range of the history's index, each row entering its status and leaving its former one); the total then is
 * the total now less the tickets created after the anchor (whole days from the rollups, the rest
 * of the anchor's day from the tickets). The anchor's instants are parameters, so the planner
 * sees the rollup range it reads (a few hundred rows by index, not a third of the organization's).
 * Closures today and yesterday: each day's range of the closures' partial index.
 */
const TRENDS_SQL = `
with now_state as (select status, sum(tickets)::int as n from ticket_totals where @tenant() group by status),
moves as (
  select h.to_status, h.from_status, count(*) as n from ticket_status_changes h
  where @tenant(h) and h.created_at >= ?::timestamptz and h.created_at <= ?::timestamptz group by h.to_status, h.from_status
),
then_state as (
  select status, sum(n)::int as n from (
    select f.status, sum(f.delta) as n from ticket_status_flow f where @tenant(f) and f.day < ?::date group by f.status
    union all
    select to_status, sum(n) from moves group by to_status
    union all
    select from_status, -sum(n) from moves where from_status is not null group by from_status
  ) x group by status
),
d as (select ${TODAY_START} as today)
select
  coalesce((select sum(n) from now_state), 0)::int as total_now,
  (coalesce((select sum(n) from now_state), 0)
   - (select coalesce(sum(r.tickets), 0) from ticket_rollups r where @tenant(r) and r.day > ?::date)
   - (select count(*) from tickets t where @tenant(t) and t.created_at > ?::timestamptz and t.created_at < ?::timestamptz))::int as total_then,
  coalesce((select n from now_state where status = 'Open'), 0) as open_now,
  coalesce((select n from then_state where status = 'Open'), 0) as open_then,
  coalesce((select n from now_state where status = 'Pending'), 0) as pending_now,
  coalesce((select n from then_state where status = 'Pending'), 0) as pending_then,
  (select count(distinct h.ticket_id)::int from ticket_status_changes h
    where @tenant(h) and h.to_status in ('Closed', 'Resolved') and h.created_at >= (select today from d)) as closed_today,
  (select count(distinct h.ticket_id)::int from ticket_status_changes h
    where @tenant(h) and h.to_status in ('Closed', 'Resolved')
      and h.created_at >= (select today - interval '1 day' from d) and h.created_at < (select today from d)) as closed_yesterday`;

export interface MetricsRow {
  total: number;
  open: number;
  pending: number;
  closed_today: number;
}

/** The current counts and today's closures; `zone` is a checked IANA time zone. */
export async function metricsRow(sql: TenantSql, zone: string): Promise<MetricsRow> {
  const [row] = await sql.execute<MetricsRow[]>(METRICS_SQL, [zone, zone]);
  return row;
}

/** The state now and at `at` (the anchor), and the closures today and yesterday in `zone`. */
export async function trendsRow(sql: TenantSql, zone: string, at: Date): Promise<Record<string, number>> {
  // The anchor's UTC day and that day's bounds.
  const d0 = at.toISOString().slice(0, 10);
  const d0Start = `${d0}T00:00:00.000Z`;
  const d0End = `${addDays(d0, 1)}T00:00:00.000Z`;
  const [r] = await sql.execute<Record<string, number>[]>(TRENDS_SQL, [
    ...[d0Start, at.toISOString()],
    d0,
    ...[zone, zone],
    ...[d0, at.toISOString(), d0End],
  ]);
  return r;
}
