import { Migration } from '@mikro-orm/migrations';

/*
 * Frozen SQL: the texts below are copies, not imports of live module code.
 */
const KEY_COLUMNS = `organization_id, brand, sku, product, category`;
const SUMS = `claims, approved, denied, cost, resolved, resolution_seconds`;
/** The first day of a date's month, without a time zone (date_trunc on a date goes through timestamptz). */
const MONTH_OF = (day: string) => `(${day} - extract(day from ${day})::int + 1)`;
/** Rows of warranty_rollups (a transition table) as signed monthly contributions. */
const PART = (rows: string, sign: string) =>
  `select ${KEY_COLUMNS}, ${MONTH_OF('day')} as month, stripe, ${sign}claims as claims, ${sign}approved as approved, ${sign}denied as denied, ` +
  `${sign}cost as cost, ${sign}resolved as resolved, ${sign}resolution_seconds as resolution_seconds from ${rows}`;
const APPLY = (source: string) => `    insert into warranty_rollups_monthly (${KEY_COLUMNS}, month, stripe, ${SUMS})
      select ${KEY_COLUMNS}, month, stripe, sum(claims), sum(approved), sum(denied), sum(cost), sum(resolved), sum(resolution_seconds) from (${source}) d
      group by 1, 2, 3, 4, 5, 6, 7 having sum(abs(claims)) + sum(abs(approved)) + sum(abs(denied)) + sum(abs(cost)) + sum(abs(resolved)) + sum(abs(resolution_seconds)) <> 0
      order by 1, 2, 3, 4, 5, 6, 7
      on conflict (${KEY_COLUMNS}, month, stripe) do update set claims = warranty_rollups_monthly.claims + excluded.claims,
        approved = warranty_rollups_monthly.approved + excluded.approved, denied = warranty_rollups_monthly.denied + excluded.denied,
        cost = warranty_rollups_monthly.cost + excluded.cost, resolved = warranty_rollups_monthly.resolved + excluded.resolved,
        resolution_seconds = warranty_rollups_monthly.resolution_seconds + excluded.resolution_seconds;`;

/**
 * Warranty analytics at 1,000,000 tickets (issue 31): the daily rollups by month. A year of
 * warranty_rollups is 365 × products × categories rows (5,490 in the bench for 15 keys); the
 * period's whole months now come from warranty_rollups_monthly (12 × keys) and only its partial
 * first month from the daily rows. Kept by statement triggers on warranty_rollups itself, so every
 * writer of the daily rows (the tickets' and the claims' triggers, a rebuild) keeps the months too;
 * a daily row's stripe is kept (the same session wrote it), so concurrent writers still add to
 * different rows. Backfilled from the daily rows.
 */
export class Migration20261202610000WarrantyRollupsMonthly extends Migration {

  override name = 'Migration20261202610000WarrantyRollupsMonthly';

  override up(): void | Promise<void> {
    this.addSql(`create table "warranty_rollups_monthly" ("organization_id" uuid not null references "organizations" ("id") on delete cascade, "month" date not null, "brand" varchar(50) not null, "sku" varchar(255) not null, "product" varchar(255) not null, "category" varchar(100) not null, "stripe" smallint not null default 0, "claims" int not null default 0, "approved" int not null default 0, "denied" int not null default 0, "cost" numeric(16,2) not null default 0, "resolved" int not null default 0, "resolution_seconds" double precision not null default 0, primary key ("organization_id", "month", "brand", "sku", "product", "category", "stripe"));`);
    this.addSql(`lock table "warranty_rollups" in share row exclusive mode;`);
    this.addSql(`create or replace function "warranty_rollups_monthly_apply"() returns trigger language plpgsql as $$
begin
  if TG_OP = 'INSERT' then
${APPLY(PART('new_rows', ''))}
  elsif TG_OP = 'DELETE' then
    -- An organization's deletion cascades to its rows (and to its months): nothing to take out then.
${APPLY(`${PART('old_rows', '-')} where exists (select 1 from organizations o where o.id = old_rows.organization_id)`)}
  else
${APPLY(`${PART('old_rows', '-')} union all ${PART('new_rows', '')}`)}
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger "warranty_rollups_monthly_insert" after insert on "warranty_rollups" referencing new table as new_rows for each statement execute function "warranty_rollups_monthly_apply"();`);
    this.addSql(`create trigger "warranty_rollups_monthly_update" after update on "warranty_rollups" referencing old table as old_rows new table as new_rows for each statement execute function "warranty_rollups_monthly_apply"();`);
    this.addSql(`create trigger "warranty_rollups_monthly_delete" after delete on "warranty_rollups" referencing old table as old_rows for each statement execute function "warranty_rollups_monthly_apply"();`);
    this.addSql(`insert into warranty_rollups_monthly (${KEY_COLUMNS}, month, stripe, ${SUMS})
      select ${KEY_COLUMNS}, ${MONTH_OF('day')}, stripe, sum(claims), sum(approved), sum(denied), sum(cost), sum(resolved), sum(resolution_seconds)
        from warranty_rollups group by 1, 2, 3, 4, 5, 6, 7;`);
    this.addSql(`analyze "warranty_rollups_monthly";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "warranty_rollups_monthly_insert" on "warranty_rollups";`);
    this.addSql(`drop trigger if exists "warranty_rollups_monthly_update" on "warranty_rollups";`);
    this.addSql(`drop trigger if exists "warranty_rollups_monthly_delete" on "warranty_rollups";`);
    this.addSql(`drop function if exists "warranty_rollups_monthly_apply"();`);
    this.addSql(`drop table if exists "warranty_rollups_monthly";`);
  }
}
