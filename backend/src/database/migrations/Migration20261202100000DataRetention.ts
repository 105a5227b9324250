import { Migration } from '@mikro-orm/migrations';

/**
 * Retention and the recording notice (issue 35): one retention policy per organization (three
 * periods in days, what happens to closed tickets, whether the scheduled task applies it, when the
 * last dry run and run were), the tickets a policy anonymised, and the recording notice's settings.
 */
export class Migration20261202100000DataRetention extends Migration {

  override name = 'Migration20261202100000DataRetention';

  override up(): void | Promise<void> {
    this.addSql(`create table "retention_policies" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "recordings_days" int null, "attachments_days" int null, "closed_tickets_days" int null, "closed_tickets_action" varchar(20) not null default 'anonymise', "enabled" boolean not null default false, "dry_run_at" timestamptz null, "run_claimed_at" timestamptz null, "last_run_at" timestamptz null, "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`alter table "retention_policies" add constraint "retention_policies_organization_id_unique" unique ("organization_id");`);
    this.addSql(`alter table "retention_policies" add constraint "retention_policies_closed_tickets_action_check" check ("closed_tickets_action" in ('anonymise', 'delete'));`);
    this.addSql(`alter table "retention_policies" add constraint "retention_policies_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
    this.addSql(`alter table "tickets" add column "anonymized_at" timestamptz null;`);
    this.addSql(`alter table "system_settings" add column "recording_notice_enabled" boolean not null default false, add column "recording_notice_text" varchar(300) null, add column "retell_notice_applied" varchar(300) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "system_settings" drop column if exists "recording_notice_enabled", drop column if exists "recording_notice_text", drop column if exists "retell_notice_applied";`);
    this.addSql(`alter table "tickets" drop column if exists "anonymized_at";`);
    this.addSql(`drop table if exists "retention_policies" cascade;`);
  }
}
