import { Migration } from '@mikro-orm/migrations';

/**
 * Merging duplicate claims (issue 30): a merged ticket names the ticket it was merged into
 * (cleared if that one is deleted), with a partial index over the few merged tickets.
 */
export class Migration20261130700000TicketMerges extends Migration {

  override name = 'Migration20261130700000TicketMerges';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tickets" add column "merged_into_id" uuid null;`);
    this.addSql(`alter table "tickets" add constraint "tickets_merged_into_id_foreign" foreign key ("merged_into_id") references "tickets" ("id") on delete set null;`);
    this.addSql(`create index "tickets_merged_into_index" on "tickets" ("merged_into_id") where "merged_into_id" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "tickets_merged_into_index";`);
    this.addSql(`alter table "tickets" drop constraint if exists "tickets_merged_into_id_foreign";`);
    this.addSql(`alter table "tickets" drop column if exists "merged_into_id";`);
  }
}
