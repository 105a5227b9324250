/**
 * The rollup functions and rebuild exactly as Migration20261123100000TicketRollups created them
 * (before issue 17 added the response-promise counts). Frozen here so that migration keeps meaning
 * what it meant; the current definitions live in modules/ticket-analytics/rollups/.
 */
/** A tickets row's contribution to ticket_rollups (sign -1 takes it back). */
function rollupContribution(table: string, sign: 1 | -1): string {
  const m = sign === 1 ? '' : '-';
  return `select organization_id, (created_at at time zone 'UTC')::date as day, status, product_brand, priority, ${sign} as n,
           ${m}(first_response_at is not null)::int as fn, ${m}coalesce(extract(epoch from first_response_at - created_at), 0) as fs,
           ${m}(resolved_at is not null)::int as rn, ${m}coalesce(extract(epoch from resolved_at - created_at), 0) as rs
    from ${table}`;
}

function applyRollups(contributions: string[]): string {
  return `with c as (${contributions.join('\n    union all\n    ')}),
  daily as (
    insert into ticket_rollups as r (organization_id, day, status, product_brand, priority, tickets,
                                     first_response_n, first_response_seconds, resolution_n, resolution_seconds)
    select organization_id, day, status, product_brand, priority, sum(n), sum(fn), sum(fs), sum(rn), sum(rs)
    from c
    group by organization_id, day, status, product_brand, priority
    having sum(n) <> 0 or sum(fn) <> 0 or sum(fs) <> 0 or sum(rn) <> 0 or sum(rs) <> 0
    order by organization_id, day, status, product_brand, priority
    on conflict (organization_id, day, status, product_brand, priority) do update set
      tickets = r.tickets + excluded.tickets,
      first_response_n = r.first_response_n + excluded.first_response_n,
      first_response_seconds = r.first_response_seconds + excluded.first_response_seconds,
      resolution_n = r.resolution_n + excluded.resolution_n,
      resolution_seconds = r.resolution_seconds + excluded.resolution_seconds
    returning 1
  )
  insert into ticket_totals as r (organization_id, status, product_brand, priority, tickets,
                                  first_response_n, first_response_seconds, resolution_n, resolution_seconds)
  select organization_id, status, product_brand, priority, sum(n), sum(fn), sum(fs), sum(rn), sum(rs)
  from c
  group by organization_id, status, product_brand, priority
  having sum(n) <> 0 or sum(fn) <> 0 or sum(fs) <> 0 or sum(rn) <> 0 or sum(rs) <> 0
  order by organization_id, status, product_brand, priority
  on conflict (organization_id, status, product_brand, priority) do update set
    tickets = r.tickets + excluded.tickets,
    first_response_n = r.first_response_n + excluded.first_response_n,
    first_response_seconds = r.first_response_seconds + excluded.first_response_seconds,
    resolution_n = r.resolution_n + excluded.resolution_n,
    resolution_seconds = r.resolution_seconds + excluded.resolution_seconds;`;
}

/** A history row's contribution to ticket_status_flow: it enters to_status and leaves from_status. */
function flowContribution(table: string, sign: 1 | -1): string {
  const day = `(created_at at time zone 'UTC')::date`;
  return `select organization_id, ${day} as day, to_status as status, ${sign} as d from ${table}
    union all
    select organization_id, ${day}, from_status, ${-sign} from ${table} where from_status is not null`;
}

function applyFlow(contributions: string[]): string {
  return `insert into ticket_status_flow as f (organization_id, day, status, delta)
  select organization_id, day, status, sum(d)
  from (${contributions.join('\n    union all\n    ')}) c
  group by organization_id, day, status
  having sum(d) <> 0
  order by organization_id, day, status
  on conflict (organization_id, day, status) do update set delta = f.delta + excluded.delta;`;
}

/** New history rows can only bring a ticket's first-response / resolution instant earlier. */
const FIRSTS_ON_INSERT = `update tickets t set
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
        or (n.rs is not null and (t.resolved_at is null or n.rs < t.resolved_at)));`;

/** Changed or removed history rows: recompute the instants of the tickets concerned (still there). */
function firstsRecomputed(ids: string): string {
  return `update tickets t set first_response_at = x.fr, resolved_at = x.rs
    from (
      select t2.id,
             (select min(h.created_at) from ticket_status_changes h
               where h.ticket_id = t2.id and h.to_status <> 'Open' and h.from_status is not null) as fr,
             (select min(h.created_at) from ticket_status_changes h
               where h.ticket_id = t2.id and h.to_status in ('Closed', 'Resolved')) as rs
      from tickets t2
      where t2.id in (${ids})
    ) x
    where t.id = x.id and (t.first_response_at is distinct from x.fr or t.resolved_at is distinct from x.rs);`;
}

/**
 * Statement-level triggers with transition tables: a bulk statement of 100,000 rows makes one
 * grouped upsert, not 100,000. Groups are upserted in key order so concurrent writers lock rollup
 * rows in the same order (no deadlock between them). PL/pgSQL plans each statement on first use,
 * so a branch may name a transition table that only its own event has.
 */
export const ROLLUP_FUNCTIONS_SQL_V1 = `
create function "ticket_rollups_apply"() returns trigger language plpgsql as $fn$
begin
  if TG_OP = 'INSERT' then
    ${applyRollups([rollupContribution('new_rows', 1)])}
  elsif TG_OP = 'UPDATE' then
    ${applyRollups([rollupContribution('new_rows', 1), rollupContribution('old_rows', -1)])}
  else
    ${applyRollups([rollupContribution('old_rows', -1)])}
  end if;
  return null;
end $fn$;

create function "ticket_status_flow_apply"() returns trigger language plpgsql as $fn$
begin
  if TG_OP = 'INSERT' then
    ${applyFlow([flowContribution('new_rows', 1)])}
    ${FIRSTS_ON_INSERT}
  elsif TG_OP = 'UPDATE' then
    ${applyFlow([flowContribution('new_rows', 1), flowContribution('old_rows', -1)])}
    ${firstsRecomputed('select ticket_id from old_rows union select ticket_id from new_rows')}
  else
    ${applyFlow([flowContribution('old_rows', -1)])}
    ${firstsRecomputed('select ticket_id from old_rows')}
  end if;
  return null;
end $fn$;

`;

export const REBUILD_ROLLUPS_SQL_V1 = `
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
                            first_response_n, first_response_seconds, resolution_n, resolution_seconds)
select organization_id, (created_at at time zone 'UTC')::date, status, product_brand, priority, count(*),
       count(first_response_at), coalesce(sum(extract(epoch from first_response_at - created_at)), 0),
       count(resolved_at), coalesce(sum(extract(epoch from resolved_at - created_at)), 0)
from tickets
group by 1, 2, 3, 4, 5;

delete from ticket_totals;
insert into ticket_totals (organization_id, status, product_brand, priority, tickets,
                           first_response_n, first_response_seconds, resolution_n, resolution_seconds)
select organization_id, status, product_brand, priority, count(*),
       count(first_response_at), coalesce(sum(extract(epoch from first_response_at - created_at)), 0),
       count(resolved_at), coalesce(sum(extract(epoch from resolved_at - created_at)), 0)
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

/** The list indexes (one per filter × sort) as Migration20261123100000TicketRollups created them. */
export const TICKET_LIST_INDEXES_V1 = [
  `create index "tickets_org_created_index" on "tickets" ("organization_id", "created_at", "id") include ("status", "product_brand", "priority", "first_response_at", "resolved_at")`,
  `create index "tickets_org_status_created_index" on "tickets" ("organization_id", "status", "created_at", "id")`,
  `create index "tickets_org_brand_created_index" on "tickets" ("organization_id", "product_brand", "created_at", "id")`,
  `create index "tickets_org_priority_created_index" on "tickets" ("organization_id", "priority", "created_at", "id")`,
  `create index "tickets_org_status_brand_created_index" on "tickets" ("organization_id", "status", "product_brand", "created_at", "id")`,
  `create index "tickets_org_brand_status_created_index" on "tickets" ("organization_id", "product_brand", "status", "created_at", "id")`,
  `create index "tickets_org_status_priority_created_index" on "tickets" ("organization_id", "status", "priority", "created_at", "id")`,
  `create index "tickets_org_priority_status_created_index" on "tickets" ("organization_id", "priority", "status", "created_at", "id")`,
  `create index "tickets_org_brand_priority_created_index" on "tickets" ("organization_id", "product_brand", "priority", "created_at", "id")`,
  `create index "tickets_org_priority_brand_created_index" on "tickets" ("organization_id", "priority", "product_brand", "created_at", "id")`,
] as const;

/** The tickets table's rollup triggers as Migration20261123100000TicketRollups created them. */
export const TICKETS_TRIGGERS_V1 = [
  {
    name: `tickets_rollups_insert`,
    expression: `create trigger "tickets_rollups_insert" after insert on "tickets" referencing new table as new_rows for each statement execute function "ticket_rollups_apply"()`,
  },
  {
    name: `tickets_rollups_update`,
    expression: `create trigger "tickets_rollups_update" after update on "tickets" referencing old table as old_rows new table as new_rows for each statement execute function "ticket_rollups_apply"()`,
  },
  {
    name: `tickets_rollups_delete`,
    expression: `create trigger "tickets_rollups_delete" after delete on "tickets" referencing old table as old_rows for each statement execute function "ticket_rollups_apply"()`,
  },
] as const;

/** The ticket_status_changes table's rollup triggers as Migration20261123100000TicketRollups created them. */
export const STATUS_CHANGES_TRIGGERS_V1 = [
  {
    name: `ticket_status_changes_rollups_insert`,
    expression: `create trigger "ticket_status_changes_rollups_insert" after insert on "ticket_status_changes" referencing new table as new_rows for each statement execute function "ticket_status_flow_apply"()`,
  },
  {
    name: `ticket_status_changes_rollups_update`,
    expression: `create trigger "ticket_status_changes_rollups_update" after update on "ticket_status_changes" referencing old table as old_rows new table as new_rows for each statement execute function "ticket_status_flow_apply"()`,
  },
  {
    name: `ticket_status_changes_rollups_delete`,
    expression: `create trigger "ticket_status_changes_rollups_delete" after delete on "ticket_status_changes" referencing old table as old_rows for each statement execute function "ticket_status_flow_apply"()`,
  },
] as const;
