import { Migration } from '@mikro-orm/migrations';

/** The tables a ticket list page is read from, and the changes that alter what it shows. */
const TABLES = [
  { table: 'tickets', events: ['insert', 'update', 'delete'] },
  // A new customer or user is on no ticket yet: the ticket's own insert or update tells.
  { table: 'customers', events: ['update', 'delete'] },
  { table: 'users', events: ['update', 'delete'] },
  // A product added may give a listed ticket its warranty term.
  { table: 'products', events: ['insert', 'update', 'delete'] },
] as const;

/** The triggers' function as this migration made it (Migration20261205000000ListCacheQuiet builds on it). Frozen SQL. */
export const TICKET_LIST_CACHE_FUNCTION_SQL_V1 = `create or replace function "ticket_list_cache_changed"() returns trigger language plpgsql as $$
declare
  organizations text[];
begin
  if tg_op = 'DELETE' then
    select array_agg(distinct organization_id::text) into organizations from old_rows;
  else
    select array_agg(distinct organization_id::text) into organizations from new_rows;
  end if;
  if organizations is not null then
    perform pg_notify('wcrm_list_cache', case when cardinality(organizations) > 100 then '*' else array_to_string(organizations, ',') end);
  end if;
  return null;
end $$;`;

/**
 * The ticket list cache's invalidations (issue 32, modules/tickets/ticket-list-cache.ts): every
 * statement that changes what a list page shows (its tickets, their customers and assignees, the
 * products that give their warranty terms) NOTIFYs wcrm_list_cache at commit with the ids of the
 * organizations it touched (`*` beyond 100), so each app instance drops those organizations' pages.
 * One trigger per table and event (a transition table takes one event). Frozen SQL.
 */
export class Migration20261204100000TicketListCache extends Migration {

  override name = 'Migration20261204100000TicketListCache';

  override up(): void | Promise<void> {
    this.addSql(TICKET_LIST_CACHE_FUNCTION_SQL_V1);
    for (const { table, events } of TABLES) {
      for (const event of events) {
        const rows = event === 'delete' ? 'old table as old_rows' : 'new table as new_rows';
        this.addSql(`create trigger "${table}_list_cache_${event}" after ${event} on "${table}" referencing ${rows} for each statement execute function "ticket_list_cache_changed"();`);
      }
    }
  }

  override down(): void | Promise<void> {
    for (const { table, events } of TABLES) {
      for (const event of events) this.addSql(`drop trigger if exists "${table}_list_cache_${event}" on "${table}";`);
    }
    this.addSql(`drop function if exists "ticket_list_cache_changed"();`);
  }
}
