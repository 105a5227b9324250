/**
 * A ticket's response-promise counts (issue 17), each 0 or 1: answered; answered by respond_by;
 * unanswered and reported overdue (overdue_notified_at, set by the every-minute scan). Here, without
 * imports, because the bench's seed imports this file as TypeScript.
 */
export const RESPONDED_N = `(responded_at is not null)::int`;
export const RESPONDED_ON_TIME_N = `(responded_at is not null and coalesce(responded_at <= respond_by, false))::int`;
export const OVERDUE_UNANSWERED_N = `(responded_at is null and overdue_notified_at is not null)::int`;

/** A status history row that is the ticket's first response (it left Open, or moved on from another status). */
export const FIRST_RESPONSE_ROW = `to_status <> 'Open' and from_status is not null`;
/** A status history row that resolves the ticket. */
export const RESOLUTION_ROW = `to_status in ('Closed', 'Resolved')`;

/**
 * Recomputes every rollup from the tickets and their status history (a scan): the tickets'
 * first-response and resolution instants, ticket_rollups and ticket_status_flow. Writers wait
 * while it runs (share row exclusive locks), so the result is consistent; the triggers keep the
 * rollups current afterwards. Used by the migration, `npm run rollups:rebuild` and the bench seed.
 */
export const REBUILD_ROLLUPS_SQL = `
lock table tickets, ticket_status_changes, ticket_rollups, ticket_totals, ticket_status_flow in share row exclusive mode;

update tickets t set first_response_at = x.fr, resolved_at = x.rs
from (
  select t2.id, h.fr, h.rs
  from tickets t2
  left join (
    select ticket_id,
           min(created_at) filter (where ${FIRST_RESPONSE_ROW}) as fr,
           min(created_at) filter (where ${RESOLUTION_ROW}) as rs
    from ticket_status_changes group by ticket_id
  ) h on h.ticket_id = t2.id
) x
where t.id = x.id and (t.first_response_at is distinct from x.fr or t.resolved_at is distinct from x.rs);

delete from ticket_rollups;
insert into ticket_rollups (organization_id, day, status, product_brand, priority, tickets,
                            first_response_n, first_response_seconds, resolution_n, resolution_seconds,
                            responded_n, responded_on_time_n, overdue_unanswered_n)
select organization_id, (created_at at time zone 'UTC')::date, status, product_brand, priority, count(*),
       count(first_response_at), coalesce(sum(extract(epoch from first_response_at - created_at)), 0),
       count(resolved_at), coalesce(sum(extract(epoch from resolved_at - created_at)), 0),
       sum(${RESPONDED_N}), sum(${RESPONDED_ON_TIME_N}), sum(${OVERDUE_UNANSWERED_N})
from tickets
group by 1, 2, 3, 4, 5;

delete from ticket_totals;
insert into ticket_totals (organization_id, status, product_brand, priority, tickets,
                           first_response_n, first_response_seconds, resolution_n, resolution_seconds,
                           responded_n, responded_on_time_n, overdue_unanswered_n)
select organization_id, status, product_brand, priority, count(*),
       count(first_response_at), coalesce(sum(extract(epoch from first_response_at - created_at)), 0),
       count(resolved_at), coalesce(sum(extract(epoch from resolved_at - created_at)), 0),
       sum(${RESPONDED_N}), sum(${RESPONDED_ON_TIME_N}), sum(${OVERDUE_UNANSWERED_N})
from tickets
group by 1, 2, 3, 4;

delete from ticket_status_flow;
insert into ticket_status_flow (organization_id, day, status, delta)
select organization_id, day, status, sum(d)
from (
  select organization_id, (created_at at time zone 'UTC')::date as day, to_status as status, 1 as d from ticket_status_changes
  union all
  select organization_id, (created_at at time zone 'UTC')::date, from_status, -1 from ticket_status_changes where from_status is not null
) c
group by 1, 2, 3
having sum(d) <> 0;
`;

/** What the rollup tables hold, stripes summed, in a comparable order (zero sums omitted). */
export const ROLLUPS_SNAPSHOT_SQL = `
select json_build_object(
  'rollups', coalesce((select json_agg(r order by r.organization_id, r.day, r.status, r.product_brand, r.priority) from (
     select organization_id, day, status, product_brand, priority, sum(tickets)::int as tickets, sum(first_response_n)::int as first_response_n,
            round(sum(first_response_seconds), 6)::text as first_response_seconds, sum(resolution_n)::int as resolution_n,
            round(sum(resolution_seconds), 6)::text as resolution_seconds, sum(responded_n)::int as responded_n,
            sum(responded_on_time_n)::int as responded_on_time_n, sum(overdue_unanswered_n)::int as overdue_unanswered_n
     from ticket_rollups
     group by organization_id, day, status, product_brand, priority
     having sum(tickets) <> 0 or sum(first_response_n) <> 0 or sum(resolution_n) <> 0 or sum(first_response_seconds) <> 0
        or sum(resolution_seconds) <> 0 or sum(responded_n) <> 0 or sum(responded_on_time_n) <> 0 or sum(overdue_unanswered_n) <> 0) r), '[]'),
  'totals', coalesce((select json_agg(x order by x.organization_id, x.status, x.product_brand, x.priority) from (
     select organization_id, status, product_brand, priority, sum(tickets)::int as tickets, sum(first_response_n)::int as first_response_n,
            round(sum(first_response_seconds), 6)::text as fs, sum(resolution_n)::int as resolution_n, round(sum(resolution_seconds), 6)::text as rs,
            sum(responded_n)::int as responded_n, sum(responded_on_time_n)::int as responded_on_time_n, sum(overdue_unanswered_n)::int as overdue_unanswered_n
     from ticket_totals
     group by organization_id, status, product_brand, priority
     having sum(tickets) <> 0 or sum(first_response_n) <> 0 or sum(resolution_n) <> 0 or sum(first_response_seconds) <> 0
        or sum(resolution_seconds) <> 0 or sum(responded_n) <> 0 or sum(responded_on_time_n) <> 0 or sum(overdue_unanswered_n) <> 0) x), '[]'),
  'flow', coalesce((select json_agg(f order by f.organization_id, f.day, f.status) from (
     select organization_id, day, status, sum(delta)::int as delta from ticket_status_flow
     group by organization_id, day, status having sum(delta) <> 0) f), '[]'),
  'firsts', coalesce((select json_agg(t order by t.id) from (
     select id, first_response_at, resolved_at from tickets where first_response_at is not null or resolved_at is not null) t), '[]')
) as snapshot`;
