import { Migration } from '@mikro-orm/migrations';
import { TICKET_LIST_CACHE_FUNCTION_SQL_V1 } from './Migration20261204100000TicketListCache.js';

/** The first statement of the function: a quiet create announces its organization after its commit (TicketsService.create). */
const QUIET_CHECK = `
  if current_setting('wcrm.list_cache_notify', true) = 'off' then
    return null;
  end if;`;

/** TICKET_LIST_CACHE_FUNCTION_SQL_V1 with QUIET_CHECK first. */
function withQuietCheck(sql: string): string {
  const begin = sql.indexOf('\nbegin');
  if (begin < 0) throw new Error('ListCacheQuiet: no begin in the frozen function');
  const at = begin + '\nbegin'.length;
  return `${sql.slice(0, at)}${QUIET_CHECK}${sql.slice(at)}`;
}

/**
 * The list cache's triggers send nothing in a transaction that turned them off
 * (`wcrm.list_cache_notify` = 'off', set locally by a quiet create: modules/tickets/ticket.repository.ts).
 * Its NOTIFY would take PostgreSQL's one notification-queue lock at the commit and hold it through
 * the commit's flush, so every create's commit waited for the one before (issue 32, bench/README.md).
 * Frozen SQL, built from the function as Migration20261204100000TicketListCache made it.
 */
export class Migration20261205000000ListCacheQuiet extends Migration {

  override name = 'Migration20261205000000ListCacheQuiet';

  override up(): void | Promise<void> {
    this.addSql(withQuietCheck(TICKET_LIST_CACHE_FUNCTION_SQL_V1));
  }

  override down(): void | Promise<void> {
    this.addSql(TICKET_LIST_CACHE_FUNCTION_SQL_V1);
  }
}
