import { Migration } from '@mikro-orm/migrations';

/*
 * Frozen SQL: the texts below are copies, not imports of live module code (a later change of the
 * module must not change what this migration did).
 */
const KEY_COLUMNS = `organization_id, day, brand, sku, product, category`;
const STRIPE = `(pg_backend_pid() % 16)::smallint`;
const ROW_COLUMNS = `${KEY_COLUMNS}, stripe`;

/** A claim row's contribution to the rollups, negated for the old rows (as in Migration20261130900000WarrantyResolution). */
const CLAIM_PART = (rows: string, sign: string) =>
  `select ${KEY_COLUMNS}, ${sign}(decision = 'approved')::int as approved, ${sign}(decision = 'denied')::int as denied, ${sign}total_cost as cost, ` +
  `${sign}(resolved_at is not null)::int as resolved, ${sign}coalesce(extract(epoch from resolved_at - claimed_at), 0) as seconds, ` +
  `floor(extract(epoch from resolved_at - claimed_at) / 3600)::int as hours from ${rows}`;

/** The first day of a date's month, without a time zone (date_trunc on a date goes through timestamptz). */
const MONTH_OF = (day: string) => `(${day} - extract(day from ${day})::int + 1)`;

/**
 * The statement trigger's body: the daily rollups and the daily histogram as before and, with
 * `monthly`, the same histogram by month (warranty_resolution_hours_monthly).
 */
const CLAIMS_APPLY = (source: string, monthly: boolean) => `    with d as (${source}), r as (
      insert into warranty_rollups (${ROW_COLUMNS}, approved, denied, cost, resolved, resolution_seconds)
        select ${KEY_COLUMNS}, ${STRIPE}, sum(approved), sum(denied), sum(cost), sum(resolved), sum(seconds) from d
        group by 1, 2, 3, 4, 5, 6, 7 having sum(abs(approved)) + sum(abs(denied)) + sum(abs(cost)) + sum(abs(resolved)) <> 0 order by 1, 2, 3, 4, 5, 6, 7
        on conflict (${ROW_COLUMNS}) do update set approved = warranty_rollups.approved + excluded.approved, denied = warranty_rollups.denied + excluded.denied,
          cost = warranty_rollups.cost + excluded.cost, resolved = warranty_rollups.resolved + excluded.resolved,
          resolution_seconds = warranty_rollups.resolution_seconds + excluded.resolution_seconds
        returning 1)${
          monthly
            ? `, m as (
      insert into warranty_resolution_hours_monthly (organization_id, month, hours, n)
        select organization_id, ${MONTH_OF('day')}, hours, sum(resolved) from d where resolved <> 0 group by 1, 2, 3 having sum(resolved) <> 0 order by 1, 2, 3
        on conflict (organization_id, month, hours) do update set n = warranty_resolution_hours_monthly.n + excluded.n
        returning 1)`
            : ''
        }
    insert into warranty_resolution_hours (organization_id, day, hours, n)
      select organization_id, day, hours, sum(resolved) from d where resolved <> 0 group by 1, 2, 3 having sum(resolved) <> 0 order by 1, 2, 3
      on conflict (organization_id, day, hours) do update set n = warranty_resolution_hours.n + excluded.n;`;

const CLAIMS_FUNCTION = (monthly: boolean) => `create or replace function "warranty_rollups_claims_apply"() returns trigger language plpgsql as $$
begin
  if TG_OP = 'INSERT' then
${CLAIMS_APPLY(`${CLAIM_PART('new_rows', '')}`, monthly)}
  elsif TG_OP = 'DELETE' then
${CLAIMS_APPLY(`${CLAIM_PART('old_rows', '-')}`, monthly)}
  else
${CLAIMS_APPLY(`${CLAIM_PART('old_rows', '-')} union all ${CLAIM_PART('new_rows', '')}`, monthly)}
  end if;
  return null;
end $$;`;

/**
 * Warranty analytics at 1,000,000 tickets (issue 31, p50 <= 20 ms): the median's histogram by month.
 * The daily histogram (warranty_resolution_hours, one row per organization × day × whole hour) made
 * a year's read ~125,000 rows; the period's whole months now come from
 * warranty_resolution_hours_monthly (organization × month × whole hour, ~500 rows a month) and only
 * the window's partial first month from the daily one, so the median stays exact to the hour.
 * Kept by the same statement trigger on warranty_claims (one more data-modifying CTE), backfilled
 * from the daily histogram.
 */
export class Migration20261202600000WarrantyResolutionHoursMonthly extends Migration {

  override name = 'Migration20261202600000WarrantyResolutionHoursMonthly';

  override up(): void | Promise<void> {
    this.addSql(`create table "warranty_resolution_hours_monthly" ("organization_id" uuid not null references "organizations" ("id") on delete cascade, "month" date not null, "hours" int not null, "n" int not null default 0, primary key ("organization_id", "month", "hours"));`);
    // No decision is written between the backfill's read and the new trigger (a running app's writes wait for the commit).
    this.addSql(`lock table "warranty_claims" in share row exclusive mode;`);
    this.addSql(CLAIMS_FUNCTION(true));
    this.addSql(`insert into warranty_resolution_hours_monthly (organization_id, month, hours, n)
      select organization_id, ${MONTH_OF('day')}, hours, sum(n) from warranty_resolution_hours group by 1, 2, 3 having sum(n) <> 0;`);
    this.addSql(`analyze "warranty_resolution_hours_monthly";`);
  }

  override down(): void | Promise<void> {
    this.addSql(CLAIMS_FUNCTION(false));
    this.addSql(`drop table if exists "warranty_resolution_hours_monthly";`);
  }
}
