/**
 * What Migration20261127000000ParallelCreates ran, frozen so it keeps meaning what it meant: the
 * striped rollup functions; the organization's ticket-number sequence made and dropped with it by a
 * trigger; and, for down(), the rebuild of unstriped rollups. The current definitions live in
 * modules/ticket-analytics/rollups/ and modules/tickets/ticket-number-sql.ts.
 */

/** The rollup functions writing to the session's stripe. */
export const ROLLUP_FUNCTIONS_SQL_V3 = `
create or replace function "ticket_rollups_apply"() returns trigger language plpgsql as $fn$
begin
  if TG_OP = 'INSERT' then
    with c as (select organization_id, (created_at at time zone 'UTC')::date as day, status, product_brand, priority, (pg_backend_pid() % 16)::smallint as stripe, 1 as n,
           (first_response_at is not null)::int as fn, coalesce(extract(epoch from first_response_at - created_at), 0) as fs,
           (resolved_at is not null)::int as rn, coalesce(extract(epoch from resolved_at - created_at), 0) as rs,
           (responded_at is not null)::int as an, (responded_at is not null and coalesce(responded_at <= respond_by, false))::int as ok, (responded_at is null and overdue_notified_at is not null)::int as od
    from new_rows),
  daily as (
    insert into ticket_rollups as r (organization_id, day, status, product_brand, priority, stripe, tickets,
                                     first_response_n, first_response_seconds, resolution_n, resolution_seconds,
                                     responded_n, responded_on_time_n, overdue_unanswered_n)
    select organization_id, day, status, product_brand, priority, stripe, sum(n), sum(fn), sum(fs), sum(rn), sum(rs), sum(an), sum(ok), sum(od)
    from c
    group by organization_id, day, status, product_brand, priority, stripe
    having sum(n) <> 0 or sum(fn) <> 0 or sum(fs) <> 0 or sum(rn) <> 0 or sum(rs) <> 0 or sum(an) <> 0 or sum(ok) <> 0 or sum(od) <> 0
    order by organization_id, day, status, product_brand, priority, stripe
    on conflict (organization_id, day, status, product_brand, priority, stripe) do update set
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
  insert into ticket_totals as r (organization_id, status, product_brand, priority, stripe, tickets,
                                  first_response_n, first_response_seconds, resolution_n, resolution_seconds,
                                  responded_n, responded_on_time_n, overdue_unanswered_n)
  select organization_id, status, product_brand, priority, stripe, sum(n), sum(fn), sum(fs), sum(rn), sum(rs), sum(an), sum(ok), sum(od)
  from c
  group by organization_id, status, product_brand, priority, stripe
  having sum(n) <> 0 or sum(fn) <> 0 or sum(fs) <> 0 or sum(rn) <> 0 or sum(rs) <> 0 or sum(an) <> 0 or sum(ok) <> 0 or sum(od) <> 0
  order by organization_id, status, product_brand, priority, stripe
  on conflict (organization_id, status, product_brand, priority, stripe) do update set
    tickets = r.tickets + excluded.tickets,
    first_response_n = r.first_response_n + excluded.first_response_n,
    first_response_seconds = r.first_response_seconds + excluded.first_response_seconds,
    resolution_n = r.resolution_n + excluded.resolution_n,
    resolution_seconds = r.resolution_seconds + excluded.resolution_seconds,
    responded_n = r.responded_n + excluded.responded_n,
    responded_on_time_n = r.responded_on_time_n + excluded.responded_on_time_n,
    overdue_unanswered_n = r.overdue_unanswered_n + excluded.overdue_unanswered_n;
  elsif TG_OP = 'UPDATE' then
    with c as (select organization_id, (created_at at time zone 'UTC')::date as day, status, product_brand, priority, (pg_backend_pid() % 16)::smallint as stripe, 1 as n,
           (first_response_at is not null)::int as fn, coalesce(extract(epoch from first_response_at - created_at), 0) as fs,
           (resolved_at is not null)::int as rn, coalesce(extract(epoch from resolved_at - created_at), 0) as rs,
           (responded_at is not null)::int as an, (responded_at is not null and coalesce(responded_at <= respond_by, false))::int as ok, (responded_at is null and overdue_notified_at is not null)::int as od
    from new_rows
    union all
    select organization_id, (created_at at time zone 'UTC')::date as day, status, product_brand, priority, (pg_backend_pid() % 16)::smallint as stripe, -1 as n,
           -(first_response_at is not null)::int as fn, -coalesce(extract(epoch from first_response_at - created_at), 0) as fs,
           -(resolved_at is not null)::int as rn, -coalesce(extract(epoch from resolved_at - created_at), 0) as rs,
           -(responded_at is not null)::int as an, -(responded_at is not null and coalesce(responded_at <= respond_by, false))::int as ok, -(responded_at is null and overdue_notified_at is not null)::int as od
    from old_rows),
  daily as (
    insert into ticket_rollups as r (organization_id, day, status, product_brand, priority, stripe, tickets,
                                     first_response_n, first_response_seconds, resolution_n, resolution_seconds,
                                     responded_n, responded_on_time_n, overdue_unanswered_n)
    select organization_id, day, status, product_brand, priority, stripe, sum(n), sum(fn), sum(fs), sum(rn), sum(rs), sum(an), sum(ok), sum(od)
    from c
    group by organization_id, day, status, product_brand, priority, stripe
    having sum(n) <> 0 or sum(fn) <> 0 or sum(fs) <> 0 or sum(rn) <> 0 or sum(rs) <> 0 or sum(an) <> 0 or sum(ok) <> 0 or sum(od) <> 0
    order by organization_id, day, status, product_brand, priority, stripe
    on conflict (organization_id, day, status, product_brand, priority, stripe) do update set
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
  insert into ticket_totals as r (organization_id, status, product_brand, priority, stripe, tickets,
                                  first_response_n, first_response_seconds, resolution_n, resolution_seconds,
                                  responded_n, responded_on_time_n, overdue_unanswered_n)
  select organization_id, status, product_brand, priority, stripe, sum(n), sum(fn), sum(fs), sum(rn), sum(rs), sum(an), sum(ok), sum(od)
  from c
  group by organization_id, status, product_brand, priority, stripe
  having sum(n) <> 0 or sum(fn) <> 0 or sum(fs) <> 0 or sum(rn) <> 0 or sum(rs) <> 0 or sum(an) <> 0 or sum(ok) <> 0 or sum(od) <> 0
  order by organization_id, status, product_brand, priority, stripe
  on conflict (organization_id, status, product_brand, priority, stripe) do update set
    tickets = r.tickets + excluded.tickets,
    first_response_n = r.first_response_n + excluded.first_response_n,
    first_response_seconds = r.first_response_seconds + excluded.first_response_seconds,
    resolution_n = r.resolution_n + excluded.resolution_n,
    resolution_seconds = r.resolution_seconds + excluded.resolution_seconds,
    responded_n = r.responded_n + excluded.responded_n,
    responded_on_time_n = r.responded_on_time_n + excluded.responded_on_time_n,
    overdue_unanswered_n = r.overdue_unanswered_n + excluded.overdue_unanswered_n;
  else
    with c as (select organization_id, (created_at at time zone 'UTC')::date as day, status, product_brand, priority, (pg_backend_pid() % 16)::smallint as stripe, -1 as n,
           -(first_response_at is not null)::int as fn, -coalesce(extract(epoch from first_response_at - created_at), 0) as fs,
           -(resolved_at is not null)::int as rn, -coalesce(extract(epoch from resolved_at - created_at), 0) as rs,
           -(responded_at is not null)::int as an, -(responded_at is not null and coalesce(responded_at <= respond_by, false))::int as ok, -(responded_at is null and overdue_notified_at is not null)::int as od
    from old_rows),
  daily as (
    insert into ticket_rollups as r (organization_id, day, status, product_brand, priority, stripe, tickets,
                                     first_response_n, first_response_seconds, resolution_n, resolution_seconds,
                                     responded_n, responded_on_time_n, overdue_unanswered_n)
    select organization_id, day, status, product_brand, priority, stripe, sum(n), sum(fn), sum(fs), sum(rn), sum(rs), sum(an), sum(ok), sum(od)
    from c
    group by organization_id, day, status, product_brand, priority, stripe
    having sum(n) <> 0 or sum(fn) <> 0 or sum(fs) <> 0 or sum(rn) <> 0 or sum(rs) <> 0 or sum(an) <> 0 or sum(ok) <> 0 or sum(od) <> 0
    order by organization_id, day, status, product_brand, priority, stripe
    on conflict (organization_id, day, status, product_brand, priority, stripe) do update set
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
  insert into ticket_totals as r (organization_id, status, product_brand, priority, stripe, tickets,
                                  first_response_n, first_response_seconds, resolution_n, resolution_seconds,
                                  responded_n, responded_on_time_n, overdue_unanswered_n)
  select organization_id, status, product_brand, priority, stripe, sum(n), sum(fn), sum(fs), sum(rn), sum(rs), sum(an), sum(ok), sum(od)
  from c
  group by organization_id, status, product_brand, priority, stripe
  having sum(n) <> 0 or sum(fn) <> 0 or sum(fs) <> 0 or sum(rn) <> 0 or sum(rs) <> 0 or sum(an) <> 0 or sum(ok) <> 0 or sum(od) <> 0
  order by organization_id, status, product_brand, priority, stripe
  on conflict (organization_id, status, product_brand, priority, stripe) do update set
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
    insert into ticket_status_flow as f (organization_id, day, status, stripe, delta)
  select organization_id, day, status, stripe, sum(d)
  from (select organization_id, (created_at at time zone 'UTC')::date as day, to_status as status, (pg_backend_pid() % 16)::smallint as stripe, 1 as d from new_rows
    union all
    select organization_id, (created_at at time zone 'UTC')::date, from_status, (pg_backend_pid() % 16)::smallint as stripe, -1 from new_rows where from_status is not null) c
  group by organization_id, day, status, stripe
  having sum(d) <> 0
  order by organization_id, day, status, stripe
  on conflict (organization_id, day, status, stripe) do update set delta = f.delta + excluded.delta;
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
    insert into ticket_status_flow as f (organization_id, day, status, stripe, delta)
  select organization_id, day, status, stripe, sum(d)
  from (select organization_id, (created_at at time zone 'UTC')::date as day, to_status as status, (pg_backend_pid() % 16)::smallint as stripe, 1 as d from new_rows
    union all
    select organization_id, (created_at at time zone 'UTC')::date, from_status, (pg_backend_pid() % 16)::smallint as stripe, -1 from new_rows where from_status is not null
    union all
    select organization_id, (created_at at time zone 'UTC')::date as day, to_status as status, (pg_backend_pid() % 16)::smallint as stripe, -1 as d from old_rows
    union all
    select organization_id, (created_at at time zone 'UTC')::date, from_status, (pg_backend_pid() % 16)::smallint as stripe, 1 from old_rows where from_status is not null) c
  group by organization_id, day, status, stripe
  having sum(d) <> 0
  order by organization_id, day, status, stripe
  on conflict (organization_id, day, status, stripe) do update set delta = f.delta + excluded.delta;
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
    insert into ticket_status_flow as f (organization_id, day, status, stripe, delta)
  select organization_id, day, status, stripe, sum(d)
  from (select organization_id, (created_at at time zone 'UTC')::date as day, to_status as status, (pg_backend_pid() % 16)::smallint as stripe, -1 as d from old_rows
    union all
    select organization_id, (created_at at time zone 'UTC')::date, from_status, (pg_backend_pid() % 16)::smallint as stripe, 1 from old_rows where from_status is not null) c
  group by organization_id, day, status, stripe
  having sum(d) <> 0
  order by organization_id, day, status, stripe
  on conflict (organization_id, day, status, stripe) do update set delta = f.delta + excluded.delta;
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

/** The rollup rebuild (one row per key) that down() ran. */
export const REBUILD_ROLLUPS_SQL_V2 = `
lock table tickets, ticket_status_changes, ticket_rollups, ticket_totals, ticket_status_flow in share row exclusive mode;

update tickets t set first_response_at = x.fr, resolved_at = x.rs
from (
  select t2.id, h.fr, h.rs
  from tickets t2
  left join (
    select ticket_id,
           min(created_at) filter (where to_status <> 'Open' and from_status is not null) as fr,
           min(created_at) filter (where to_status in ('Closed', 'Resolved')) as rs
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
       sum((responded_at is not null)::int), sum((responded_at is not null and coalesce(responded_at <= respond_by, false))::int), sum((responded_at is null and overdue_notified_at is not null)::int)
from tickets
group by 1, 2, 3, 4, 5;

delete from ticket_totals;
insert into ticket_totals (organization_id, status, product_brand, priority, tickets,
                           first_response_n, first_response_seconds, resolution_n, resolution_seconds,
                           responded_n, responded_on_time_n, overdue_unanswered_n)
select organization_id, status, product_brand, priority, count(*),
       count(first_response_at), coalesce(sum(extract(epoch from first_response_at - created_at)), 0),
       count(resolved_at), coalesce(sum(extract(epoch from resolved_at - created_at)), 0),
       sum((responded_at is not null)::int), sum((responded_at is not null and coalesce(responded_at <= respond_by, false))::int), sum((responded_at is null and overdue_notified_at is not null)::int)
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

/** The function behind the organization's triggers: its ticket-number sequence is made and dropped with it. */
export const ORGANIZATION_TRIGGER_FUNCTION_SQL_V1 = `
create or replace function "organizations_ticket_numbers"() returns trigger language plpgsql as $fn$
begin
  if TG_OP = 'INSERT' then
    execute format('create sequence if not exists %I as bigint start with %s', ('ticket_numbers_' || replace((new.id)::text, '-', '')), 1);
  else
    execute format('drop sequence if exists %I', ('ticket_numbers_' || replace((old.id)::text, '-', '')));
  end if;
  return null;
end $fn$;`;

/** The organization's triggers calling it. */
export const ORGANIZATION_TRIGGERS_V1 = [
  {
    name: `organizations_ticket_numbers_insert`,
    expression: `create trigger "organizations_ticket_numbers_insert" after insert on "organizations" for each row execute function "organizations_ticket_numbers"()`,
  },
  {
    name: `organizations_ticket_numbers_delete`,
    expression: `create trigger "organizations_ticket_numbers_delete" after delete on "organizations" for each row execute function "organizations_ticket_numbers"()`,
  },
] as const;

/** Creates the sequence of the organization `o` of the loop over existing organizations, continuing from its counter. */
export const CREATE_EXISTING_TICKET_NUMBER_SEQUENCE_V1 = `execute format('create sequence if not exists %I as bigint start with %s', ('ticket_numbers_' || replace((o.id)::text, '-', '')), o.ticket_counter + 1);`;

/** The sequence name of the organizations row being updated. */
export const ORGANIZATION_ROW_SEQUENCE_V1 = `('ticket_numbers_' || replace((organizations.id)::text, '-', ''))`;

/** The sequence name of the organization `o` of a loop. */
export const LOOP_ORGANIZATION_SEQUENCE_V1 = `('ticket_numbers_' || replace((o.id)::text, '-', ''))`;
