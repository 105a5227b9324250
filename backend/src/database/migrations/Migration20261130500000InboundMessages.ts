import { Migration } from '@mikro-orm/migrations';

/**
 * Inbound e-mail and SMS (issue 29 part C): where an organization receives mail (its inbound
 * address, unique across organizations, and the sealed signing key of the inbound-mail webhook),
 * the files an inbound e-mail carried (a list on the message until the attachments table takes
 * them over), and a customer's SMS opt-out (STOP / START).
 */
export class Migration20261130500000InboundMessages extends Migration {

  override name = 'Migration20261130500000InboundMessages';

  override up(): void | Promise<void> {
    this.addSql(`create table "inbound_mailboxes" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "address" varchar(320) null, "signing_key" text null, "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`alter table "inbound_mailboxes" add constraint "inbound_mailboxes_organization_id_unique" unique ("organization_id");`);
    this.addSql(`create unique index "inbound_mailboxes_address_unique" on "inbound_mailboxes" ("address") where "address" is not null;`);
    this.addSql(`alter table "inbound_mailboxes" add constraint "inbound_mailboxes_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
    this.addSql(`alter table "ticket_messages" add column "attachments" jsonb not null default '[]';`);
    this.addSql(`alter table "customers" add column "sms_opted_out_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "customers" drop column "sms_opted_out_at";`);
    this.addSql(`alter table "ticket_messages" drop column "attachments";`);
    this.addSql(`drop table if exists "inbound_mailboxes" cascade;`);
  }
}
