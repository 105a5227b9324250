import { Migration } from '@mikro-orm/migrations';

/** Ticket numbers by prefix for the global search (a query shaped like a ticket number, "WC-0012"). */
export class Migration20261126000000TicketNumberPrefix extends Migration {
  override name = 'Migration20261126000000TicketNumberPrefix';

  override up(): void {
    this.addSql('create index "tickets_organization_number_prefix_index" on "tickets" ("organization_id", "ticket_number" text_pattern_ops);');
  }

  override down(): void {
    this.addSql('drop index if exists "tickets_organization_number_prefix_index";');
  }
}
