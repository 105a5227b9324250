import type { EntityManager } from '@mikro-orm/postgresql';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import { RESOLUTION_HOURS_SQL, resolutionHoursParams, ROLLUPS_SQL, rollupsParams } from './warranty-analytics-sql.js';

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
 * The Warranty tab's read model: two reads of the rollups kept by triggers (warranty_rollups and
 * warranty_resolution_hours by day — Migration20261130900000WarrantyResolution —, and the same by
 * month — Migration20261202600000WarrantyResolutionHoursMonthly, Migration20261202610000WarrantyRollupsMonthly),
 * each the period's whole months plus at most 15 days of its first month: bounded by months ×
 * products × categories and by months × distinct hours, whatever the number of tickets. `fromDay`
 * null: all time.
 */
export class WarrantyAnalyticsQuery {
  constructor(private readonly em: EntityManager) {}

  /** By product, SKU, category and month: the period's whole months from warranty_rollups_monthly, its partial first month from the daily rows. */
  rollups(fromDay: string | null): Promise<WarrantyRollupRow[]> {
    return tenantSql(this.em).execute<WarrantyRollupRow[]>(ROLLUPS_SQL, rollupsParams(fromDay));
  }

  /**
   * The histogram of whole hours to resolution for claims made on or after `fromDay`: the window's
   * whole months from warranty_resolution_hours_monthly, its partial first month from the daily
   * warranty_resolution_hours (see periodWindow) — exact to the hour, ~500 rows a month instead of a day.
   */
  resolutionHours(fromDay: string | null): Promise<ResolutionHoursRow[]> {
    return tenantSql(this.em).execute<ResolutionHoursRow[]>(RESOLUTION_HOURS_SQL, resolutionHoursParams(fromDay));
  }
}
