import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import type { ResponseTimesDto, TimelinePointDto } from './dto/analytics.dto.js';
import { TICKET_STATUSES } from './ticket.entity.js';

/** The label of tickets without a brand in the brand breakdown. */
export const NO_BRAND = 'No Brand';

export interface Window {
  days?: number;
  month?: 'current' | 'last';
}

/**
 * The created_at condition of a window as SQL with its parameters: the last N days, the current or
 * the last calendar month (UTC), or all time.
 */
function windowSql(window: Window, column = 'created_at'): { sql: string; params: unknown[] } {
  if (window.days !== undefined && window.month !== undefined) {
    throw new BadRequestException('Use either days or month, not both');
  }
  if (window.days !== undefined) return { sql: ` and ${column} >= now() - make_interval(days => ?)`, params: [window.days] };
  const monthStart = `(date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')`;
  if (window.month === 'current') return { sql: ` and ${column} >= ${monthStart}`, params: [] };
  if (window.month === 'last') {
    return { sql: ` and ${column} >= ${monthStart} - interval '1 month' and ${column} < ${monthStart}`, params: [] };
  }
  return { sql: '', params: [] };
}

/** The analytics page's figures, computed in the database from the organization's rows. */
@Injectable()
export class TicketAnalyticsService {
  constructor(private readonly em: EntityManager) {}

  /** Tickets per brand; the organization's configured brands appear with 0 when they have none. */
  async byBrand(actor: Actor, window: Window): Promise<Record<string, number>> {
    const w = windowSql(window);
    const conn = this.em.getConnection();
    const rows = await conn.execute<{ brand: string | null; count: number }[]>(
      `select product_brand as brand, count(*)::int as count from tickets where organization_id = ?${w.sql}
       group by product_brand order by count desc, product_brand`,
      [actor.organizationId, ...w.params],
    );
    const [settings] = await conn.execute<{ brands: string[] }[]>('select brands from system_settings where organization_id = ?', [
      actor.organizationId,
    ]);
    const result: Record<string, number> = {};
    for (const row of rows) result[row.brand ?? NO_BRAND] = (result[row.brand ?? NO_BRAND] ?? 0) + row.count;
    for (const brand of settings?.brands ?? []) result[brand] ??= 0;
    return result;
  }

  /** Tickets per status; the four statuses always appear. */
  async byStatus(actor: Actor, window: Window): Promise<Record<string, number>> {
    const w = windowSql(window);
    const rows = await this.em.getConnection().execute<{ status: string; count: number }[]>(
      `select status, count(*)::int as count from tickets where organization_id = ?${w.sql} group by status`,
      [actor.organizationId, ...w.params],
    );
    const result: Record<string, number> = Object.fromEntries(TICKET_STATUSES.map((s) => [s, 0]));
    for (const row of rows) result[row.status] = row.count;
    return result;
  }

  /** Tickets created per UTC day over the last `days` days (today included), zero-filled. */
  timeline(actor: Actor, days = 30): Promise<TimelinePointDto[]> {
    return this.em.getConnection().execute<TimelinePointDto[]>(
      `with bounds as (select (now() at time zone 'UTC')::date as today, ?::int as days),
       created as (
         select (t.created_at at time zone 'UTC')::date as day, count(*)::int as count
         from tickets t, bounds
         where t.organization_id = ? and t.created_at >= ((bounds.today - (bounds.days - 1))::timestamp at time zone 'UTC')
         group by 1
       )
       select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(created.count, 0)::int as count
       from bounds, generate_series(bounds.today - (bounds.days - 1), bounds.today, interval '1 day') as d(day)
       left join created on created.day = d.day::date
       order by d.day`,
      [days, actor.organizationId],
    );
  }

  /**
   * From the status history: average hours from a ticket's creation to its first change away from
   * Open, and to its first change to Closed or Resolved, over the tickets created in the window.
   */
  async responseTimes(actor: Actor, window: Window): Promise<ResponseTimesDto> {
    const w = windowSql(window, 't.created_at');
    const org = actor.organizationId;
    const [row] = await this.em.getConnection().execute<
      { first_hours: number | null; first_n: number; resolution_hours: number | null; resolution_n: number }[]
    >(
      `with firsts as (
         select t.id,
                min(h.created_at) filter (where h.to_status <> 'Open' and h.from_status is not null) - t.created_at as first_response,
                min(h.created_at) filter (where h.to_status in ('Closed', 'Resolved')) - t.created_at as resolution
         from tickets t join ticket_status_changes h on h.ticket_id = t.id and h.organization_id = ?
         where t.organization_id = ?${w.sql}
         group by t.id, t.created_at
       )
       select round((avg(extract(epoch from first_response)) / 3600)::numeric, 2)::float8 as first_hours,
              count(first_response)::int as first_n,
              round((avg(extract(epoch from resolution)) / 3600)::numeric, 2)::float8 as resolution_hours,
              count(resolution)::int as resolution_n
       from firsts`,
      [org, org, ...w.params],
    );
    return {
      avg_first_response_hours: row.first_n ? row.first_hours : null,
      avg_resolution_hours: row.resolution_n ? row.resolution_hours : null,
      first_response_sample_size: row.first_n,
      resolution_sample_size: row.resolution_n,
    };
  }
}
