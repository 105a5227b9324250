import { Migration } from '@mikro-orm/migrations';
import {
  REBUILD_ROLLUPS_SQL_V1 as REBUILD_ROLLUPS_SQL,
  ROLLUP_FUNCTIONS_SQL_V1 as ROLLUP_FUNCTIONS_SQL,
  STATUS_CHANGES_TRIGGERS_V1 as STATUS_CHANGES_TRIGGERS,
  TICKET_LIST_INDEXES_V1 as TICKET_LIST_INDEXES,
  TICKETS_TRIGGERS_V1 as TICKETS_TRIGGERS,
} from './frozen/ticket-rollups-v1.js';

/**
 * Rollups of the tickets for the dashboard, the analytics and the list's totals, kept current by
 * triggers in the same transaction as every write to tickets and their status history (the ORM,
 * the bulk statements and raw SQL alike), plus the list's indexes for every filter × sort of the
 * screen. See backend/src/modules/ticket-analytics/rollups/README.md.
 *
 * - ticket_rollups: per organization × UTC creation day × status × brand × priority, the number of
 *   tickets and the sums (and counts) of their first-response and resolution durations.
 * - ticket_totals: the same counts without the day (at most statuses × brands × priorities rows per
 *   organization), for the dashboard's counts and the list's totals without a date filter.
 * - ticket_status_flow: per organization × UTC day × status, tickets entering (+1) and leaving (-1)
 *   the status according to the history: the sum up to an instant is the count in that status then.
 * - tickets.first_response_at / resolved_at: the first change away from Open and the first change to
 *   Closed or Resolved, maintained from ticket_status_changes, so a ticket's whole contribution to
 *   ticket_rollups is a function of its own row.
 */
export class Migration20261123100000TicketRollups extends Migration {

  override name = 'Migration20261123100000TicketRollups';

  override up(): void | Promise<void> {
    this.addSql(`alter table "tickets" add column "first_response_at" timestamptz null, add column "resolved_at" timestamptz null;`);

    this.addSql(`create table "ticket_rollups" (
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "day" date not null,
      "status" varchar(50) not null,
      "product_brand" varchar(50) null,
      "priority" varchar(50) not null,
      "tickets" int not null default 0,
      "first_response_n" int not null default 0,
      "first_response_seconds" numeric not null default 0,
      "resolution_n" int not null default 0,
      "resolution_seconds" numeric not null default 0);`);
    this.addSql(`create unique index "ticket_rollups_key" on "ticket_rollups" ("organization_id", "day", "status", "product_brand", "priority") nulls not distinct;`);

    this.addSql(`create table "ticket_totals" (
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "status" varchar(50) not null,
      "product_brand" varchar(50) null,
      "priority" varchar(50) not null,
      "tickets" int not null default 0,
      "first_response_n" int not null default 0,
      "first_response_seconds" numeric not null default 0,
      "resolution_n" int not null default 0,
      "resolution_seconds" numeric not null default 0);`);
    this.addSql(`create unique index "ticket_totals_key" on "ticket_totals" ("organization_id", "status", "product_brand", "priority") nulls not distinct;`);

    this.addSql(`create table "ticket_status_flow" (
      "organization_id" uuid not null references "organizations" ("id") on delete cascade,
      "day" date not null,
      "status" varchar(50) not null,
      "delta" int not null default 0,
      constraint "ticket_status_flow_pkey" primary key ("organization_id", "day", "status"));`);

    // The list: one index per filter (status, brand, priority, and their pairs) ending in the sort
    // key (created_at, id), so each filter × sort of the screen reads pages in index order.
    this.addSql(`drop index if exists "tickets_organization_status_index";`);
    this.addSql(`drop index if exists "tickets_organization_brand_index";`);
    this.addSql(`drop index if exists "tickets_organization_priority_index";`);
    this.addSql(`drop index if exists "tickets_organization_created_index";`);
    this.addSql(`drop index if exists "tickets_organization_status_brand_created_index";`);
    for (const sql of TICKET_LIST_INDEXES) this.addSql(`${sql};`);
    this.addSql(`drop index if exists "ticket_status_changes_organization_created_index";`);
    this.addSql(`create index "ticket_status_changes_organization_created_index" on "ticket_status_changes" ("organization_id", "created_at") include ("from_status", "to_status");`);
    this.addSql(`create index "ticket_status_changes_closures_index" on "ticket_status_changes" ("organization_id", "created_at") include ("ticket_id") where "to_status" in ('Closed', 'Resolved');`);

    this.addSql(ROLLUP_FUNCTIONS_SQL);
    for (const trigger of [...TICKETS_TRIGGERS, ...STATUS_CHANGES_TRIGGERS]) this.addSql(`${trigger.expression};`);
    // Existing data: first/resolution instants from the history, then the rollups from a scan.
    this.addSql(REBUILD_ROLLUPS_SQL);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "tickets_rollups_insert" on "tickets";`);
    this.addSql(`drop trigger if exists "tickets_rollups_update" on "tickets";`);
    this.addSql(`drop trigger if exists "tickets_rollups_delete" on "tickets";`);
    this.addSql(`drop trigger if exists "ticket_status_changes_rollups_insert" on "ticket_status_changes";`);
    this.addSql(`drop trigger if exists "ticket_status_changes_rollups_update" on "ticket_status_changes";`);
    this.addSql(`drop trigger if exists "ticket_status_changes_rollups_delete" on "ticket_status_changes";`);
    this.addSql(`drop function if exists "ticket_rollups_apply"();`);
    this.addSql(`drop function if exists "ticket_status_flow_apply"();`);
    this.addSql(`drop table if exists "ticket_rollups";`);
    this.addSql(`drop table if exists "ticket_status_flow";`);
    this.addSql(`drop table if exists "ticket_totals";`);
    this.addSql(`drop index if exists "ticket_status_changes_closures_index";`);
    this.addSql(`alter table "tickets" drop column "first_response_at", drop column "resolved_at";`);
  }

}
