import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';

export interface WarrantyRollupRow {
  brand: string;
  product: string;
  sku: string;
  category: string;
  month: string;
  claims: number;
  approved: number;
  denied: number;
  cost: number;
  resolved: number;
  resolution_seconds: number;
}

export interface ResolutionHoursRow {
  hours: number;
  n: number;
}

/**
 * The Warranty tab's read model: two reads of the rollups (warranty_rollups, warranty_resolution_hours
 * and warranty_resolution_hours_monthly, kept by triggers — Migration20261130900000WarrantyResolution,
 * Migration20261202600000WarrantyResolutionHoursMonthly), bounded by products × categories × days and
 * by months × distinct hours, whatever the number of tickets. `fromDay` null: all time.
 */
export class WarrantyAnalyticsQuery {
  constructor(private readonly em: EntityManager) {}

  rollups(fromDay: string | null): Promise<WarrantyRollupRow[]> {
    return tenantSql(this.em).execute<WarrantyRollupRow[]>(
      `select brand, product, sku, category, to_char(day, 'YYYY-MM') as month,
              sum(claims)::int as claims, sum(approved)::int as approved, sum(denied)::int as denied, sum(cost)::float8 as cost,
              sum(resolved)::int as resolved, sum(resolution_seconds)::float8 as resolution_seconds
         from warranty_rollups
        where @tenant() and day >= coalesce(?::date, '-infinity'::date)
        group by brand, product, sku, category, to_char(day, 'YYYY-MM')`,
      [fromDay],
    );
  }

  /**
   * The histogram of whole hours to resolution for claims made on or after `fromDay`: the window's
   * whole months from warranty_resolution_hours_monthly, its partial first month from the daily
   * warranty_resolution_hours (see hoursWindow) — exact to the hour, ~500 rows a month instead of a day.
   */
  resolutionHours(fromDay: string | null): Promise<ResolutionHoursRow[]> {
    return tenantSql(this.em).execute<ResolutionHoursRow[]>(RESOLUTION_HOURS_SQL, resolutionHoursParams(fromDay));
  }
}

/** The histogram's read (tenant tokens; parameters from resolutionHoursParams): whole months plus the partial first month. */
export const RESOLUTION_HOURS_SQL = `select hours, sum(n)::int as n from (
         select hours, n from warranty_resolution_hours_monthly where @tenant() and month >= coalesce(?::date, '-infinity'::date)
         union all
         select hours, ?::int * n from warranty_resolution_hours where @tenant() and day >= ?::date and day < ?::date
       ) h
        group by hours having sum(n) > 0 order by hours`;

export function resolutionHoursParams(fromDay: string | null): unknown[] {
  const { monthsFrom, daily } = hoursWindow(fromDay);
  return [monthsFrom, daily?.sign ?? 0, daily?.from ?? null, daily?.to ?? null];
}

/** Which rows of the two histograms make a period's (see hoursWindow). */
export interface HoursWindow {
  /** The first month (its first day) read from the monthly histogram; null: every month. */
  monthsFrom: string | null;
  /** Days [from, to) of the daily histogram, added (1) or taken out (-1); null: none. */
  daily: { from: string; to: string; sign: 1 | -1 } | null;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The period from `fromDay` (a UTC day; null: all time) as whole months plus a partial first month:
 * when `fromDay` is not a month's first day, either its month's days from `fromDay` on are added to
 * the later months, or the whole month is read and its days before `fromDay` are taken out — the
 * shorter of the two (at most 15 days of the daily histogram).
 */
export function hoursWindow(fromDay: string | null): HoursWindow {
  if (fromDay === null) return { monthsFrom: null, daily: null };
  const from = new Date(`${fromDay}T00:00:00Z`);
  const monthStart = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
  const nextMonth = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  const before = from.getUTCDate() - 1;
  if (before === 0) return { monthsFrom: fromDay, daily: null };
  const after = Math.round((nextMonth.getTime() - from.getTime()) / 86_400_000);
  return before <= after
    ? { monthsFrom: isoDay(monthStart), daily: { from: isoDay(monthStart), to: fromDay, sign: -1 } }
    : { monthsFrom: isoDay(nextMonth), daily: { from: fromDay, to: isoDay(nextMonth), sign: 1 } };
}
