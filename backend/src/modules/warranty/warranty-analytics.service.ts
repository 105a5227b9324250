import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import type { BrandMonthCostDto, WarrantyAnalyticsDto, WarrantyCategoryDto, WarrantyPeriod, WarrantyProductDto } from './dto/warranty-analytics.dto.js';
import { type ResolutionHoursRow, WarrantyAnalyticsQuery } from './warranty-analytics.query.js';

const PRODUCTS_LIMIT = 50;
const FAILURE_PRODUCTS = 10;
const FAILURE_REASONS = 3;

/** A share or rate, 0..1, to 4 decimals (null when there is nothing to divide). */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 10000) / 10000 : null;
}
const cents = (n: number) => Math.round(n * 100) / 100;
const orNull = (s: string) => (s === '' ? null : s);

/** percentile_disc(0.5) over a histogram of whole hours: the first hour whose cumulative share reaches one half. */
export function medianOfHistogram(rows: ResolutionHoursRow[]): number | null {
  const total = rows.reduce((n, r) => n + r.n, 0);
  if (!total) return null;
  let seen = 0;
  for (const r of [...rows].sort((a, b) => a.hours - b.hours)) {
    seen += r.n;
    if (seen / total >= 0.5) return r.hours;
  }
  return null;
}

/** The first UTC day of "the last N days" (today included), or null for all time. */
export function periodStart(period: WarrantyPeriod, now: Date = new Date()): string | null {
  if (period === 'all') return null;
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (Number(period) - 1)));
  return start.toISOString().slice(0, 10);
}

/** The Warranty analytics tab: claims, approval, cost and time to resolution from the rollups. */
@Injectable()
export class WarrantyAnalyticsService {
  constructor(private readonly em: EntityManager) {}

  async summary(actor: Actor, period: WarrantyPeriod = '30'): Promise<WarrantyAnalyticsDto> {
    void actor; // the EntityManager is scoped to the actor's organization
    const from = periodStart(period);
    const query = new WarrantyAnalyticsQuery(this.em);
    const [rows, hours] = await Promise.all([query.rollups(from), query.resolutionHours(from)]);

    const totals = { claims: 0, approved: 0, denied: 0, cost: 0, resolved: 0 };
    const products = new Map<string, WarrantyProductDto & { reasons: Map<string, number> }>();
    const categories = new Map<string, number>();
    const brandMonths = new Map<string, BrandMonthCostDto>();
    for (const r of rows) {
      totals.claims += r.claims;
      totals.approved += r.approved;
      totals.denied += r.denied;
      totals.cost += r.cost;
      totals.resolved += r.resolved;
      const key = JSON.stringify([r.brand, r.product, r.sku]);
      let p = products.get(key);
      if (!p) {
        p = { brand: orNull(r.brand), product: orNull(r.product), sku: orNull(r.sku), claims: 0, claim_rate: 0, approved: 0, denied: 0, approval_rate: null, cost: 0, reasons: new Map() };
        products.set(key, p);
      }
      p.claims += r.claims;
      p.approved += r.approved;
      p.denied += r.denied;
      p.cost += r.cost;
      p.reasons.set(r.category, (p.reasons.get(r.category) ?? 0) + r.claims);
      categories.set(r.category, (categories.get(r.category) ?? 0) + r.claims);
      if (r.cost !== 0) {
        const bm = `${r.month}\u0000${r.brand}`;
        const entry = brandMonths.get(bm) ?? { month: r.month, brand: orNull(r.brand), cost: 0 };
        entry.cost += r.cost;
        brandMonths.set(bm, entry);
      }
    }
    const byClaims = <T extends { claims: number }>(a: T, b: T) => b.claims - a.claims;
    const ranked = [...products.values()]
      .filter((p) => p.claims > 0 || p.approved + p.denied > 0)
      .sort((a, b) => byClaims(a, b) || String(a.brand).localeCompare(String(b.brand)) || String(a.product).localeCompare(String(b.product)) || String(a.sku).localeCompare(String(b.sku)));
    return {
      period,
      from,
      claims: totals.claims,
      approved: totals.approved,
      denied: totals.denied,
      approval_rate: rate(totals.approved, totals.approved + totals.denied),
      total_cost: cents(totals.cost),
      resolved: totals.resolved,
      median_hours_to_resolution: medianOfHistogram(hours),
      by_product: ranked.slice(0, PRODUCTS_LIMIT).map(({ reasons: _reasons, ...p }) => ({
        ...p,
        claim_rate: rate(p.claims, totals.claims) ?? 0,
        approval_rate: rate(p.approved, p.approved + p.denied),
        cost: cents(p.cost),
      })),
      by_category: [...categories.entries()]
        .filter(([, claims]) => claims > 0)
        .map(([category, claims]): WarrantyCategoryDto => ({ category: orNull(category), claims, claim_rate: rate(claims, totals.claims) ?? 0 }))
        .sort((a, b) => byClaims(a, b) || String(a.category).localeCompare(String(b.category))),
      top_failure_reasons: ranked.slice(0, FAILURE_PRODUCTS).map((p) => ({
        brand: p.brand,
        product: p.product,
        sku: p.sku,
        reasons: [...p.reasons.entries()]
          .filter(([, claims]) => claims > 0)
          .map(([category, claims]) => ({ category: orNull(category), claims }))
          .sort((a, b) => byClaims(a, b) || String(a.category).localeCompare(String(b.category)))
          .slice(0, FAILURE_REASONS),
      })),
      cost_by_brand_month: [...brandMonths.values()]
        .map((e) => ({ ...e, cost: cents(e.cost) }))
        .filter((e) => e.cost !== 0)
        .sort((a, b) => a.month.localeCompare(b.month) || String(a.brand).localeCompare(String(b.brand))),
    };
  }
}
