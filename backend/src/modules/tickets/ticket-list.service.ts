import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { MAX_LIST_OFFSET } from '@warranty-crm/contract';
import type { Actor } from '../../common/auth/actor.js';
import { type ListQuery, parseListQuery } from '../../common/http/list-query.js';
import type { ListTicketsQueryDto } from './dto/list-tickets-query.dto.js';
import type { TermProduct } from '../settings/products/product-warranty-terms.js';
import { parseTicketFilters } from './ticket-filters.js';
import { type Cursor, type SortField, TICKET_SORTABLE, TicketListQuery } from './ticket-list.query.js';
import { LIST_CACHE_MAX_ROWS, TicketListCache } from './ticket-list-cache.js';
import { Ticket } from './ticket.entity.js';
import { BadCursorError, OffsetTooDeepError } from './tickets.errors.js';

// The list's statements are TicketListQuery's (ticket-list.query.ts); these re-exports keep their old home.
export { type Cursor, EXACT_SEARCH_COUNT, filterConditions, listIdsQuery, type SortField, TICKET_SORTABLE } from './ticket-list.query.js';

/** Without a range the whole (filtered) list is returned, up to this many rows. */
export const UNRANGED_LIMIT = 1000;
/** Offset pages reach this far (an index-only walk); further pages are read by cursor. */
export const MAX_OFFSET = MAX_LIST_OFFSET;

export { BAD_CURSOR, OFFSET_TOO_DEEP } from './tickets.errors.js';

export interface TicketPage {
  tickets: Ticket[];
  total: number;
  /** Whether total is an estimate (a search beyond EXACT_SEARCH_COUNT matches). */
  totalEstimated: boolean;
  offset: number;
  /** Where the next page starts (absent on the last page). */
  nextCursor?: string;
  /** The products the page's tickets may match, read in the page's statement (for their warranty terms). */
  products: TermProduct[];
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(raw: string, sortKey: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (cursor.s !== sortKey || typeof cursor.c !== 'string' || typeof cursor.i !== 'string') throw new Error('mismatch');
    if (!/^[0-9a-f-]{36}$/i.test(cursor.i) || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(cursor.c)) {
      throw new Error('malformed');
    }
    return cursor;
  } catch {
    throw new BadCursorError();
  }
}

/** The ticket list and the dashboard's recent tickets; paging and counting happen in SQL. */
@Injectable()
export class TicketListService {
  private readonly query: TicketListQuery;

  constructor(
    private readonly em: EntityManager,
    private readonly cache: TicketListCache,
  ) {
    this.query = new TicketListQuery(em);
  }

  async list(actor: Actor, query: ListTicketsQueryDto): Promise<TicketPage> {
    const page: ListQuery<SortField> = parseListQuery(query, {
      sortable: TICKET_SORTABLE,
      defaultSort: { field: 'created_at', order: 'DESC' },
      defaultLimit: UNRANGED_LIMIT,
      maxLimit: UNRANGED_LIMIT,
    });
    const { filter: _filter, range: _range, sort: _sort, cursor: rawCursor, view: _view, ...plain } = query;
    const filters = parseTicketFilters(plain as Record<string, unknown>, page.filter, actor.id);
    if (filters.ids && filters.ids.length === 0) return { tickets: [], total: 0, totalEstimated: false, offset: page.offset, products: [] };

    const { field, order } = page.sort;
    const sortKey = `${field}:${order}`;
    const cursor = rawCursor ? decodeCursor(rawCursor, sortKey) : undefined;
    if (!cursor && page.offset > MAX_OFFSET) throw new OffsetTooDeepError();

    const read = async (): Promise<TicketPage> => {
      const found = await this.query.page([filters, field, order, page.limit, cursor ? 0 : page.offset, cursor], query.view ?? 'whole');
      const counted = found.total !== null ? { total: found.total, estimated: false } : await this.query.count(filters);
      const { tickets, last, products } = found;
      const nextCursor =
        last && tickets.length === page.limit
          ? encodeCursor({ s: sortKey, ...(field === 'created_at' ? {} : { v: last.v }), c: last.c, i: last.id })
          : undefined;
      // Answers may share it (TicketListCache): read-only.
      return Object.freeze({ tickets: Object.freeze(tickets) as Ticket[], total: counted.total, totalEstimated: counted.estimated, offset: page.offset, nextCursor, products });
    };
    // A page of the organization's as this instance read it, when nothing it shows changed since
    // (TicketListCache); not the filters that move with the clock, nor long pages.
    if (filters.sla || page.limit > LIST_CACHE_MAX_ROWS || this.em.isInTransaction()) return read();
    const key = `${actor.organizationId} ${JSON.stringify([filters, sortKey, page.limit, page.offset, rawCursor ?? null, query.view ?? 'whole'])}`;
    return this.cache.through(key, read, () => actor.organizationId);
  }

  /** The filter sidebar's counts of the tickets assigned to the signed-in user and of the unassigned ones. */
  assignmentCounts(actor: Actor): Promise<{ assigned_to_me: number; unassigned: number }> {
    return this.query.assignmentCounts(actor.id);
  }

  recent(actor: Actor, limit = 10): Promise<Ticket[]> {
    return this.em.getRepository(Ticket).newest(limit);
  }
}
