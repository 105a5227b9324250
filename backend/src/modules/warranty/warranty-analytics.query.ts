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
 * The Warranty tab's read model: two reads of the rollups (warranty_rollups, warranty_resolution_hours,
 * kept by triggers — Migration20261130900000WarrantyResolution), bounded by products × categories ×
 * months and by distinct hours, whatever the number of tickets. `fromDay` null: all time.
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

  resolutionHours(fromDay: string | null): Promise<ResolutionHoursRow[]> {
    return tenantSql(this.em).execute<ResolutionHoursRow[]>(
      `select hours, sum(n)::int as n from warranty_resolution_hours
        where @tenant() and day >= coalesce(?::date, '-infinity'::date)
        group by hours having sum(n) > 0 order by hours`,
      [fromDay],
    );
  }
}
