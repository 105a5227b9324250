import { Migration } from '@mikro-orm/migrations';

/**
 * A ticket's conversation (issue 29): e-mails and SMS to and from the customer, and internal
 * comments. Message-IDs and provider ids are unique per organization where set, so a redelivered
 * inbound e-mail or SMS webhook lands once.
 */
export class Migration20261130000000Conversations extends Migration {

  override name = 'Migration20261130000000Conversations';

  override up(): void | Promise<void> {
    this.addSql(`create table "ticket_messages" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "ticket_id" uuid not null, "channel" varchar(10) not null, "direction" varchar(10) not null, "status" varchar(10) not null, "author_id" uuid null, "author_name" varchar(255) null, "from_address" varchar(320) null, "to_address" varchar(320) null, "subject" varchar(998) null, "body" text not null, "body_html" text null, "quoted" text null, "error" text null, "message_id" varchar(998) null, "in_reply_to" varchar(998) null, "provider_id" varchar(64) null, "attempts" int not null default 0, "created_at" timestamptz not null default now(), "sent_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "ticket_messages_organization_id_index" on "ticket_messages" ("organization_id");`);
    this.addSql(`create index "ticket_messages_ticket_created_index" on "ticket_messages" ("ticket_id", "created_at");`);
    this.addSql(`create unique index "ticket_messages_organization_message_id_unique" on "ticket_messages" ("organization_id", "message_id") where "message_id" is not null;`);
    this.addSql(`create unique index "ticket_messages_organization_provider_id_unique" on "ticket_messages" ("organization_id", "channel", "provider_id") where "provider_id" is not null;`);
    this.addSql(`alter table "ticket_messages" add constraint "ticket_messages_channel_check" check ("channel" in ('email', 'sms', 'comment'));`);
    this.addSql(`alter table "ticket_messages" add constraint "ticket_messages_direction_check" check ("direction" in ('inbound', 'outbound', 'internal'));`);
    this.addSql(`alter table "ticket_messages" add constraint "ticket_messages_status_check" check ("status" in ('queued', 'sent', 'failed', 'received', 'internal'));`);
    this.addSql(`alter table "ticket_messages" add constraint "ticket_messages_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
    this.addSql(`alter table "ticket_messages" add constraint "ticket_messages_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on delete cascade;`);
    this.addSql(`alter table "ticket_messages" add constraint "ticket_messages_author_id_foreign" foreign key ("author_id") references "users" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "ticket_messages" cascade;`);
  }
}
