import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { tenantSql } from '../../common/tenancy/tenant-sql.js';
import type { TicketMetricsDto, TicketTrendsDto } from './dto/metrics.dto.js';
import { metricsRow, trendsRow } from './ticket-metrics.query.js';
import { checkTimeZone, trend } from './time-zone.js';

const DAY_MS = 86_400_000;

@Injectable()
export class TicketMetricsService {
  constructor(private readonly em: EntityManager) {}

  async metrics(actor: Actor, tz?: string): Promise<TicketMetricsDto> {
    const zone = checkTimeZone(tz);
    const row = await metricsRow(tenantSql(this.em), zone);
    return { total: row.total, open: row.open, pending: row.pending, closedToday: row.closed_today };
  }

  async trends(actor: Actor, days = 7, tz?: string): Promise<TicketTrendsDto> {
    const zone = checkTimeZone(tz);
    // The anchor: `days` ago.
    const r = await trendsRow(tenantSql(this.em), zone, new Date(Date.now() - days * DAY_MS));
    return {
      period_days: days,
      total: trend(r.total_now, r.total_then),
      open: trend(r.open_now, r.open_then),
      pending: trend(r.pending_now, r.pending_then),
      closedToday: trend(r.closed_today, r.closed_yesterday),
    };
  }
}
