import { Migration } from '@mikro-orm/migrations';

/**
 * Roles and the audit log (issue 28). users.role takes three values: account owners become
 * 'owner', everyone else 'agent' (the role an invited user gets); a check keeps it to the three.
 * audit_log keeps, per organization, who changed what and from where; rows are only ever inserted
 * (they go when their organization goes).
 */
export class Migration20261129900000RolesAndAuditLog extends Migration {

  override name = 'Migration20261129900000RolesAndAuditLog';

  override up(): void | Promise<void> {
    this.addSql(`update "users" set "role" = case when "is_account_owner" then 'owner' else 'agent' end;`);
    this.addSql(`alter table "users" alter column "role" set default 'agent';`);
    this.addSql(`alter table "users" add constraint "users_role_check" check ("role" in ('owner', 'admin', 'agent'));`);
    this.addSql(`create table "audit_log" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "actor_id" uuid null, "actor_username" varchar(255) null, "kind" varchar(40) not null, "subject" varchar(255) null, "changes" jsonb not null, "ip" varchar(64) null, "user_agent" varchar(500) null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "audit_log_organization_created_index" on "audit_log" ("organization_id", "created_at");`);
    this.addSql(`create index "audit_log_organization_actor_index" on "audit_log" ("organization_id", "actor_id", "created_at");`);
    this.addSql(`create index "audit_log_organization_kind_index" on "audit_log" ("organization_id", "kind", "created_at");`);
    this.addSql(`alter table "audit_log" add constraint "audit_log_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "audit_log" cascade;`);
    this.addSql(`alter table "users" drop constraint if exists "users_role_check";`);
  }
}
