import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import type { ResponsePromisesDto, ResponseTimesDto, TimelinePointDto } from './dto/analytics.dto.js';
import { configuredBrands, type CreatedWindow, countsBy, durationSums, promiseCounts, timelineCounts } from './rollups/rollup-queries.js';
import { TICKET_STATUSES } from '../tickets/ticket.entity.js';
import { WindowConflictError } from './ticket-analytics.errors.js';

/** The label of tickets without a brand in the brand breakdown. */
export const NO_BRAND = 'No Brand';

export interface Window {
  days?: number;
  month?: 'current' | 'last';
}

/**
 * The created_at window: the last N days (from this instant), the current or the last calendar
 * month (UTC), or all time.
 */
function createdWindow(window: Window): CreatedWindow {
  if (window.days !== undefined && window.month !== undefined) {
    throw new WindowConflictError();
  }
  if (window.days !== undefined) return { lower: { sql: 'now() - make_interval(days => ?::int)', params: [window.days] } };
  const monthStart = `(date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')`;
  if (window.month === 'current') return { lower: { sql: monthStart, params: [] } };
  if (window.month === 'last') return { lower: { sql: `${monthStart} - interval '1 month'`, params: [] }, upper: { sql: monthStart, params: [] } };
  return {};
}

/** The analytics page's figures, computed in the database from the organization's rows. */
@Injectable()
export class TicketAnalyticsService {
  constructor(private readonly em: EntityManager) {}

  /** Tickets per brand; the organization's configured brands appear with 0 when they have none. */
  async byBrand(actor: Actor, window: Window): Promise<Record<string, number>> {
    const sql = tenantSql(this.em);
    const rows = (await countsBy(sql, 'product_brand', createdWindow(window))).map((r) => ({ brand: r.key, count: r.count }));
    const brands = await configuredBrands(sql);
    const result: Record<string, number> = {};
    for (const row of rows) result[row.brand ?? NO_BRAND] = (result[row.brand ?? NO_BRAND] ?? 0) + row.count;
    for (const brand of brands) result[brand] ??= 0;
    return result;
  }

  /** Tickets per status; the four statuses always appear. */
  async byStatus(actor: Actor, window: Window): Promise<Record<string, number>> {
    const rows = await countsBy(tenantSql(this.em), 'status', createdWindow(window));
    const result: Record<string, number> = Object.fromEntries(TICKET_STATUSES.map((s) => [s, 0]));
    for (const row of rows) result[row.key ?? ''] = row.count;
    return result;
  }

  /** Tickets created per UTC day over the last `days` days (today included), zero-filled. */
  timeline(actor: Actor, days = 30): Promise<TimelinePointDto[]> {
    return timelineCounts(tenantSql(this.em), days);
  }

  /**
   * From the status history: average hours from a ticket's creation to its first change away from
   * Open, and to its first change to Closed or Resolved, over the tickets created in the window.
   */
  async responseTimes(actor: Actor, window: Window): Promise<ResponseTimesDto> {
    const sums = await durationSums(tenantSql(this.em), createdWindow(window));
    return {
      avg_first_response_hours: sums.fn ? averageHours(sums.fs!, sums.fn) : null,
      avg_resolution_hours: sums.rn ? averageHours(sums.rs!, sums.rn) : null,
      first_response_sample_size: sums.fn,
      resolution_sample_size: sums.rn,
    };
  }

  /**
   * The share of the window's tickets answered within their promise, from the rollups: of the
   * tickets whose promise has come due (answered, or unanswered and reported overdue), those
   * answered by respond_by. Tickets still within their promise are not counted yet.
   */
  async responsePromises(actor: Actor, window: Window): Promise<ResponsePromisesDto> {
    const counts = await promiseCounts(tenantSql(this.em), createdWindow(window));
    const due = counts.responded + counts.overdue;
    return {
      answered_within_promise_percent: due ? percentOneDecimal(counts.on_time, due) : null,
      answered_within_promise: counts.on_time,
      answered_late: counts.responded - counts.on_time,
      overdue_unanswered: counts.overdue,
    };
  }
}

/** Percent of a over n with one decimal (half away from zero), exact in integers. */
export function percentOneDecimal(a: number, n: number): number {
  return Math.round((a * 1000) / n) / 10;
}

/** Mean of a sum of seconds over n, in hours with two decimals (half away from zero, as round(numeric)). */
function averageHours(secondsSum: string, n: number): number {
  const [whole, fraction = ''] = secondsSum.split('.');
  // Microseconds as an integer: exact for any realistic sum (numeric text, 6 decimals at most).
  const micros = BigInt(whole + fraction.padEnd(6, '0').slice(0, 6));
  const hundredthsTimes = micros * 100n; // hundredths of an hour × 3.6e9 µs × n
  const denominator = 3_600_000_000n * BigInt(n);
  const negative = hundredthsTimes < 0n;
  const abs = negative ? -hundredthsTimes : hundredthsTimes;
  const rounded = (abs * 2n + denominator) / (denominator * 2n);
  return Number(negative ? -rounded : rounded) / 100;
}
