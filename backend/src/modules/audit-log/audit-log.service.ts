import type { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { isUuid } from '../../common/http/ids.js';
import { type ListQueryDto, parseListQuery } from '../../common/http/list-query.js';
import { currentOrigin } from '../../common/http/request-origin.js';
import { AUDIT_KINDS, AuditEntry, type AuditChange, type AuditKind } from './audit-entry.entity.js';
import { AUDIT_FILTER_MESSAGES, AuditFilterInvalidError } from './audit-log.errors.js';
import { AUDIT_SORTABLE } from './dto/audit-entry.dto.js';

export interface AuditRecord {
  subject?: string | null;
  changes?: AuditChange[];
}

/** Who did it: the signed-in user, a user known only by id and name (signing in), or a scheduled task (no id). */
export type AuditActor = Pick<Actor, 'username' | 'organizationId'> & { id: string | null };

export interface AuditPage {
  entries: AuditEntry[];
  offset: number;
  total: number;
}

/**
 * The organization's audit log. Owning services call `record` with the EntityManager of their
 * change, so the line is written in the same transaction (their flush) or not at all.
 */
@Injectable()
export class AuditLogService {
  constructor(private readonly em: EntityManager) {}

  record(em: EntityManager, actor: AuditActor, kind: AuditKind, record: AuditRecord = {}): AuditEntry {
    const origin = currentOrigin();
    return em.create(AuditEntry, {
      organization: actor.organizationId,
      actorId: actor.id,
      actorUsername: actor.username,
      kind,
      subject: record.subject ?? null,
      changes: record.changes ?? [],
      ip: origin.ip,
      userAgent: origin.userAgent,
    });
  }

  /**
   * A sign-in: recorded when it comes from a device (its user agent) the user never signed in
   * from before. Signing in runs before the request has a tenant, hence the explicit organization.
   */
  async recordSignIn(em: EntityManager, actor: AuditActor): Promise<void> {
    const { userAgent } = currentOrigin();
    const known = await em
      .getRepository(AuditEntry)
      .countInOrganization({ organization: actor.organizationId, actorId: actor.id, kind: 'sign_in_new_device', userAgent });
    if (!known) this.record(em, actor, 'sign_in_new_device', { subject: actor.username });
  }

  /** One page, newest first; filters: actor_id, kind, from / to (dates, inclusive), id (getMany). */
  async list(params: ListQueryDto): Promise<AuditPage> {
    const query = parseListQuery(params, { sortable: AUDIT_SORTABLE, defaultSort: { field: 'created_at', order: 'DESC' } });
    const where = this.filter(query.filter);
    const order = query.sort.order === 'ASC' ? 'asc' : 'desc';
    const [entries, total] = await this.em.getRepository(AuditEntry).page(where, order, query.offset, query.limit);
    return { entries, offset: query.offset, total };
  }

  private filter(filter: Record<string, unknown>): FilterQuery<AuditEntry> {
    const where: FilterQuery<AuditEntry> & Record<string, unknown> = {};
    const { actor_id: actorId, kind, from, to, id } = filter;
    if (actorId !== undefined && actorId !== '') {
      if (typeof actorId !== 'string' || !isUuid(actorId)) throw new AuditFilterInvalidError(AUDIT_FILTER_MESSAGES.actor_id, 'actor_id');
      where.actorId = actorId;
    }
    if (kind !== undefined && kind !== '') {
      if (typeof kind !== 'string' || !(AUDIT_KINDS as readonly string[]).includes(kind)) throw new AuditFilterInvalidError(AUDIT_FILTER_MESSAGES.kind, 'kind');
      where.kind = kind as AuditKind;
    }
    const createdAt: Record<string, Date> = {};
    if (from !== undefined && from !== '') createdAt.$gte = this.date(from, false);
    if (to !== undefined && to !== '') createdAt.$lte = this.date(to, true);
    if (Object.keys(createdAt).length) where.createdAt = createdAt;
    if (id !== undefined) {
      const ids = (Array.isArray(id) ? id : [id]).filter((value): value is string => typeof value === 'string' && isUuid(value));
      where.id = { $in: ids };
    }
    return where;
  }

  /** A day (YYYY-MM-DD, UTC; `to` takes the whole day) or a date-time. */
  private date(value: unknown, endOfDay: boolean): Date {
    if (typeof value !== 'string') throw new AuditFilterInvalidError(AUDIT_FILTER_MESSAGES.date, endOfDay ? 'to' : 'from');
    const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
    const date = new Date(day ? `${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z` : value);
    if (Number.isNaN(date.getTime())) throw new AuditFilterInvalidError(AUDIT_FILTER_MESSAGES.date, endOfDay ? 'to' : 'from');
    return date;
  }
}
