import type { FilterQuery, QueryOrderMap } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { type ListQuery, parseListQuery } from '../../common/http/list-query.js';
import type { ListTicketsQueryDto } from './dto/list-tickets-query.dto.js';
import { containsPattern } from '../../common/http/ids.js';
import { parseTicketFilters, type TicketFilters } from './ticket-filters.js';
import { Ticket } from './ticket.entity.js';

export const TICKET_SORTABLE = ['created_at', 'updated_at', 'ticket_number', 'status', 'priority', 'product_brand'] as const;
type SortField = (typeof TICKET_SORTABLE)[number];

const SORT_PROPERTY: Record<SortField, keyof Ticket> = {
  created_at: 'createdAt',
  updated_at: 'updatedAt',
  ticket_number: 'ticketNumber',
  status: 'status',
  priority: 'priority',
  product_brand: 'productBrand',
};

/** Without a range the whole (filtered) list is returned, up to this many rows. */
export const UNRANGED_LIMIT = 1000;

export interface TicketPage {
  tickets: Ticket[];
  total: number;
  offset: number;
}

/** Builds the organization-scoped condition for the filters (the tenant filter applies as well). */
export function ticketWhere(organizationId: string, filters: TicketFilters): FilterQuery<Ticket> {
  const where: Record<string, unknown> = { organization: organizationId };
  if (filters.status) where.status = filters.status;
  if (filters.brand) where.productBrand = filters.brand;
  if (filters.priority) where.priority = filters.priority;
  if (filters.createdFrom || filters.createdBefore) {
    where.createdAt = {
      ...(filters.createdFrom ? { $gte: filters.createdFrom } : {}),
      ...(filters.createdBefore ? { $lt: filters.createdBefore } : {}),
    };
  }
  if (filters.ids) where.id = { $in: filters.ids };
  if (filters.q) {
    const like = { $ilike: containsPattern(filters.q) };
    where.$or = [
      { ticketNumber: like },
      { issueDescription: like },
      { customer: { name: like } },
      { customer: { email: like } },
      { customer: { phone: like } },
    ];
  }
  return where as FilterQuery<Ticket>;
}

/** The ticket list and the dashboard's recent tickets; paging and counting happen in SQL. */
@Injectable()
export class TicketListService {
  constructor(private readonly em: EntityManager) {}

  async list(actor: Actor, query: ListTicketsQueryDto): Promise<TicketPage> {
    const page: ListQuery<SortField> = parseListQuery(query, {
      sortable: TICKET_SORTABLE,
      defaultSort: { field: 'created_at', order: 'DESC' },
      defaultLimit: UNRANGED_LIMIT,
      maxLimit: UNRANGED_LIMIT,
    });
    const { filter: _filter, range: _range, sort: _sort, ...plain } = query;
    const filters = parseTicketFilters(plain as Record<string, unknown>, page.filter);
    if (filters.ids && filters.ids.length === 0) return { tickets: [], total: 0, offset: page.offset };

    const order = page.sort.order === 'ASC' ? 'asc' : 'desc';
    // Ties fall back to newest first, then the id, so pages never overlap.
    const property = SORT_PROPERTY[page.sort.field];
    const orderBy = (
      property === 'createdAt' ? { createdAt: order, id: order } : { [property]: order, createdAt: 'desc', id: 'desc' }
    ) as QueryOrderMap<Ticket>;
    const where = ticketWhere(actor.organizationId, filters);
    const tickets = await this.em.find(Ticket, where, { populate: ['customer'], orderBy, limit: page.limit, offset: page.offset });
    // Counted apart and without the ORM filters, which would join customers into the count to
    // apply their tenant filter; `where` names the organization itself, so the count stays scoped
    // and can be an index-only scan.
    const total = await this.em.count(Ticket, where, { filters: false });
    return { tickets, total, offset: page.offset };
  }

  recent(actor: Actor, limit = 10): Promise<Ticket[]> {
    return this.em.find(
      Ticket,
      { organization: actor.organizationId },
      { populate: ['customer'], orderBy: { createdAt: 'desc', id: 'desc' }, limit },
    );
  }
}
