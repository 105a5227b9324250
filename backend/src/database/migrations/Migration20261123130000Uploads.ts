import { Migration } from '@mikro-orm/migrations';

/** Uploads issued to organizations, so files no setting claimed can be found and removed. */
export class Migration20261123130000Uploads extends Migration {

  override name = 'Migration20261123130000Uploads';

  override up(): void | Promise<void> {
    this.addSql(`create table "uploads" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "object_path" text not null, "purpose" varchar(50) not null, "file_name" varchar(255) not null, "content_type" varchar(100) not null, "size" int not null, "created_at" timestamptz not null default now(), "claimed_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "uploads_organization_id_index" on "uploads" ("organization_id");`);
    this.addSql(`alter table "uploads" add constraint "uploads_object_path_unique" unique ("object_path");`);
    this.addSql(`create index "uploads_claimed_at_created_at_index" on "uploads" ("claimed_at", "created_at");`);
    this.addSql(`alter table "uploads" add constraint "uploads_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "uploads" cascade;`);
  }

}
