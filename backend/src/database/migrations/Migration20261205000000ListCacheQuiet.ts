import { Migration } from '@mikro-orm/migrations';

/** The list cache's trigger function (Migration20261204100000TicketListCache) with or without the quiet check. */
const listCacheChanged = (quiet: boolean) => `create or replace function "ticket_list_cache_changed"() returns trigger language plpgsql as $$
declare
  organizations text[];
begin${quiet ? `
  -- A quiet create announces its organization after its commit (tickets' TicketsService.create).
  if current_setting('wcrm.list_cache_notify', true) = 'off' then
    return null;
  end if;` : ''}
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
 * The list cache's triggers send nothing in a transaction that turned them off
 * (`wcrm.list_cache_notify` = 'off', set locally by a quiet create: modules/tickets/ticket.repository.ts).
 * Its NOTIFY would take PostgreSQL's one notification-queue lock at the commit and hold it through
 * the commit's flush, so every create's commit waited for the one before (issue 32, bench/README.md).
 * Frozen SQL.
 */
export class Migration20261205000000ListCacheQuiet extends Migration {

  override name = 'Migration20261205000000ListCacheQuiet';

  override up(): void | Promise<void> {
    this.addSql(listCacheChanged(true));
  }

  override down(): void | Promise<void> {
    this.addSql(listCacheChanged(false));
  }
}
