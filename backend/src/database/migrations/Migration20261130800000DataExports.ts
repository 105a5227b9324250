import { Migration } from '@mikro-orm/migrations';

/**
 * Data exports (issue 30): one row per export a user asked for, its progress, and its CSV file's
 * storage key until it expires.
 */
export class Migration20261130800000DataExports extends Migration {

  override name = 'Migration20261130800000DataExports';

  override up(): void | Promise<void> {
    this.addSql(`create table "data_exports" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "requested_by_id" uuid null, "kind" varchar(20) not null, "filter" jsonb not null, "status" varchar(10) not null default 'queued', "total_rows" int null, "rows_done" int not null default 0, "file_key" varchar(500) null, "file_name" varchar(255) null, "file_size" bigint null, "error" text null, "created_at" timestamptz not null default now(), "finished_at" timestamptz null, "expires_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "data_exports_organization_id_index" on "data_exports" ("organization_id");`);
    this.addSql(`create index "data_exports_organization_user_created_index" on "data_exports" ("organization_id", "requested_by_id", "created_at");`);
    this.addSql(`create index "data_exports_expires_index" on "data_exports" ("expires_at") where "status" = 'ready';`);
    this.addSql(`alter table "data_exports" add constraint "data_exports_kind_check" check ("kind" in ('tickets', 'customers'));`);
    this.addSql(`alter table "data_exports" add constraint "data_exports_status_check" check ("status" in ('queued', 'running', 'ready', 'failed', 'expired'));`);
    this.addSql(`alter table "data_exports" add constraint "data_exports_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
    this.addSql(`alter table "data_exports" add constraint "data_exports_requested_by_id_foreign" foreign key ("requested_by_id") references "users" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "data_exports" cascade;`);
  }
}
