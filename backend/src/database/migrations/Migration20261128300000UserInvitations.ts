import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 26: an invited user's e-mail goes out as a durable job; this row holds what it sends
 * (the temporary password sealed until the job settles) and its outcome for the owner.
 */
export class Migration20261128300000UserInvitations extends Migration {

  override name = 'Migration20261128300000UserInvitations';

  override up(): void | Promise<void> {
    this.addSql(`create table "user_invitations" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "user_id" uuid not null, "email" varchar(255) not null, "status" varchar(20) not null default 'queued', "sealed_password" text null, "message_id" varchar(255) not null, "sent_at" timestamptz null, "error" text null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "user_invitations_organization_id_index" on "user_invitations" ("organization_id");`);
    this.addSql(`alter table "user_invitations" add constraint "user_invitations_user_id_unique" unique ("user_id");`);
    this.addSql(`alter table "user_invitations" add constraint "user_invitations_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
    this.addSql(`alter table "user_invitations" add constraint "user_invitations_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "user_invitations" cascade;`);
  }

}
