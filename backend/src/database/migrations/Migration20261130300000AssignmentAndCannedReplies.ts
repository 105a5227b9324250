import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 29 part A: a ticket's assignee (a user of the organization, or none; set null when the user
 * is removed) with the index the list's "Assigned to me" / "Unassigned" filters and their counts
 * read (one range per assignee, or of the unassigned, in the list's (created_at, id) order); the
 * organization's round-robin of new tickets (one row: on/off, the agents, a counter each pick adds
 * one to in a single statement); and its canned replies.
 */
export class Migration20261130300000AssignmentAndCannedReplies extends Migration {

  override name = 'Migration20261130300000AssignmentAndCannedReplies';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tickets" add column "assignee_id" uuid null;`);
    this.addSql(`alter table "tickets" add constraint "tickets_assignee_id_foreign" foreign key ("assignee_id") references "users" ("id") on delete set null;`);
    this.addSql(`create index "tickets_org_assignee_created_index" on "tickets" ("organization_id", "assignee_id", "created_at", "id");`);

    this.addSql(`create table "ticket_assignment_rotations" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "enabled" boolean not null default false, "agent_ids" uuid[] not null default '{}', "counter" bigint not null default 0, "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`alter table "ticket_assignment_rotations" add constraint "ticket_assignment_rotations_organization_id_unique" unique ("organization_id");`);
    this.addSql(`alter table "ticket_assignment_rotations" add constraint "ticket_assignment_rotations_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);

    this.addSql(`create table "canned_replies" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "name" varchar(100) not null, "body" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), primary key ("id"));`);
    this.addSql(`alter table "canned_replies" add constraint "canned_replies_organization_name_unique" unique ("organization_id", "name");`);
    this.addSql(`alter table "canned_replies" add constraint "canned_replies_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "canned_replies" cascade;`);
    this.addSql(`drop table if exists "ticket_assignment_rotations" cascade;`);
    this.addSql(`drop index if exists "tickets_org_assignee_created_index";`);
    this.addSql(`alter table "tickets" drop constraint if exists "tickets_assignee_id_foreign";`);
    this.addSql(`alter table "tickets" drop column if exists "assignee_id";`);
  }
}
