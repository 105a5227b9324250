import type { TenantSql } from '../../../common/tenancy/tenant-sql.js';
import type { TimelinePointDto } from '../dto/analytics.dto.js';
import { OVERDUE_UNANSWERED_N, RESPONDED_N, RESPONDED_ON_TIME_N } from './rollup-sql.js';

/**
 * Reads of the rollups (see the migration Migration20261123100000TicketRollups). Rollups are per
 * UTC day; a window that starts inside a day (`now() - N days`) takes the whole days after it from
 * the rollups and the rest of its first day from the tickets (or the history) through an index
 * range of at most one day, so every figure stays exact and no request scans the tickets table.
 */

/** The created_at window of an analytics period: [lower, upper), each a SQL timestamptz expression. */
export interface CreatedWindow {
  lower?: { sql: string; params: unknown[] };
  /** Always a UTC midnight. */
  upper?: { sql: string; params: unknown[] };
}

/**
 * `bounds` CTE: l (window start), full_from (first whole day in the window), day_to (the day the
 * window ends before, or infinity), partial_to (the end of the partial first day [l, partial_to),
 * empty when l is a UTC midnight). Queries read them as scalar subqueries, which the planner takes
 * as parameters, so each part is an index range.
 */
export function boundsCte(window: CreatedWindow): { sql: string; params: unknown[] } {
  const lower = window.lower ?? { sql: `'-infinity'::timestamptz`, params: [] };
  const upper = window.upper ?? { sql: 'null::timestamptz', params: [] };
  return {
    sql: `bounds0 as (select (${lower.sql}) as l, (${upper.sql}) as u),
      bounds1 as (
        select l, u, case when l = '-infinity' then '-infinity'::date
                          when ((l at time zone 'UTC')::date::timestamp at time zone 'UTC') = l then (l at time zone 'UTC')::date
                          else (l at time zone 'UTC')::date + 1 end as full_from
        from bounds0),
      bounds as (
        select l, full_from,
               coalesce((u at time zone 'UTC')::date, 'infinity'::date) as day_to,
               case when full_from = '-infinity' then l
                    else least(full_from::timestamp at time zone 'UTC', coalesce(u, 'infinity'::timestamptz)) end as partial_to
        from bounds1)`,
    params: [...lower.params, ...upper.params],
  };
}

/** Counts of the window's tickets grouped by a column of both tables (status or product_brand). */
export async function countsBy(
  sql: TenantSql,
  column: 'status' | 'product_brand',
  window: CreatedWindow,
): Promise<{ key: string | null; count: number }[]> {
  if (!window.lower && !window.upper) {
    return sql.execute<{ key: string | null; count: number }[]>(
      `select ${column} as key, sum(tickets)::int as count from ticket_totals where @tenant()
       group by ${column} having sum(tickets) <> 0 order by count desc, key`,
    );
  }
  const b = boundsCte(window);
  return sql.execute<{ key: string | null; count: number }[]>(
    `with ${b.sql}
     select key, sum(n)::int as count from (
       select r.${column} as key, sum(r.tickets) as n from ticket_rollups r
       where @tenant(r) and r.day >= (select full_from from bounds) and r.day < (select day_to from bounds)
       group by r.${column}
       union all
       select t.${column}, count(*) from tickets t
       where @tenant(t) and t.created_at >= (select l from bounds) and t.created_at < (select partial_to from bounds)
       group by t.${column}
     ) x group by key having sum(n) <> 0 order by count desc, key`,
    b.params,
  );
}

/** Sums and counts of first-response and resolution seconds over the window's tickets. */
export async function durationSums(
  sql: TenantSql,
  window: CreatedWindow,
): Promise<{ fn: number; fs: string | null; rn: number; rs: string | null }> {
  if (!window.lower && !window.upper) {
    const [all] = await sql.execute<{ fn: number; fs: string | null; rn: number; rs: string | null }[]>(
      `select coalesce(sum(first_response_n), 0)::int as fn, sum(first_response_seconds)::text as fs,
              coalesce(sum(resolution_n), 0)::int as rn, sum(resolution_seconds)::text as rs
       from ticket_totals where @tenant()`,
    );
    return all;
  }
  const b = boundsCte(window);
  const [row] = await sql.execute<{ fn: number; fs: string | null; rn: number; rs: string | null }[]>(
    `with ${b.sql}
     select coalesce(sum(fn), 0)::int as fn, sum(fs)::text as fs, coalesce(sum(rn), 0)::int as rn, sum(rs)::text as rs from (
       select sum(r.first_response_n) as fn, sum(r.first_response_seconds) as fs, sum(r.resolution_n) as rn, sum(r.resolution_seconds) as rs
       from ticket_rollups r
       where @tenant(r) and r.day >= (select full_from from bounds) and r.day < (select day_to from bounds)
       union all
       select count(t.first_response_at), sum(extract(epoch from t.first_response_at - t.created_at)),
              count(t.resolved_at), sum(extract(epoch from t.resolved_at - t.created_at))
       from tickets t
       where @tenant(t) and t.created_at >= (select l from bounds) and t.created_at < (select partial_to from bounds)
     ) x`,
    b.params,
  );
  return row;
}

/** Response-promise counts of the window's tickets: answered, answered by respond_by, unanswered and reported overdue. */
export interface PromiseCounts {
  responded: number;
  on_time: number;
  overdue: number;
}

export async function promiseCounts(sql: TenantSql, window: CreatedWindow): Promise<PromiseCounts> {
  if (!window.lower && !window.upper) {
    const [all] = await sql.execute<PromiseCounts[]>(
      `select coalesce(sum(responded_n), 0)::int as responded, coalesce(sum(responded_on_time_n), 0)::int as on_time,
              coalesce(sum(overdue_unanswered_n), 0)::int as overdue
       from ticket_totals where @tenant()`,
    );
    return all;
  }
  const b = boundsCte(window);
  const [row] = await sql.execute<PromiseCounts[]>(
    `with ${b.sql}
     select coalesce(sum(a), 0)::int as responded, coalesce(sum(o), 0)::int as on_time, coalesce(sum(d), 0)::int as overdue from (
       select sum(r.responded_n) as a, sum(r.responded_on_time_n) as o, sum(r.overdue_unanswered_n) as d
       from ticket_rollups r
       where @tenant(r) and r.day >= (select full_from from bounds) and r.day < (select day_to from bounds)
       union all
       select sum(${RESPONDED_N}), sum(${RESPONDED_ON_TIME_N}), sum(${OVERDUE_UNANSWERED_N})
       from tickets t
       where @tenant(t) and t.created_at >= (select l from bounds) and t.created_at < (select partial_to from bounds)
     ) x`,
    b.params,
  );
  return row;
}

/** Tickets created per UTC day over the last `days` days (today included), zero-filled. */
export function timelineCounts(sql: TenantSql, days: number): Promise<TimelinePointDto[]> {
  return sql.execute<TimelinePointDto[]>(
    `with bounds as (select (now() at time zone 'UTC')::date as today, ?::int as days),
     created as (
       select r.day, sum(r.tickets)::int as count
       from ticket_rollups r, bounds
       where @tenant(r) and r.day >= bounds.today - (bounds.days - 1)
       group by 1
     )
     select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(created.count, 0)::int as count
     from bounds, generate_series(bounds.today - (bounds.days - 1), bounds.today, interval '1 day') as d(day)
     left join created on created.day = d.day::date
     order by d.day`,
    [days],
  );
}

/** The brands the organization's settings list (the brand breakdown shows each, with 0 when it has none). */
export async function configuredBrands(sql: TenantSql): Promise<string[]> {
  const [settings] = await sql.execute<{ brands: string[] }[]>('select brands from system_settings where @tenant()');
  return settings?.brands ?? [];
}
