import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 17, the customer's confirmation e-mail and the ticket's activity trail: how a ticket
 * arrived, its confirmation's outcome, and the activity no other table keeps (notes, description
 * edits, priority changes, purchase verification, the confirmation). Nullable columns without a
 * default: adding them rewrites no ticket.
 */
export class Migration20261125010000ConfirmationActivity extends Migration {

  override name = 'Migration20261125010000ConfirmationActivity';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tickets" add column "source" varchar(20) null, add column "confirmation_status" varchar(20) null, add column "confirmation_email" varchar(255) null, add column "confirmation_sent_at" timestamptz null, add column "confirmation_error" text null;`);

    this.addSql(`create table "ticket_activities" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "ticket_id" uuid not null, "kind" varchar(30) not null, "actor_id" uuid null, "detail" jsonb not null, "created_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`create index "ticket_activities_organization_id_index" on "ticket_activities" ("organization_id");`);
    this.addSql(`create index "ticket_activities_ticket_created_index" on "ticket_activities" ("ticket_id", "created_at");`);
    this.addSql(`alter table "ticket_activities" add constraint "ticket_activities_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
    this.addSql(`alter table "ticket_activities" add constraint "ticket_activities_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on delete cascade;`);
    this.addSql(`alter table "ticket_activities" add constraint "ticket_activities_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "ticket_activities" cascade;`);
    this.addSql(`alter table "tickets" drop column "source", drop column "confirmation_status", drop column "confirmation_email", drop column "confirmation_sent_at", drop column "confirmation_error";`);
  }

}
