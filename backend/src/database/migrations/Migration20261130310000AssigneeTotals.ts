import { Migration } from '@mikro-orm/migrations';

/** The function of the triggers below (tickets/assignment/assignee-totals.ts as it was then). */
export const ASSIGNEE_TOTALS_FUNCTION_SQL_V1 = `
create or replace function "ticket_assignee_totals_apply"() returns trigger language plpgsql as $fn$
begin
  if TG_OP = 'INSERT' then
    insert into ticket_assignee_totals as r (organization_id, assignee_key, stripe, tickets)
    select organization_id, coalesce(assignee_id, '00000000-0000-0000-0000-000000000000'::uuid), (pg_backend_pid() % 16)::smallint, count(*)
    from new_rows group by 1, 2 order by 1, 2
    on conflict (organization_id, assignee_key, stripe) do update set tickets = r.tickets + excluded.tickets;
  elsif TG_OP = 'DELETE' then
    insert into ticket_assignee_totals as r (organization_id, assignee_key, stripe, tickets)
    select organization_id, coalesce(assignee_id, '00000000-0000-0000-0000-000000000000'::uuid), (pg_backend_pid() % 16)::smallint, -count(*)
    from old_rows group by 1, 2 order by 1, 2
    on conflict (organization_id, assignee_key, stripe) do update set tickets = r.tickets + excluded.tickets;
  else
    insert into ticket_assignee_totals as r (organization_id, assignee_key, stripe, tickets)
    select organization_id, k, (pg_backend_pid() % 16)::smallint, sum(n)
    from (select organization_id, coalesce(assignee_id, '00000000-0000-0000-0000-000000000000'::uuid) as k, 1 as n from new_rows
          union all
          select organization_id, coalesce(assignee_id, '00000000-0000-0000-0000-000000000000'::uuid), -1 from old_rows) c
    group by 1, 2 having sum(n) <> 0 order by 1, 2
    on conflict (organization_id, assignee_key, stripe) do update set tickets = r.tickets + excluded.tickets;
  end if;
  return null;
end $fn$;`;

/**
 * The counts of the ticket list's "Assigned to me" / "Unassigned" filters, kept by statement
 * triggers on tickets as the status rollups are (tickets/assignment/assignee-totals.ts, frozen
 * here): per organization × assignee (the nil uuid for the unassigned) × stripe. Existing tickets
 * are counted once (all of them are unassigned or assigned as the previous migration left them).
 */
export class Migration20261130310000AssigneeTotals extends Migration {

  override name = 'Migration20261130310000AssigneeTotals';

  override up(): void | Promise<void> {
    this.addSql(`create table "ticket_assignee_totals" (
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "assignee_key" uuid not null,
      "stripe" smallint not null default 0,
      "tickets" int not null default 0,
      constraint "ticket_assignee_totals_pkey" primary key ("organization_id", "assignee_key", "stripe"));`);
    this.addSql(ASSIGNEE_TOTALS_FUNCTION_SQL_V1);
    this.addSql(`lock table "tickets" in share row exclusive mode;`);
    this.addSql(`create trigger "tickets_assignee_totals_insert" after insert on "tickets" referencing new table as new_rows for each statement execute function "ticket_assignee_totals_apply"();`);
    this.addSql(`create trigger "tickets_assignee_totals_update" after update on "tickets" referencing old table as old_rows new table as new_rows for each statement execute function "ticket_assignee_totals_apply"();`);
    this.addSql(`create trigger "tickets_assignee_totals_delete" after delete on "tickets" referencing old table as old_rows for each statement execute function "ticket_assignee_totals_apply"();`);
    this.addSql(`insert into "ticket_assignee_totals" ("organization_id", "assignee_key", "stripe", "tickets")
      select organization_id, coalesce(assignee_id, '00000000-0000-0000-0000-000000000000'::uuid), 0, count(*) from "tickets" group by 1, 2;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "tickets_assignee_totals_insert" on "tickets";`);
    this.addSql(`drop trigger if exists "tickets_assignee_totals_update" on "tickets";`);
    this.addSql(`drop trigger if exists "tickets_assignee_totals_delete" on "tickets";`);
    this.addSql(`drop function if exists "ticket_assignee_totals_apply"();`);
    this.addSql(`drop table if exists "ticket_assignee_totals";`);
  }
}
