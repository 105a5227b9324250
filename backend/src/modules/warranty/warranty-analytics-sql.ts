/**
 * The Warranty tab's two statements (run by WarrantyAnalyticsQuery, warranty-analytics.query.ts) and
 * how a period maps onto the monthly and daily rollups. Scoped with the tenant tokens (`@tenant()`):
 * bind them with bindTenant (common/tenancy/tenant-statement.ts). Imports nothing, so the bench and
 * the tests read it as it is.
 */

/** The rollups' read (tenant tokens; parameters from rollupsParams): whole months plus the partial first month, signed. */
export const ROLLUPS_SQL = `select brand, product, sku, category, to_char(month, 'YYYY-MM') as month,
              sum(claims)::int as claims, sum(approved)::int as approved, sum(denied)::int as denied, sum(cost)::float8 as cost,
              sum(resolved)::int as resolved, sum(resolution_seconds)::float8 as resolution_seconds
         from (
           select brand, product, sku, category, month, claims, approved, denied, cost, resolved, resolution_seconds
             from warranty_rollups_monthly where @tenant() and month >= coalesce(?::date, '-infinity'::date)
           union all
           select brand, product, sku, category, ?::date, ?::int * claims, ?::int * approved, ?::int * denied, ?::int * cost, ?::int * resolved, ?::int * resolution_seconds
             from warranty_rollups where @tenant() and day >= ?::date and day < ?::date
         ) r
        group by brand, product, sku, category, month`;

export function rollupsParams(fromDay: string | null): unknown[] {
  const { monthsFrom, daily } = periodWindow(fromDay);
  const sign = daily?.sign ?? 0;
  return [monthsFrom, daily?.month ?? null, sign, sign, sign, sign, sign, sign, daily?.from ?? null, daily?.to ?? null];
}

/** The histogram's read (tenant tokens; parameters from resolutionHoursParams): whole months plus the partial first month. */
export const RESOLUTION_HOURS_SQL = `select hours, sum(n)::int as n from (
         select hours, n from warranty_resolution_hours_monthly where @tenant() and month >= coalesce(?::date, '-infinity'::date)
         union all
         select hours, ?::int * n from warranty_resolution_hours where @tenant() and day >= ?::date and day < ?::date
       ) h
        group by hours having sum(n) > 0 order by hours`;

export function resolutionHoursParams(fromDay: string | null): unknown[] {
  const { monthsFrom, daily } = periodWindow(fromDay);
  return [monthsFrom, daily?.sign ?? 0, daily?.from ?? null, daily?.to ?? null];
}

/** Which rows of a monthly table and its daily one make a period's (see periodWindow). */
export interface PeriodWindow {
  /** The first month (its first day) read from the monthly table; null: every month. */
  monthsFrom: string | null;
  /** Days [from, to) of the daily table, all in `month` (its first day), added (1) or taken out (-1); null: none. */
  daily: { month: string; from: string; to: string; sign: 1 | -1 } | null;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The period from `fromDay` (a UTC day; null: all time) as whole months plus a partial first month:
 * when `fromDay` is not a month's first day, either its month's days from `fromDay` on are added to
 * the later months, or the whole month is read and its days before `fromDay` are taken out — the
 * shorter of the two (at most 15 days of the daily histogram).
 */
export function periodWindow(fromDay: string | null): PeriodWindow {
  if (fromDay === null) return { monthsFrom: null, daily: null };
  const from = new Date(`${fromDay}T00:00:00Z`);
  const monthStart = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
  const nextMonth = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  const before = from.getUTCDate() - 1;
  if (before === 0) return { monthsFrom: fromDay, daily: null };
  const after = Math.round((nextMonth.getTime() - from.getTime()) / 86_400_000);
  return before <= after
    ? { monthsFrom: isoDay(monthStart), daily: { month: isoDay(monthStart), from: isoDay(monthStart), to: fromDay, sign: -1 } }
    : { monthsFrom: isoDay(nextMonth), daily: { month: isoDay(monthStart), from: fromDay, to: isoDay(nextMonth), sign: 1 } };
}
