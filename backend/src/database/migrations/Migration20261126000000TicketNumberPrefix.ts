import { Migration } from '@mikro-orm/migrations';
import { TICKET_NUMBER_PREFIX_INDEX_V1 as TICKET_NUMBER_PREFIX_INDEX } from './frozen/search-indexes-v1.js';

/** Ticket numbers by prefix for the global search (a query shaped like a ticket number, "WC-0012"). */
export class Migration20261126000000TicketNumberPrefix extends Migration {
  override name = 'Migration20261126000000TicketNumberPrefix';

  override up(): void {
    this.addSql(TICKET_NUMBER_PREFIX_INDEX.create);
  }

  override down(): void {
    this.addSql(`drop index if exists "${TICKET_NUMBER_PREFIX_INDEX.name}";`);
  }
}
