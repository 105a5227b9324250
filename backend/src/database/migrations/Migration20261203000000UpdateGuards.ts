import { Migration } from '@mikro-orm/migrations';
import {
  ASSIGNEE_TOTALS_FUNCTION_SQL_V1,
  ASSIGNEE_TOTALS_FUNCTION_SQL_V2,
  ROLLUP_FUNCTIONS_SQL_V3,
  ROLLUP_FUNCTIONS_SQL_V4,
  WARRANTY_TICKETS_FUNCTION_SQL_V1,
  WARRANTY_TICKETS_FUNCTION_SQL_V2,
} from './frozen/update-guards-v1.js';

/**
 * The rollups' statement triggers skip what changes none of their counts (issue 32, creates with their
 * handlers). Every UPDATE of tickets ran the three tickets triggers' upserts in full, a ticket's
 * confirmation status or a note as much as a status change, and every create ran them twice: its
 * first history row's trigger updated the ticket's first-response instant with an UPDATE that matched
 * no row, and a statement trigger runs for that too. Now each function's UPDATE branch returns when no
 * row changed a column it counts, and the history's trigger updates the instants only when a new row
 * can set one (frozen/update-guards-v1.ts). The counts are the same (test/ticket-rollups.spec.ts).
 */
export class Migration20261203000000UpdateGuards extends Migration {

  override name = 'Migration20261203000000UpdateGuards';

  override up(): void | Promise<void> {
    this.addSql(ROLLUP_FUNCTIONS_SQL_V4);
    this.addSql(ASSIGNEE_TOTALS_FUNCTION_SQL_V2);
    this.addSql(WARRANTY_TICKETS_FUNCTION_SQL_V2);
  }

  override down(): void | Promise<void> {
    this.addSql(ROLLUP_FUNCTIONS_SQL_V3);
    this.addSql(ASSIGNEE_TOTALS_FUNCTION_SQL_V1);
    this.addSql(WARRANTY_TICKETS_FUNCTION_SQL_V1);
  }

}
