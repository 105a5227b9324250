import { Migration } from '@mikro-orm/migrations';

/**
 * Receipts of the durable queue's jobs: a job writes its key here in the same transaction as its
 * effects, so a job delivered again (after a crash between commit and acknowledgement) acts once.
 * The queue's own tables live in the graphile_worker schema, installed by its library (migrate.ts).
 */
export class Migration20261123000000Jobs extends Migration {

  override name = 'Migration20261123000000Jobs';

  override up(): void | Promise<void> {
    this.addSql(`create table "job_receipts" ("key" text not null, "organization_id" uuid not null, "task" text not null, "created_at" timestamptz not null default now(), constraint "job_receipts_pkey" primary key ("key"));`);
    this.addSql(`create index "job_receipts_organization_created_index" on "job_receipts" ("organization_id", "created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "job_receipts";`);
  }

}
