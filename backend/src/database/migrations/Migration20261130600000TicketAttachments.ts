import { Migration } from '@mikro-orm/migrations';

/**
 * Claim evidence (issue 30): files on tickets. The bytes live on storage (an upload the attachment
 * claimed); the type is the one detected from the bytes; an image gets a thumbnail.
 */
export class Migration20261130600000TicketAttachments extends Migration {

  override name = 'Migration20261130600000TicketAttachments';

  override up(): void | Promise<void> {
    this.addSql(`create table "ticket_attachments" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "ticket_id" uuid not null, "object_path" text not null, "file_name" varchar(255) not null, "content_type" varchar(100) not null, "size" int not null, "tag" varchar(20) not null, "thumbnail_path" text null, "uploaded_by_id" uuid null, "source" varchar(10) not null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "ticket_attachments_organization_id_index" on "ticket_attachments" ("organization_id");`);
    this.addSql(`alter table "ticket_attachments" add constraint "ticket_attachments_object_path_unique" unique ("object_path");`);
    this.addSql(`create index "ticket_attachments_ticket_created_index" on "ticket_attachments" ("ticket_id", "created_at");`);
    this.addSql(`alter table "ticket_attachments" add constraint "ticket_attachments_tag_check" check ("tag" in ('receipt', 'damage', 'serial_plate', 'other'));`);
    this.addSql(`alter table "ticket_attachments" add constraint "ticket_attachments_source_check" check ("source" in ('upload', 'email'));`);
    this.addSql(`alter table "ticket_attachments" add constraint "ticket_attachments_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
    this.addSql(`alter table "ticket_attachments" add constraint "ticket_attachments_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on delete cascade;`);
    this.addSql(`alter table "ticket_attachments" add constraint "ticket_attachments_uploaded_by_id_foreign" foreign key ("uploaded_by_id") references "users" ("id") on delete set null;`);
    // A row deleted by a cascade (its ticket deleted) unclaims its file and thumbnail: the storage clean-up removes them.
    this.addSql(`create or replace function "ticket_attachments_release_uploads"() returns trigger language plpgsql as $fn$
begin
  update "uploads" as u set "claimed_at" = null
    from old_rows as o
   where u."organization_id" = o."organization_id" and (u."object_path" = o."object_path" or u."object_path" = o."thumbnail_path");
  return null;
end
$fn$;`);
    this.addSql(`create trigger "ticket_attachments_release_uploads" after delete on "ticket_attachments" referencing old table as old_rows for each statement execute function "ticket_attachments_release_uploads"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "ticket_attachments" cascade;`);
    this.addSql(`drop function if exists "ticket_attachments_release_uploads"();`);
  }
}
