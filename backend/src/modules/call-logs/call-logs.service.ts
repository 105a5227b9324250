import type { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { containsPattern } from '../../common/http/ids.js';
import { type ListQuery, parseListQuery } from '../../common/http/list-query.js';
import { User } from '../users/user.entity.js';
import { CallLog } from './call-log.entity.js';
import { CallTickets } from './call-tickets.js';
import { CALL_LOG_NOT_FOUND, CallLogFilterNotTextError, CallLogNotFoundError, CallStatusFilterInvalidError } from './call-logs.errors.js';
import type { CallLogStats } from './call-log.repository.js';
import { CALL_STATUS_FILTERS, type CallStatusFilter, type ListCallLogsQueryDto, type UpdateCallLogDto } from './dto/call-log.dto.js';

export { CALL_LOG_NOT_FOUND };
const SORTABLE = ['created_at', 'recording_duration'] as const;

const STATUS_WHERE: Record<CallStatusFilter, FilterQuery<CallLog>> = {
  all: {},
  unread: { isRead: false },
  unreturned: { isReturned: false },
  with_ticket: { ticket: { $ne: null } },
  no_ticket: { ticket: null },
};

@Injectable()
export class CallLogsService {
  constructor(
    private readonly em: EntityManager,
    private readonly tickets: CallTickets,
  ) {}

  /** Voicemails nobody has opened yet, for the Phone System badge. */
  unreadVoicemails(): Promise<number> {
    return this.em.getRepository(CallLog).unreadVoicemails();
  }

  /** The Phone System's list: newest first, filtered and paged in SQL. */
  async list(actor: Actor, query: ListCallLogsQueryDto): Promise<{ rows: CallLog[]; total: number; list: ListQuery }> {
    const list = parseListQuery(query, { sortable: SORTABLE, defaultSort: { field: 'created_at', order: 'DESC' } });
    const filter = list.filter as Record<string, unknown>;
    const text = (name: string, value: unknown): string | undefined => {
      if (value === undefined || value === null || value === '') return undefined;
      if (typeof value !== 'string') throw new CallLogFilterNotTextError(name);
      return value.trim() || undefined;
    };
    const search = query.search ?? text('q', filter.q) ?? text('search', filter.search);
    const brand = query.brand ?? text('brand', filter.brand);
    const status = (query.status ?? text('status', filter.status) ?? 'all') as CallStatusFilter;
    if (!CALL_STATUS_FILTERS.includes(status)) throw new CallStatusFilterInvalidError(CALL_STATUS_FILTERS);
    const callType = query.call_type ?? text('call_type', filter.call_type);

    const where: FilterQuery<CallLog>[] = [{ organization: actor.organizationId }, STATUS_WHERE[status]];
    if (brand) where.push({ brand });
    if (callType) where.push({ callType: callType as CallLog['callType'] });
    if (search) {
      const pattern = containsPattern(search.replace(/[\s\-()]/g, ''));
      where.push({ $or: [{ fromPhone: { $ilike: pattern } }, { toPhone: { $ilike: pattern } }] });
    }
    const orderField = list.sort.field === 'recording_duration' ? 'recordingDuration' : 'createdAt';
    const direction = list.sort.order === 'ASC' ? 'asc' : 'desc';
    const [rows, total] = await this.em.getRepository(CallLog).page(where, orderField, direction, list.offset, list.limit);
    return { rows, total, list };
  }

  stats(actor: Actor, brand?: string): Promise<CallLogStats> {
    return this.em.getRepository(CallLog).stats(brand);
  }

  /** The organization's call log; another organization's id answers 404. */
  async get(actor: Actor, id: string, em: EntityManager = this.em): Promise<CallLog> {
    const log = await em.getRepository(CallLog).ofOrganization(actor.organizationId, id);
    if (!log) throw new CallLogNotFoundError();
    return log;
  }

  async update(actor: Actor, id: string, dto: UpdateCallLogDto): Promise<CallLog> {
    return this.em.transactional(async (tx) => {
      const log = await this.get(actor, id, tx);
      if (dto.is_read !== undefined) log.isRead = dto.is_read;
      if (dto.notes !== undefined) log.notes = dto.notes;
      if (dto.is_returned !== undefined && dto.is_returned !== log.isReturned) {
        log.isReturned = dto.is_returned;
        log.returnedAt = dto.is_returned ? new Date() : null;
        log.returnedBy = dto.is_returned ? tx.getReference(User, actor.id) : null;
        // Returning a call linked to a ticket is a response to that ticket (its first one, if none yet).
        if (dto.is_returned && log.ticket) await this.tickets.markResponded(tx, actor.organizationId, log.ticket.id, log.returnedAt!);
      }
      await tx.flush();
      if (log.returnedBy) await tx.populate(log, ['returnedBy']);
      return log;
    });
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const log = await this.get(actor, id);
    await this.em.remove(log).flush();
  }
}
