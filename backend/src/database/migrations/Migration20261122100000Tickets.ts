import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes for the ticket list and the dashboard at 100,000+ tickets per organization: the list's
 * status + brand filter ordered by creation (also an index-only count), and the status history
 * by organization and time (closed today, trends).
 */
export class Migration20261122100000Tickets extends Migration {

  override name = 'Migration20261122100000Tickets';

  override up(): void | Promise<void> {
    this.addSql(`create index "tickets_organization_status_brand_created_index" on "tickets" ("organization_id", "status", "product_brand", "created_at");`);
    this.addSql(`create index "ticket_status_changes_organization_created_index" on "ticket_status_changes" ("organization_id", "created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "tickets_organization_status_brand_created_index";`);
    this.addSql(`drop index if exists "ticket_status_changes_organization_created_index";`);
  }

}
