import { updateGuardSql } from '../../../database/update-guard.js';

/**
 * The sidebar's "Assigned to me" / "Unassigned" counts and the list's total under those filters, kept
 * as the status counts are (ticket-analytics' rollups): statement triggers on tickets add each
 * statement's change per organization × assignee (the nil uuid for the unassigned) to
 * ticket_assignee_totals, in the writing transaction, so a read is a few rows at any number of
 * tickets. As in the rollups, each key has up to 16 rows (`stripe`: the writer's
 * pg_backend_pid() % 16), so concurrent creates (each adds one unassigned ticket) do not queue on
 * one row until they commit; readers sum. A user's removal sets their tickets' assignee null: an
 * UPDATE, which moves the counts; an UPDATE that moves no ticket between assignees returns at once.
 * Its migrations keep frozen copies (the last, Migration20261203000000UpdateGuards).
 */
export const UNASSIGNED_KEY = '00000000-0000-0000-0000-000000000000';

export const ASSIGNEE_TOTALS_FUNCTION_SQL = `
create or replace function "ticket_assignee_totals_apply"() returns trigger language plpgsql as $fn$
begin
${updateGuardSql('ticket_assignee_totals', ['organization_id', 'assignee_id'])}  if TG_OP = 'INSERT' then
    insert into ticket_assignee_totals as r (organization_id, assignee_key, stripe, tickets)
    select organization_id, coalesce(assignee_id, '${UNASSIGNED_KEY}'::uuid), (pg_backend_pid() % 16)::smallint, count(*)
    from new_rows group by 1, 2 order by 1, 2
    on conflict (organization_id, assignee_key, stripe) do update set tickets = r.tickets + excluded.tickets;
  elsif TG_OP = 'DELETE' then
    insert into ticket_assignee_totals as r (organization_id, assignee_key, stripe, tickets)
    select organization_id, coalesce(assignee_id, '${UNASSIGNED_KEY}'::uuid), (pg_backend_pid() % 16)::smallint, -count(*)
    from old_rows group by 1, 2 order by 1, 2
    on conflict (organization_id, assignee_key, stripe) do update set tickets = r.tickets + excluded.tickets;
  else
    insert into ticket_assignee_totals as r (organization_id, assignee_key, stripe, tickets)
    select organization_id, k, (pg_backend_pid() % 16)::smallint, sum(n)
    from (select organization_id, coalesce(assignee_id, '${UNASSIGNED_KEY}'::uuid) as k, 1 as n from new_rows
          union all
          select organization_id, coalesce(assignee_id, '${UNASSIGNED_KEY}'::uuid), -1 from old_rows) c
    group by 1, 2 having sum(n) <> 0 order by 1, 2
    on conflict (organization_id, assignee_key, stripe) do update set tickets = r.tickets + excluded.tickets;
  end if;
  return null;
end $fn$;`;

export const ASSIGNEE_TOTALS_TRIGGERS = [
  { name: 'tickets_assignee_totals_insert', events: ['insert'], expression: `create trigger "tickets_assignee_totals_insert" after insert on "tickets" referencing new table as new_rows for each statement execute function "ticket_assignee_totals_apply"()` },
  { name: 'tickets_assignee_totals_update', events: ['update'], expression: `create trigger "tickets_assignee_totals_update" after update on "tickets" referencing old table as old_rows new table as new_rows for each statement execute function "ticket_assignee_totals_apply"()` },
  { name: 'tickets_assignee_totals_delete', events: ['delete'], expression: `create trigger "tickets_assignee_totals_delete" after delete on "tickets" referencing old table as old_rows for each statement execute function "ticket_assignee_totals_apply"()` },
] as const;
