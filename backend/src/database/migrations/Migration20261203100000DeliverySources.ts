import { Migration } from '@mikro-orm/migrations';

/**
 * Whether a delivery has an outcome already, by its source, channel and recipient (issue 33): every
 * batch of e-mails asks it before sending. Through the recipients' index (user, created) it read every
 * delivery the recipients ever had (100 ms a batch, a third of PostgreSQL's time through the bench's
 * drain, and growing with the organization's history); this one reads a few entries a delivery.
 * Frozen SQL.
 */
export class Migration20261203100000DeliverySources extends Migration {

  override name = 'Migration20261203100000DeliverySources';

  override up(): void | Promise<void> {
    this.addSql(`create index "notification_deliveries_source_index" on "notification_deliveries" ("source_key", "channel", "user_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "notification_deliveries_source_index";`);
  }

}
