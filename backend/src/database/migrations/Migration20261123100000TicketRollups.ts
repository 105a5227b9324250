import { Migration } from '@mikro-orm/migrations';
import { REBUILD_ROLLUPS_SQL } from '../../modules/tickets/rollups/rollup-sql.js';
import { TICKET_LIST_INDEXES } from '../../modules/tickets/rollups/ticket-indexes.js';

/**
 * Rollups of the tickets for the dashboard, the analytics and the list's totals, kept current by
 * triggers in the same transaction as every write to tickets and their status history (the ORM,
 * the bulk statements and raw SQL alike), plus the list's indexes for every filter × sort of the
 * screen. See backend/src/modules/tickets/rollups/README.md.
 *
 * - ticket_rollups: per organization × UTC creation day × status × brand × priority, the number of
 *   tickets and the sums (and counts) of their first-response and resolution durations.
 * - ticket_status_flow: per organization × UTC day × status, tickets entering (+1) and leaving (-1)
 *   the status according to the history: the sum up to an instant is the count in that status then.
 * - tickets.first_response_at / resolved_at: the first change away from Open and the first change to
 *   Closed or Resolved, maintained from ticket_status_changes, so a ticket's whole contribution to
 *   ticket_rollups is a function of its own row.
 */
export class Migration20261123100000TicketRollups extends Migration {

  override name = 'Migration20261123100000TicketRollups';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tickets" add column "first_response_at" timestamptz null, add column "resolved_at" timestamptz null;`);

    this.addSql(`create table "ticket_rollups" (
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "day" date not null,
      "status" varchar(50) not null,
      "product_brand" varchar(50) null,
      "priority" varchar(50) not null,
      "tickets" int not null default 0,
      "first_response_n" int not null default 0,
      "first_response_seconds" numeric not null default 0,
      "resolution_n" int not null default 0,
      "resolution_seconds" numeric not null default 0);`);
    this.addSql(`create unique index "ticket_rollups_key" on "ticket_rollups" ("organization_id", "day", "status", "product_brand", "priority") nulls not distinct;`);

    this.addSql(`create table "ticket_status_flow" (
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "day" date not null,
      "status" varchar(50) not null,
      "delta" int not null default 0,
      constraint "ticket_status_flow_pkey" primary key ("organization_id", "day", "status"));`);

    // The list: one index per filter (status, brand, priority, and their pairs) ending in the sort
    // key (created_at, id), so each filter × sort of the screen reads pages in index order.
    this.addSql(`drop index if exists "tickets_organization_status_index";`);
    this.addSql(`drop index if exists "tickets_organization_brand_index";`);
    this.addSql(`drop index if exists "tickets_organization_priority_index";`);
    this.addSql(`drop index if exists "tickets_organization_created_index";`);
    this.addSql(`drop index if exists "tickets_organization_status_brand_created_index";`);
    for (const sql of TICKET_LIST_INDEXES) this.addSql(sql);
    this.addSql(`drop index if exists "ticket_status_changes_organization_created_index";`);
    this.addSql(`create index "ticket_status_changes_organization_created_index" on "ticket_status_changes" ("organization_id", "created_at") include ("from_status", "to_status");`);
    this.addSql(`create index "ticket_status_changes_closures_index" on "ticket_status_changes" ("organization_id", "created_at") include ("ticket_id") where "to_status" in ('Closed', 'Resolved');`);

    this.addSql(TRIGGERS_SQL);
    // Existing data: first/resolution instants from the history, then the rollups from a scan.
    this.addSql(REBUILD_ROLLUPS_SQL);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "tickets_rollups_insert" on "tickets";`);
    this.addSql(`drop trigger if exists "tickets_rollups_update" on "tickets";`);
    this.addSql(`drop trigger if exists "tickets_rollups_delete" on "tickets";`);
    this.addSql(`drop trigger if exists "ticket_status_changes_rollups_insert" on "ticket_status_changes";`);
    this.addSql(`drop trigger if exists "ticket_status_changes_rollups_update" on "ticket_status_changes";`);
    this.addSql(`drop trigger if exists "ticket_status_changes_rollups_delete" on "ticket_status_changes";`);
    this.addSql(`drop function if exists "ticket_rollups_apply"();`);
    this.addSql(`drop function if exists "ticket_status_flow_apply"();`);
    this.addSql(`drop table if exists "ticket_rollups";`);
    this.addSql(`drop table if exists "ticket_status_flow";`);
    this.addSql(`drop index if exists "ticket_status_changes_closures_index";`);
    this.addSql(`alter table "tickets" drop column "first_response_at", drop column "resolved_at";`);
  }

}


/** A tickets row's contribution to ticket_rollups (sign -1 takes it back). */
function rollupContribution(table: string, sign: 1 | -1): string {
  const m = sign === 1 ? '' : '-';
  return `select organization_id, (created_at at time zone 'UTC')::date as day, status, product_brand, priority, ${sign} as n,
           ${m}(first_response_at is not null)::int as fn, ${m}coalesce(extract(epoch from first_response_at - created_at), 0) as fs,
           ${m}(resolved_at is not null)::int as rn, ${m}coalesce(extract(epoch from resolved_at - created_at), 0) as rs
    from ${table}`;
}

function applyRollups(contributions: string[]): string {
  return `insert into ticket_rollups as r (organization_id, day, status, product_brand, priority, tickets,
                                   first_response_n, first_response_seconds, resolution_n, resolution_seconds)
  select organization_id, day, status, product_brand, priority, sum(n), sum(fn), sum(fs), sum(rn), sum(rs)
  from (${contributions.join('\n    union all\n    ')}) c
  group by organization_id, day, status, product_brand, priority
  having sum(n) <> 0 or sum(fn) <> 0 or sum(fs) <> 0 or sum(rn) <> 0 or sum(rs) <> 0
  order by organization_id, day, status, product_brand, priority
  on conflict (organization_id, day, status, product_brand, priority) do update set
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
const TRIGGERS_SQL = `
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

create trigger "tickets_rollups_insert" after insert on "tickets"
  referencing new table as new_rows for each statement execute function "ticket_rollups_apply"();
create trigger "tickets_rollups_update" after update on "tickets"
  referencing old table as old_rows new table as new_rows for each statement execute function "ticket_rollups_apply"();
create trigger "tickets_rollups_delete" after delete on "tickets"
  referencing old table as old_rows for each statement execute function "ticket_rollups_apply"();
create trigger "ticket_status_changes_rollups_insert" after insert on "ticket_status_changes"
  referencing new table as new_rows for each statement execute function "ticket_status_flow_apply"();
create trigger "ticket_status_changes_rollups_update" after update on "ticket_status_changes"
  referencing old table as old_rows new table as new_rows for each statement execute function "ticket_status_flow_apply"();
create trigger "ticket_status_changes_rollups_delete" after delete on "ticket_status_changes"
  referencing old table as old_rows for each statement execute function "ticket_status_flow_apply"();
`;
