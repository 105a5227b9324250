/**
 * What Migration20261125000000ResponsePromises ran, frozen so it keeps meaning what it meant: the
 * rollup functions with the response-promise counts and one row per key (before
 * Migration20261127000000ParallelCreates added stripes), the response-promise indexes, and the
 * contract's promise rules as they were then (responseKind() of @warranty-crm/contract).
 */

/** The response-promise indexes as Migration20261125000000ResponsePromises created them. */
export const SLA_INDEXES_V1 = {
  unansweredDue: {
    name: `tickets_unanswered_respond_by_index`,
    create: `create index "tickets_unanswered_respond_by_index" on "tickets" ("organization_id", "respond_by") include ("created_at") where "responded_at" is null`,
  },
  unansweredCreated: {
    name: `tickets_unanswered_created_index`,
    create: `create index "tickets_unanswered_created_index" on "tickets" ("organization_id", "created_at", "id") include ("respond_by") where "responded_at" is null`,
  },
  overduePending: {
    name: `tickets_overdue_pending_index`,
    create: `create index "tickets_overdue_pending_index" on "tickets" ("respond_by") where "responded_at" is null and "overdue_notified_at" is null`,
  },
} as const;

/** The rollup functions with the response-promise counts, one row per key (before the stripes), as Migration20261125000000ResponsePromises created them. */
export const ROLLUP_FUNCTIONS_SQL_V2 = `
create or replace function "ticket_rollups_apply"() returns trigger language plpgsql as $fn$
begin
  if TG_OP = 'INSERT' then
    with c as (select organization_id, (created_at at time zone 'UTC')::date as day, status, product_brand, priority, 1 as n,
           (first_response_at is not null)::int as fn, coalesce(extract(epoch from first_response_at - created_at), 0) as fs,
           (resolved_at is not null)::int as rn, coalesce(extract(epoch from resolved_at - created_at), 0) as rs,
           (responded_at is not null)::int as an, (responded_at is not null and coalesce(responded_at <= respond_by, false))::int as ok, (responded_at is null and overdue_notified_at is not null)::int as od
    from new_rows),
  daily as (
    insert into ticket_rollups as r (organization_id, day, status, product_brand, priority, tickets,
                                     first_response_n, first_response_seconds, resolution_n, resolution_seconds,
                                     responded_n, responded_on_time_n, overdue_unanswered_n)
    select organization_id, day, status, product_brand, priority, sum(n), sum(fn), sum(fs), sum(rn), sum(rs), sum(an), sum(ok), sum(od)
    from c
    group by organization_id, day, status, product_brand, priority
    having sum(n) <> 0 or sum(fn) <> 0 or sum(fs) <> 0 or sum(rn) <> 0 or sum(rs) <> 0 or sum(an) <> 0 or sum(ok) <> 0 or sum(od) <> 0
    order by organization_id, day, status, product_brand, priority
    on conflict (organization_id, day, status, product_brand, priority) do update set
      tickets = r.tickets + excluded.tickets,
      first_response_n = r.first_response_n + excluded.first_response_n,
      first_response_seconds = r.first_response_seconds + excluded.first_response_seconds,
      resolution_n = r.resolution_n + excluded.resolution_n,
      resolution_seconds = r.resolution_seconds + excluded.resolution_seconds,
      responded_n = r.responded_n + excluded.responded_n,
      responded_on_time_n = r.responded_on_time_n + excluded.responded_on_time_n,
      overdue_unanswered_n = r.overdue_unanswered_n + excluded.overdue_unanswered_n
    returning 1
  )
  insert into ticket_totals as r (organization_id, status, product_brand, priority, tickets,
                                  first_response_n, first_response_seconds, resolution_n, resolution_seconds,
                                  responded_n, responded_on_time_n, overdue_unanswered_n)
  select organization_id, status, product_brand, priority, sum(n), sum(fn), sum(fs), sum(rn), sum(rs), sum(an), sum(ok), sum(od)
  from c
  group by organization_id, status, product_brand, priority
  having sum(n) <> 0 or sum(fn) <> 0 or sum(fs) <> 0 or sum(rn) <> 0 or sum(rs) <> 0 or sum(an) <> 0 or sum(ok) <> 0 or sum(od) <> 0
  order by organization_id, status, product_brand, priority
  on conflict (organization_id, status, product_brand, priority) do update set
    tickets = r.tickets + excluded.tickets,
    first_response_n = r.first_response_n + excluded.first_response_n,
    first_response_seconds = r.first_response_seconds + excluded.first_response_seconds,
    resolution_n = r.resolution_n + excluded.resolution_n,
    resolution_seconds = r.resolution_seconds + excluded.resolution_seconds,
    responded_n = r.responded_n + excluded.responded_n,
    responded_on_time_n = r.responded_on_time_n + excluded.responded_on_time_n,
    overdue_unanswered_n = r.overdue_unanswered_n + excluded.overdue_unanswered_n;
  elsif TG_OP = 'UPDATE' then
    with c as (select organization_id, (created_at at time zone 'UTC')::date as day, status, product_brand, priority, 1 as n,
           (first_response_at is not null)::int as fn, coalesce(extract(epoch from first_response_at - created_at), 0) as fs,
           (resolved_at is not null)::int as rn, coalesce(extract(epoch from resolved_at - created_at), 0) as rs,
           (responded_at is not null)::int as an, (responded_at is not null and coalesce(responded_at <= respond_by, false))::int as ok, (responded_at is null and overdue_notified_at is not null)::int as od
    from new_rows
    union all
    select organization_id, (created_at at time zone 'UTC')::date as day, status, product_brand, priority, -1 as n,
           -(first_response_at is not null)::int as fn, -coalesce(extract(epoch from first_response_at - created_at), 0) as fs,
           -(resolved_at is not null)::int as rn, -coalesce(extract(epoch from resolved_at - created_at), 0) as rs,
           -(responded_at is not null)::int as an, -(responded_at is not null and coalesce(responded_at <= respond_by, false))::int as ok, -(responded_at is null and overdue_notified_at is not null)::int as od
    from old_rows),
  daily as (
    insert into ticket_rollups as r (organization_id, day, status, product_brand, priority, tickets,
                                     first_response_n, first_response_seconds, resolution_n, resolution_seconds,
                                     responded_n, responded_on_time_n, overdue_unanswered_n)
    select organization_id, day, status, product_brand, priority, sum(n), sum(fn), sum(fs), sum(rn), sum(rs), sum(an), sum(ok), sum(od)
    from c
    group by organization_id, day, status, product_brand, priority
    having sum(n) <> 0 or sum(fn) <> 0 or sum(fs) <> 0 or sum(rn) <> 0 or sum(rs) <> 0 or sum(an) <> 0 or sum(ok) <> 0 or sum(od) <> 0
    order by organization_id, day, status, product_brand, priority
    on conflict (organization_id, day, status, product_brand, priority) do update set
      tickets = r.tickets + excluded.tickets,
      first_response_n = r.first_response_n + excluded.first_response_n,
      first_response_seconds = r.first_response_seconds + excluded.first_response_seconds,
      resolution_n = r.resolution_n + excluded.resolution_n,
      resolution_seconds = r.resolution_seconds + excluded.resolution_seconds,
      responded_n = r.responded_n + excluded.responded_n,
      responded_on_time_n = r.responded_on_time_n + excluded.responded_on_time_n,
      overdue_unanswered_n = r.overdue_unanswered_n + excluded.overdue_unanswered_n
    returning 1
  )
  insert into ticket_totals as r (organization_id, status, product_brand, priority, tickets,
                                  first_response_n, first_response_seconds, resolution_n, resolution_seconds,
                                  responded_n, responded_on_time_n, overdue_unanswered_n)
  select organization_id, status, product_brand, priority, sum(n), sum(fn), sum(fs), sum(rn), sum(rs), sum(an), sum(ok), sum(od)
  from c
  group by organization_id, status, product_brand, priority
  having sum(n) <> 0 or sum(fn) <> 0 or sum(fs) <> 0 or sum(rn) <> 0 or sum(rs) <> 0 or sum(an) <> 0 or sum(ok) <> 0 or sum(od) <> 0
  order by organization_id, status, product_brand, priority
  on conflict (organization_id, status, product_brand, priority) do update set
    tickets = r.tickets + excluded.tickets,
    first_response_n = r.first_response_n + excluded.first_response_n,
    first_response_seconds = r.first_response_seconds + excluded.first_response_seconds,
    resolution_n = r.resolution_n + excluded.resolution_n,
    resolution_seconds = r.resolution_seconds + excluded.resolution_seconds,
    responded_n = r.responded_n + excluded.responded_n,
    responded_on_time_n = r.responded_on_time_n + excluded.responded_on_time_n,
    overdue_unanswered_n = r.overdue_unanswered_n + excluded.overdue_unanswered_n;
  else
    with c as (select organization_id, (created_at at time zone 'UTC')::date as day, status, product_brand, priority, -1 as n,
           -(first_response_at is not null)::int as fn, -coalesce(extract(epoch from first_response_at - created_at), 0) as fs,
           -(resolved_at is not null)::int as rn, -coalesce(extract(epoch from resolved_at - created_at), 0) as rs,
           -(responded_at is not null)::int as an, -(responded_at is not null and coalesce(responded_at <= respond_by, false))::int as ok, -(responded_at is null and overdue_notified_at is not null)::int as od
    from old_rows),
  daily as (
    insert into ticket_rollups as r (organization_id, day, status, product_brand, priority, tickets,
                                     first_response_n, first_response_seconds, resolution_n, resolution_seconds,
                                     responded_n, responded_on_time_n, overdue_unanswered_n)
    select organization_id, day, status, product_brand, priority, sum(n), sum(fn), sum(fs), sum(rn), sum(rs), sum(an), sum(ok), sum(od)
    from c
    group by organization_id, day, status, product_brand, priority
    having sum(n) <> 0 or sum(fn) <> 0 or sum(fs) <> 0 or sum(rn) <> 0 or sum(rs) <> 0 or sum(an) <> 0 or sum(ok) <> 0 or sum(od) <> 0
    order by organization_id, day, status, product_brand, priority
    on conflict (organization_id, day, status, product_brand, priority) do update set
      tickets = r.tickets + excluded.tickets,
      first_response_n = r.first_response_n + excluded.first_response_n,
      first_response_seconds = r.first_response_seconds + excluded.first_response_seconds,
      resolution_n = r.resolution_n + excluded.resolution_n,
      resolution_seconds = r.resolution_seconds + excluded.resolution_seconds,
      responded_n = r.responded_n + excluded.responded_n,
      responded_on_time_n = r.responded_on_time_n + excluded.responded_on_time_n,
      overdue_unanswered_n = r.overdue_unanswered_n + excluded.overdue_unanswered_n
    returning 1
  )
  insert into ticket_totals as r (organization_id, status, product_brand, priority, tickets,
                                  first_response_n, first_response_seconds, resolution_n, resolution_seconds,
                                  responded_n, responded_on_time_n, overdue_unanswered_n)
  select organization_id, status, product_brand, priority, sum(n), sum(fn), sum(fs), sum(rn), sum(rs), sum(an), sum(ok), sum(od)
  from c
  group by organization_id, status, product_brand, priority
  having sum(n) <> 0 or sum(fn) <> 0 or sum(fs) <> 0 or sum(rn) <> 0 or sum(rs) <> 0 or sum(an) <> 0 or sum(ok) <> 0 or sum(od) <> 0
  order by organization_id, status, product_brand, priority
  on conflict (organization_id, status, product_brand, priority) do update set
    tickets = r.tickets + excluded.tickets,
    first_response_n = r.first_response_n + excluded.first_response_n,
    first_response_seconds = r.first_response_seconds + excluded.first_response_seconds,
    resolution_n = r.resolution_n + excluded.resolution_n,
    resolution_seconds = r.resolution_seconds + excluded.resolution_seconds,
    responded_n = r.responded_n + excluded.responded_n,
    responded_on_time_n = r.responded_on_time_n + excluded.responded_on_time_n,
    overdue_unanswered_n = r.overdue_unanswered_n + excluded.overdue_unanswered_n;
  end if;
  return null;
end $fn$;

create or replace function "ticket_status_flow_apply"() returns trigger language plpgsql as $fn$
begin
  if TG_OP = 'INSERT' then
    insert into ticket_status_flow as f (organization_id, day, status, delta)
  select organization_id, day, status, sum(d)
  from (select organization_id, (created_at at time zone 'UTC')::date as day, to_status as status, 1 as d from new_rows
    union all
    select organization_id, (created_at at time zone 'UTC')::date, from_status, -1 from new_rows where from_status is not null) c
  group by organization_id, day, status
  having sum(d) <> 0
  order by organization_id, day, status
  on conflict (organization_id, day, status) do update set delta = f.delta + excluded.delta;
    update tickets t set
      first_response_at = case when n.fr is not null and (t.first_response_at is null or n.fr < t.first_response_at) then n.fr else t.first_response_at end,
      resolved_at = case when n.rs is not null and (t.resolved_at is null or n.rs < t.resolved_at) then n.rs else t.resolved_at end
    from (
      select ticket_id,
             min(created_at) filter (where to_status <> 'Open' and from_status is not null) as fr,
             min(created_at) filter (where to_status in ('Closed', 'Resolved')) as rs
      from new_rows group by ticket_id
    ) n
    where t.id = n.ticket_id
      and ((n.fr is not null and (t.first_response_at is null or n.fr < t.first_response_at))
        or (n.rs is not null and (t.resolved_at is null or n.rs < t.resolved_at)));
  elsif TG_OP = 'UPDATE' then
    insert into ticket_status_flow as f (organization_id, day, status, delta)
  select organization_id, day, status, sum(d)
  from (select organization_id, (created_at at time zone 'UTC')::date as day, to_status as status, 1 as d from new_rows
    union all
    select organization_id, (created_at at time zone 'UTC')::date, from_status, -1 from new_rows where from_status is not null
    union all
    select organization_id, (created_at at time zone 'UTC')::date as day, to_status as status, -1 as d from old_rows
    union all
    select organization_id, (created_at at time zone 'UTC')::date, from_status, 1 from old_rows where from_status is not null) c
  group by organization_id, day, status
  having sum(d) <> 0
  order by organization_id, day, status
  on conflict (organization_id, day, status) do update set delta = f.delta + excluded.delta;
    update tickets t set first_response_at = x.fr, resolved_at = x.rs
    from (
      select t2.id,
             (select min(h.created_at) from ticket_status_changes h
               where h.ticket_id = t2.id and h.to_status <> 'Open' and h.from_status is not null) as fr,
             (select min(h.created_at) from ticket_status_changes h
               where h.ticket_id = t2.id and h.to_status in ('Closed', 'Resolved')) as rs
      from tickets t2
      where t2.id in (select ticket_id from old_rows union select ticket_id from new_rows)
    ) x
    where t.id = x.id and (t.first_response_at is distinct from x.fr or t.resolved_at is distinct from x.rs);
  else
    insert into ticket_status_flow as f (organization_id, day, status, delta)
  select organization_id, day, status, sum(d)
  from (select organization_id, (created_at at time zone 'UTC')::date as day, to_status as status, -1 as d from old_rows
    union all
    select organization_id, (created_at at time zone 'UTC')::date, from_status, 1 from old_rows where from_status is not null) c
  group by organization_id, day, status
  having sum(d) <> 0
  order by organization_id, day, status
  on conflict (organization_id, day, status) do update set delta = f.delta + excluded.delta;
    update tickets t set first_response_at = x.fr, resolved_at = x.rs
    from (
      select t2.id,
             (select min(h.created_at) from ticket_status_changes h
               where h.ticket_id = t2.id and h.to_status <> 'Open' and h.from_status is not null) as fr,
             (select min(h.created_at) from ticket_status_changes h
               where h.ticket_id = t2.id and h.to_status in ('Closed', 'Resolved')) as rs
      from tickets t2
      where t2.id in (select ticket_id from old_rows)
    ) x
    where t.id = x.id and (t.first_response_at is distinct from x.fr or t.resolved_at is distinct from x.rs);
  end if;
  return null;
end $fn$;

`;

/** The promised response hours per ticket kind then. */
export const DEFAULT_RESPONSE_HOURS_V1 = { warranty: 24, technical_support: 48 } as const;
/** The resolution that makes a ticket technical support. */
export const SUPPORT_RESOLUTION_V1 = 'Technical Support Only';
/** The resolutions that make a ticket a warranty claim. */
export const WARRANTY_REMEDIES_V1 = ['Replacement', 'Repair Parts', 'Refund'] as const;
/** The issue categories that make a ticket technical support. */
export const SUPPORT_CATEGORIES_V1 = ['Rust/Corrosion/Maintenance', 'Insufficient Height', 'Capacity/Overload Concerns'] as const;
