import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import type { TicketMetricsDto, TicketTrendsDto } from './dto/metrics.dto.js';
import { checkTimeZone, trend } from './time-zone.js';

/** Start of "today" in the zone, as a timestamptz expression (the zone is bound as a parameter). */
const TODAY_START = `(date_trunc('day', now() at time zone ?) at time zone ?)`;

/**
 * Counts of the organization's current tickets, plus the tickets that changed to Closed or
 * Resolved since midnight (from the status history). Every query names organization_id itself.
 */
const METRICS_SQL = `
with by_status as (select status, count(*)::int as n from tickets where organization_id = ? group by status)
select coalesce((select sum(n) from by_status), 0)::int as total,
       coalesce((select n from by_status where status = 'Open'), 0) as open,
       coalesce((select n from by_status where status = 'Pending'), 0) as pending,
       (select count(distinct h.ticket_id)::int from ticket_status_changes h
         where h.organization_id = ? and h.created_at >= ${TODAY_START}
           and h.to_status in ('Closed', 'Resolved')) as closed_today`;

/**
 * The dashboard's trend badges: the state now against the state `days` ago. The state then is
 * rebuilt from the status history (each ticket's last change at or before that instant).
 */
const TRENDS_SQL = `
with anchor as (select now() - make_interval(days => ?) as at, ${TODAY_START} as today),
then_state as (
  select distinct on (h.ticket_id) h.to_status
  from ticket_status_changes h, anchor
  where h.organization_id = ? and h.created_at <= anchor.at
  order by h.ticket_id, h.created_at desc, h.id desc
),
closed as (
  select h.ticket_id, h.created_at from ticket_status_changes h, anchor
  where h.organization_id = ? and h.to_status in ('Closed', 'Resolved') and h.created_at >= anchor.today - interval '1 day'
)
select
  (select count(*)::int from tickets where organization_id = ?) as total_now,
  (select count(*)::int from tickets, anchor where organization_id = ? and created_at <= anchor.at) as total_then,
  (select count(*)::int from tickets where organization_id = ? and status = 'Open') as open_now,
  (select count(*)::int from then_state where to_status = 'Open') as open_then,
  (select count(*)::int from tickets where organization_id = ? and status = 'Pending') as pending_now,
  (select count(*)::int from then_state where to_status = 'Pending') as pending_then,
  (select count(distinct ticket_id)::int from closed, anchor where closed.created_at >= anchor.today) as closed_today,
  (select count(distinct ticket_id)::int from closed, anchor where closed.created_at < anchor.today) as closed_yesterday`;

@Injectable()
export class TicketMetricsService {
  constructor(private readonly em: EntityManager) {}

  async metrics(actor: Actor, tz?: string): Promise<TicketMetricsDto> {
    const zone = checkTimeZone(tz);
    const org = actor.organizationId;
    const [row] = await this.em.getConnection().execute<{ total: number; open: number; pending: number; closed_today: number }[]>(
      METRICS_SQL,
      [org, org, zone, zone],
    );
    return { total: row.total, open: row.open, pending: row.pending, closedToday: row.closed_today };
  }

  async trends(actor: Actor, days = 7, tz?: string): Promise<TicketTrendsDto> {
    const zone = checkTimeZone(tz);
    const org = actor.organizationId;
    const [r] = await this.em.getConnection().execute<Record<string, number>[]>(TRENDS_SQL, [days, zone, zone, org, org, org, org, org, org]);
    return {
      period_days: days,
      total: trend(r.total_now, r.total_then),
      open: trend(r.open_now, r.open_then),
      pending: trend(r.pending_now, r.pending_then),
      closedToday: trend(r.closed_today, r.closed_yesterday),
    };
  }
}
