import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000Initial extends Migration {

  override name = 'Migration20261122000000Initial';

  override up(): void | Promise<void> {
    // express-session's store (connect-pg-simple's table layout), kept beside the data it guards.
    this.addSql(`create table "session" ("sid" varchar not null, "sess" jsonb not null, "expire" timestamptz(6) not null, primary key ("sid"));`);
    this.addSql(`create index "session_expire_index" on "session" ("expire");`);
    this.addSql(`create index "session_user_index" on "session" ((("sess" -> 'passport' ->> 'user')));`);

    this.addSql(`create table "login_throttles" ("key" varchar(400) not null, "failures" int not null default 0, "window_started_at" timestamptz not null, "locked_until" timestamptz null, primary key ("key"));`);

    this.addSql(`create table "organizations" ("id" uuid not null default gen_random_uuid(), "name" varchar(255) not null, "twilio_subaccount_sid" varchar(100) null, "twilio_subaccount_auth_token" text null, "subaccount_origin" varchar(50) null, "imported_at" timestamptz null, "a2p_brand_id" varchar(100) null, "a2p_status" varchar(50) not null default 'not_started', "business_legal_name" varchar(255) null, "business_type" varchar(50) null, "ein_tax_id" varchar(50) null, "business_street" varchar(255) null, "business_city" varchar(255) null, "business_state" varchar(50) null, "business_zip" varchar(20) null, "business_country" varchar(2) not null default 'US', "business_website" varchar(255) null, "business_industry" varchar(255) null, "business_description" text null, "contact_first_name" varchar(255) null, "contact_last_name" varchar(255) null, "contact_email" varchar(255) null, "contact_phone" varchar(50) null, "stock_exchange" varchar(50) null, "stock_symbol" varchar(50) null, "ticket_counter" int not null default 0, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`alter table "organizations" add constraint "organizations_twilio_subaccount_sid_unique" unique ("twilio_subaccount_sid");`);

    this.addSql(`create table "customers" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "name" varchar(255) not null, "phone" varchar(50) null, "email" varchar(255) null, "street" varchar(255) null, "city" varchar(255) null, "state" varchar(50) null, "zip_code" varchar(20) null, "country" varchar(2) not null default 'US', "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "customers_organization_email_index" on "customers" ("organization_id", "email");`);
    this.addSql(`alter table "customers" add constraint "customers_organization_phone_unique" unique ("organization_id", "phone");`);

    this.addSql(`create table "brand_phone_numbers" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "brand" varchar(50) null, "phone_number" varchar(50) not null, "friendly_name" varchar(255) null, "twilio_phone_sid" varchar(100) null, "is_active" boolean not null default true, "greeting_type" varchar(50) not null default 'default', "greeting_text" text null, "greeting_audio_url" text null, "greeting_audio_filename" varchar(255) null, "tts_voice" varchar(50) not null default 'alice', "voicemail_max_length" int not null default 120, "enable_transcription" boolean not null default true, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "brand_phone_numbers_organization_id_index" on "brand_phone_numbers" ("organization_id");`);
    this.addSql(`alter table "brand_phone_numbers" add constraint "brand_phone_numbers_phone_number_unique" unique ("phone_number");`);

    this.addSql(`create table "products" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "brand" varchar(50) not null, "sku" varchar(100) not null, "product_name" varchar(255) not null, "sale_locations" text[] not null, "warranty_term" varchar(100) null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "products_organization_brand_index" on "products" ("organization_id", "brand");`);
    this.addSql(`alter table "products" add constraint "products_organization_brand_sku_unique" unique ("organization_id", "brand", "sku");`);

    this.addSql(`create table "system_settings" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "twilio_account_sid" varchar(100) null, "twilio_auth_token" text null, "twilio_phone_number" varchar(50) null, "retell_api_key" text null, "retell_agent_id" varchar(100) null, "smtp_host" varchar(255) null, "smtp_port" int null, "smtp_username" varchar(255) null, "smtp_password" text null, "smtp_from_email" varchar(255) null, "smtp_from_name" varchar(255) null, "brands" text[] not null default '{}', "ticket_brand" varchar(50) null, "ticket_fields_enabled" text[] not null default '{}', "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`alter table "system_settings" add constraint "system_settings_organization_id_unique" unique ("organization_id");`);

    this.addSql(`create table "tickets" ("id" uuid not null default gen_random_uuid(), "ticket_number" varchar(50) not null, "organization_id" uuid not null, "customer_id" uuid not null, "product_brand" varchar(50) null, "product_model" varchar(255) null, "product_sku" varchar(255) null, "serial_number" varchar(255) null, "order_number" varchar(255) null, "purchase_location" varchar(255) null, "purchase_date" date null, "issue_category" varchar(100) null, "issue_description" text not null, "issue_start_time" varchar(100) null, "troubleshooting_attempted" boolean not null default false, "troubleshooting_steps" text null, "preferred_resolution" varchar(100) null, "contact_method" varchar(50) null, "status" varchar(50) not null default 'Open', "priority" varchar(50) not null default 'Medium', "injury_reported" boolean not null default false, "property_damage" boolean not null default false, "purchase_verified" boolean not null default false, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "tickets_customer_id_index" on "tickets" ("customer_id");`);
    this.addSql(`create index "tickets_organization_created_index" on "tickets" ("organization_id", "created_at");`);
    this.addSql(`create index "tickets_organization_priority_index" on "tickets" ("organization_id", "priority");`);
    this.addSql(`create index "tickets_organization_brand_index" on "tickets" ("organization_id", "product_brand");`);
    this.addSql(`create index "tickets_organization_status_index" on "tickets" ("organization_id", "status");`);
    this.addSql(`alter table "tickets" add constraint "tickets_organization_number_unique" unique ("organization_id", "ticket_number");`);

    this.addSql(`create table "users" ("id" uuid not null default gen_random_uuid(), "username" varchar(255) not null, "password" varchar(255) not null, "email" varchar(255) null, "first_name" varchar(255) null, "last_name" varchar(255) null, "phone" varchar(50) null, "address" text null, "role" varchar(50) not null default 'agent', "organization_id" uuid not null, "is_account_owner" boolean not null default false, "must_change_password" boolean not null default false, "notification_email" varchar(255) null, "notification_phone" varchar(50) null, "created_at" timestamptz not null default now(), "last_login" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "users_organization_id_index" on "users" ("organization_id");`);
    this.addSql(`create unique index "users_username_lower_unique" on "users" (lower("username"));`);

    this.addSql(`create table "ticket_status_changes" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "ticket_id" uuid not null, "from_status" varchar(50) null, "to_status" varchar(50) not null, "changed_by_id" uuid null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "ticket_status_changes_organization_id_index" on "ticket_status_changes" ("organization_id");`);
    this.addSql(`create index "ticket_status_changes_ticket_created_index" on "ticket_status_changes" ("ticket_id", "created_at");`);

    this.addSql(`create table "notification_preferences" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "user_id" uuid not null, "event_type" varchar(100) not null, "in_app" boolean not null default true, "mobile_push" boolean not null default true, "browser" boolean not null default true, "sms" boolean not null default false, "email" boolean not null default true, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "notification_preferences_organization_id_index" on "notification_preferences" ("organization_id");`);
    this.addSql(`alter table "notification_preferences" add constraint "notification_preferences_user_event_unique" unique ("user_id", "event_type");`);

    this.addSql(`create table "notifications" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "user_id" uuid not null, "type" varchar(100) not null, "title" varchar(255) not null, "message" text not null, "metadata" jsonb null, "is_read" boolean not null default false, "is_followup" boolean not null default false, "related_entity_type" varchar(100) null, "related_entity_id" varchar(100) null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "notifications_organization_id_index" on "notifications" ("organization_id");`);
    this.addSql(`create index "notifications_user_read_created_index" on "notifications" ("user_id", "is_read", "created_at");`);

    this.addSql(`create table "call_logs" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "ticket_id" uuid null, "brand_phone_id" uuid null, "call_type" varchar(50) not null default 'voicemail', "call_sid" varchar(100) null, "retell_call_id" varchar(100) null, "recording_sid" varchar(100) null, "from_phone" varchar(50) null, "to_phone" varchar(50) null, "caller_name" varchar(255) null, "recording_url" text null, "recording_duration" int null, "transcription" text null, "brand" varchar(50) null, "is_read" boolean not null default false, "is_returned" boolean not null default false, "returned_at" timestamptz null, "returned_by_id" uuid null, "notes" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "call_logs_ticket_id_index" on "call_logs" ("ticket_id");`);
    this.addSql(`create index "call_logs_brand_phone_id_index" on "call_logs" ("brand_phone_id");`);
    this.addSql(`alter table "call_logs" add constraint "call_logs_call_sid_unique" unique ("call_sid");`);
    this.addSql(`alter table "call_logs" add constraint "call_logs_retell_call_id_unique" unique ("retell_call_id");`);
    this.addSql(`alter table "call_logs" add constraint "call_logs_recording_sid_unique" unique ("recording_sid");`);
    this.addSql(`create index "call_logs_organization_created_index" on "call_logs" ("organization_id", "created_at");`);

    this.addSql(`create table "webhooks" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "name" varchar(255) not null, "brand" varchar(50) not null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "webhooks_organization_id_index" on "webhooks" ("organization_id");`);

    this.addSql(`alter table "customers" add constraint "customers_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);

    this.addSql(`alter table "brand_phone_numbers" add constraint "brand_phone_numbers_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);

    this.addSql(`alter table "products" add constraint "products_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);

    this.addSql(`alter table "system_settings" add constraint "system_settings_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);

    this.addSql(`alter table "tickets" add constraint "tickets_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
    this.addSql(`alter table "tickets" add constraint "tickets_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete restrict;`);

    this.addSql(`alter table "users" add constraint "users_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);

    this.addSql(`alter table "ticket_status_changes" add constraint "ticket_status_changes_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
    this.addSql(`alter table "ticket_status_changes" add constraint "ticket_status_changes_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on delete cascade;`);
    this.addSql(`alter table "ticket_status_changes" add constraint "ticket_status_changes_changed_by_id_foreign" foreign key ("changed_by_id") references "users" ("id") on delete set null;`);

    this.addSql(`alter table "notification_preferences" add constraint "notification_preferences_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
    this.addSql(`alter table "notification_preferences" add constraint "notification_preferences_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "notifications" add constraint "notifications_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
    this.addSql(`alter table "notifications" add constraint "notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "call_logs" add constraint "call_logs_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
    this.addSql(`alter table "call_logs" add constraint "call_logs_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on delete set null;`);
    this.addSql(`alter table "call_logs" add constraint "call_logs_brand_phone_id_foreign" foreign key ("brand_phone_id") references "brand_phone_numbers" ("id") on delete set null;`);
    this.addSql(`alter table "call_logs" add constraint "call_logs_returned_by_id_foreign" foreign key ("returned_by_id") references "users" ("id") on delete set null;`);

    this.addSql(`alter table "webhooks" add constraint "webhooks_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
  }

}
