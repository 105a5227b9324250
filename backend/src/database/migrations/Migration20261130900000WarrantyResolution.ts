import { Migration } from '@mikro-orm/migrations';

/** The key of a ticket in the warranty rollups: its UTC creation day, brand, SKU, product (model) and issue category. */
const KEY = (r: string) =>
  `${r}.organization_id, (${r}.created_at at time zone 'UTC')::date, coalesce(${r}.product_brand, ''), coalesce(${r}.product_sku, ''), coalesce(${r}.product_model, ''), coalesce(${r}.issue_category, '')`;
const KEY_COLUMNS = `organization_id, day, brand, sku, product, category`;
/**
 * Concurrent writers add to different rows of the same key (as the ticket rollups do): the stripe is
 * the writing session's backend pid modulo 16, so two creates of the same product on the same day do
 * not wait for each other's commit. Readers sum over the stripes.
 */
const STRIPE = `(pg_backend_pid() % 16)::smallint`;
const ROW_COLUMNS = `${KEY_COLUMNS}, stripe`;

/** A claim row's contribution to the rollups, negated for the old rows. */
const CLAIM_PART = (rows: string, sign: string) =>
  `select ${KEY_COLUMNS}, ${sign}(decision = 'approved')::int as approved, ${sign}(decision = 'denied')::int as denied, ${sign}total_cost as cost, ` +
  `${sign}(resolved_at is not null)::int as resolved, ${sign}coalesce(extract(epoch from resolved_at - claimed_at), 0) as seconds, ` +
  `floor(extract(epoch from resolved_at - claimed_at) / 3600)::int as hours from ${rows}`;
const CLAIMS_APPLY = (source: string) => `    with d as (${source}), r as (
      insert into warranty_rollups (${ROW_COLUMNS}, approved, denied, cost, resolved, resolution_seconds)
        select ${KEY_COLUMNS}, ${STRIPE}, sum(approved), sum(denied), sum(cost), sum(resolved), sum(seconds) from d
        group by 1, 2, 3, 4, 5, 6, 7 having sum(abs(approved)) + sum(abs(denied)) + sum(abs(cost)) + sum(abs(resolved)) <> 0 order by 1, 2, 3, 4, 5, 6, 7
        on conflict (${ROW_COLUMNS}) do update set approved = warranty_rollups.approved + excluded.approved, denied = warranty_rollups.denied + excluded.denied,
          cost = warranty_rollups.cost + excluded.cost, resolved = warranty_rollups.resolved + excluded.resolved,
          resolution_seconds = warranty_rollups.resolution_seconds + excluded.resolution_seconds
        returning 1)
    insert into warranty_resolution_hours (organization_id, day, hours, n)
      select organization_id, day, hours, sum(resolved) from d where resolved <> 0 group by 1, 2, 3 having sum(resolved) <> 0 order by 1, 2, 3
      on conflict (organization_id, day, hours) do update set n = warranty_resolution_hours.n + excluded.n;`;

/** Claims: one per ticket, by the ticket's key. An edit of the key moves the ticket's claim and the decision's copy of the key. */
export const WARRANTY_TICKETS_FUNCTION_SQL_V1 = `create or replace function "warranty_rollups_tickets_apply"() returns trigger language plpgsql as $$
begin
  if TG_OP = 'INSERT' then
    insert into warranty_rollups (${ROW_COLUMNS}, claims)
      select ${KEY('n')}, ${STRIPE}, count(*) from new_rows n group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7
      on conflict (${ROW_COLUMNS}) do update set claims = warranty_rollups.claims + excluded.claims;
  elsif TG_OP = 'DELETE' then
    insert into warranty_rollups (${ROW_COLUMNS}, claims)
      select ${KEY('o')}, ${STRIPE}, -count(*) from old_rows o group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7
      on conflict (${ROW_COLUMNS}) do update set claims = warranty_rollups.claims + excluded.claims;
  else
    insert into warranty_rollups (${ROW_COLUMNS}, claims)
      select k.organization_id, k.day, k.brand, k.sku, k.product, k.category, ${STRIPE}, sum(k.delta) from (
        select ${KEY('o')}, -1 as delta from old_rows o join new_rows n on n.id = o.id where (${KEY('o')}) is distinct from (${KEY('n')})
        union all
        select ${KEY('n')}, 1 from old_rows o join new_rows n on n.id = o.id where (${KEY('o')}) is distinct from (${KEY('n')})
      ) k (${KEY_COLUMNS}, delta) group by 1, 2, 3, 4, 5, 6, 7 having sum(k.delta) <> 0 order by 1, 2, 3, 4, 5, 6, 7
      on conflict (${ROW_COLUMNS}) do update set claims = warranty_rollups.claims + excluded.claims;
    update warranty_claims c set day = (n.created_at at time zone 'UTC')::date, brand = coalesce(n.product_brand, ''), sku = coalesce(n.product_sku, ''),
        product = coalesce(n.product_model, ''), category = coalesce(n.issue_category, ''), claimed_at = n.created_at
      from new_rows n
      where c.ticket_id = n.id and (c.day, c.brand, c.sku, c.product, c.category, c.claimed_at) is distinct from
        ((n.created_at at time zone 'UTC')::date, coalesce(n.product_brand, ''), coalesce(n.product_sku, ''), coalesce(n.product_model, ''), coalesce(n.issue_category, ''), n.created_at);
  end if;
  return null;
end $$;`;

/**
 * Warranty resolution (issue 31): a claim's decision (warranty_claims, one row per decided ticket,
 * carrying its rollup key and its resolution's cost and end so the rollups follow from its own row),
 * the resolution record with its RMA number (a gapless counter per organization) and items, each
 * organization's denial reasons and templates, and the rollups of the Warranty analytics tab kept by
 * statement triggers on tickets (claims) and warranty_claims (decisions, cost, time to resolution).
 */
export class Migration20261130900000WarrantyResolution extends Migration {

  override name = 'Migration20261130900000WarrantyResolution';

  override up(): void | Promise<void> {
    this.addSql(`create table "warranty_settings" ("organization_id" uuid not null, "denial_reasons" text[] null, "approval_template" text null, "denial_template" text null, "updated_at" timestamptz not null default now(), primary key ("organization_id"));`);
    this.addSql(`alter table "warranty_settings" add constraint "warranty_settings_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`);

    this.addSql(`create table "warranty_claims" ("ticket_id" uuid not null, "organization_id" uuid not null, "decision" varchar(10) not null, "reason" varchar(200) null, "note" text null, "decided_by_id" uuid null, "decided_at" timestamptz not null default now(), "claimed_at" timestamptz not null, "day" date not null, "brand" varchar(50) not null default '', "sku" varchar(255) not null default '', "product" varchar(255) not null default '', "category" varchar(100) not null default '', "total_cost" numeric(14,2) not null default 0, "resolved_at" timestamptz null, primary key ("ticket_id"));`);
    this.addSql(`create index "warranty_claims_organization_id_index" on "warranty_claims" ("organization_id");`);
    this.addSql(`alter table "warranty_claims" add constraint "warranty_claims_decision_check" check ("decision" in ('approved', 'denied'));`);
    this.addSql(`alter table "warranty_claims" add constraint "warranty_claims_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "warranty_claims" add constraint "warranty_claims_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
    this.addSql(`alter table "warranty_claims" add constraint "warranty_claims_decided_by_id_foreign" foreign key ("decided_by_id") references "users" ("id") on delete set null;`);

    this.addSql(`create table "warranty_resolutions" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "ticket_id" uuid not null, "rma_seq" int not null, "rma_number" varchar(20) not null, "type" varchar(12) not null, "state" varchar(16) not null, "return_carrier" varchar(100) null, "return_tracking" varchar(100) null, "outbound_carrier" varchar(100) null, "outbound_tracking" varchar(100) null, "total_cost" numeric(14,2) not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "resolved_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "warranty_resolutions_organization_id_index" on "warranty_resolutions" ("organization_id");`);
    this.addSql(`alter table "warranty_resolutions" add constraint "warranty_resolutions_ticket_id_unique" unique ("ticket_id");`);
    this.addSql(`alter table "warranty_resolutions" add constraint "warranty_resolutions_organization_rma_unique" unique ("organization_id", "rma_seq");`);
    this.addSql(`alter table "warranty_resolutions" add constraint "warranty_resolutions_type_check" check ("type" in ('replacement', 'parts', 'repair', 'refund'));`);
    this.addSql(`alter table "warranty_resolutions" add constraint "warranty_resolutions_state_check" check ("state" in ('awaiting_return', 'received', 'shipped', 'delivered', 'refunded'));`);
    this.addSql(`alter table "warranty_resolutions" add constraint "warranty_resolutions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
    this.addSql(`alter table "warranty_resolutions" add constraint "warranty_resolutions_ticket_id_foreign" foreign key ("ticket_id") references "tickets" ("id") on delete cascade;`);

    this.addSql(`create table "warranty_resolution_items" ("id" uuid not null default gen_random_uuid(), "organization_id" uuid not null, "resolution_id" uuid not null, "position" int not null, "sku" varchar(100) not null, "description" varchar(500) not null default '', "quantity" int not null, "unit_cost" numeric(12,2) not null, primary key ("id"));`);
    this.addSql(`create index "warranty_resolution_items_organization_id_index" on "warranty_resolution_items" ("organization_id");`);
    this.addSql(`create index "warranty_resolution_items_resolution_id_index" on "warranty_resolution_items" ("resolution_id");`);
    this.addSql(`alter table "warranty_resolution_items" add constraint "warranty_resolution_items_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`);
    this.addSql(`alter table "warranty_resolution_items" add constraint "warranty_resolution_items_resolution_id_foreign" foreign key ("resolution_id") references "warranty_resolutions" ("id") on delete cascade;`);

    this.addSql(`create table "rma_counters" ("organization_id" uuid not null references "organizations" ("id") on delete cascade, "n" int not null default 0, primary key ("organization_id"));`);

    this.addSql(`create table "warranty_rollups" ("organization_id" uuid not null references "organizations" ("id") on delete cascade, "day" date not null, "brand" varchar(50) not null, "sku" varchar(255) not null, "product" varchar(255) not null, "category" varchar(100) not null, "claims" int not null default 0, "approved" int not null default 0, "denied" int not null default 0, "cost" numeric(16,2) not null default 0, "resolved" int not null default 0, "resolution_seconds" double precision not null default 0, "stripe" smallint not null default 0, primary key (${ROW_COLUMNS}));`);
    this.addSql(`create table "warranty_resolution_hours" ("organization_id" uuid not null references "organizations" ("id") on delete cascade, "day" date not null, "hours" int not null, "n" int not null default 0, primary key ("organization_id", "day", "hours"));`);

    this.addSql(WARRANTY_TICKETS_FUNCTION_SQL_V1);
    // Decisions, cost and time to resolution: a claim row's contribution, taken out for its old row and added for its new one.
    this.addSql(`create or replace function "warranty_rollups_claims_apply"() returns trigger language plpgsql as $$
begin
  if TG_OP = 'INSERT' then
${CLAIMS_APPLY(`${CLAIM_PART('new_rows', '')}`)}
  elsif TG_OP = 'DELETE' then
${CLAIMS_APPLY(`${CLAIM_PART('old_rows', '-')}`)}
  else
${CLAIMS_APPLY(`${CLAIM_PART('old_rows', '-')} union all ${CLAIM_PART('new_rows', '')}`)}
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger "tickets_warranty_rollups_insert" after insert on "tickets" referencing new table as new_rows for each statement execute function "warranty_rollups_tickets_apply"();`);
    this.addSql(`create trigger "tickets_warranty_rollups_update" after update on "tickets" referencing old table as old_rows new table as new_rows for each statement execute function "warranty_rollups_tickets_apply"();`);
    this.addSql(`create trigger "tickets_warranty_rollups_delete" after delete on "tickets" referencing old table as old_rows for each statement execute function "warranty_rollups_tickets_apply"();`);
    this.addSql(`create trigger "warranty_claims_rollups_insert" after insert on "warranty_claims" referencing new table as new_rows for each statement execute function "warranty_rollups_claims_apply"();`);
    this.addSql(`create trigger "warranty_claims_rollups_update" after update on "warranty_claims" referencing old table as old_rows new table as new_rows for each statement execute function "warranty_rollups_claims_apply"();`);
    this.addSql(`create trigger "warranty_claims_rollups_delete" after delete on "warranty_claims" referencing old table as old_rows for each statement execute function "warranty_rollups_claims_apply"();`);
    // The existing tickets count as claims.
    this.addSql(`insert into warranty_rollups (${KEY_COLUMNS}, claims) select ${KEY('t')}, count(*) from tickets t group by 1, 2, 3, 4, 5, 6;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "tickets_warranty_rollups_insert" on "tickets";`);
    this.addSql(`drop trigger if exists "tickets_warranty_rollups_update" on "tickets";`);
    this.addSql(`drop trigger if exists "tickets_warranty_rollups_delete" on "tickets";`);
    this.addSql(`drop table if exists "warranty_resolution_hours", "warranty_rollups", "rma_counters", "warranty_resolution_items", "warranty_resolutions", "warranty_claims", "warranty_settings" cascade;`);
    this.addSql(`drop function if exists "warranty_rollups_claims_apply"();`);
    this.addSql(`drop function if exists "warranty_rollups_tickets_apply"();`);
  }
}
