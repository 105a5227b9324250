import { Migration } from '@mikro-orm/migrations';

/**
 * Notifications delivery: the outcome of each (user, event, channel) job, the browsers' Web Push
 * subscriptions, and the VAPID key pair of the installation (made once, kept; private key sealed).
 */
export class Migration20261123150000Notifications extends Migration {

  override name = 'Migration20261123150000Notifications';

  override up(): void | Promise<void> {
    this.addSql(`create table "notification_deliveries" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "user_id" uuid not null, "event_type" varchar(100) not null, "source_key" varchar(255) not null, "channel" varchar(20) not null, "status" varchar(20) not null, "detail" text null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "notification_deliveries_organization_id_index" on "notification_deliveries" ("organization_id");`);
    this.addSql(`create index "notification_deliveries_user_created_index" on "notification_deliveries" ("user_id", "created_at");`);
    this.addSql(`alter table "notification_deliveries" add constraint "notification_deliveries_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
    this.addSql(`alter table "notification_deliveries" add constraint "notification_deliveries_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`create table "push_subscriptions" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "user_id" uuid not null, "endpoint" text not null, "p256dh" varchar(255) not null, "auth" varchar(255) not null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "push_subscriptions_organization_id_index" on "push_subscriptions" ("organization_id");`);
    this.addSql(`create index "push_subscriptions_user_id_index" on "push_subscriptions" ("user_id");`);
    this.addSql(`alter table "push_subscriptions" add constraint "push_subscriptions_endpoint_unique" unique ("endpoint");`);
    this.addSql(`alter table "push_subscriptions" add constraint "push_subscriptions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
    this.addSql(`alter table "push_subscriptions" add constraint "push_subscriptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`create table "vapid_keys" ("id" smallint not null default 1, "public_key" text not null, "private_key" text not null, "created_at" timestamptz not null default now(), constraint "vapid_keys_pkey" primary key ("id"), constraint "vapid_keys_single_row" check ("id" = 1));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "vapid_keys";`);
    this.addSql(`drop table if exists "push_subscriptions";`);
    this.addSql(`drop table if exists "notification_deliveries";`);
  }

}
