import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { parseListQuery } from '../../common/http/list-query.js';
import { MAX_LIST_OFFSET } from '@warranty-crm/contract';
import { SEARCH_MIN_LENGTH } from '../search/search-indexes.js';
import { Customer } from './customer.entity.js';
import { CustomerHistory } from './customer-history.js';
import { CustomersService, normalizeEmail } from './customers.service.js';
import { CustomerContactTakenError, CustomerEmailRequiredError, CustomerNotFoundError, CustomerOffsetTooDeepError, CustomersFilterInvalidError } from './customers.errors.js';
import {
  type CustomerDetailDto,
  type CustomerListItemDto,
  type ListCustomersQueryDto,
  toCustomerDetail,
  toCustomerListItem,
  type UpdateCustomerDto,
} from './dto/customer.dto.js';
import { storedPhone } from './phone.js';

/** The most tickets and calls the customer page lists (the counts are complete). */
export const CUSTOMER_HISTORY_LIMIT = 200;
const SORTABLE = ['created_at'] as const;

export interface CustomerPage {
  items: CustomerListItemDto[];
  offset: number;
  total: number;
  estimated: boolean;
}

/** The customers resource: list, show and edit (merging is CustomerMergeService's). */
@Injectable()
export class CustomerPagesService {
  constructor(
    private readonly em: EntityManager,
    private readonly customers: CustomersService,
    private readonly history: CustomerHistory,
  ) {}

  async list(actor: Actor, query: ListCustomersQueryDto): Promise<CustomerPage> {
    const list = parseListQuery(query, { sortable: SORTABLE, defaultSort: { field: 'created_at', order: 'DESC' }, maxLimit: 100 });
    if (list.offset > MAX_LIST_OFFSET) throw new CustomerOffsetTooDeepError();
    const fromFilter = list.filter.q;
    if (fromFilter !== undefined && typeof fromFilter !== 'string') throw new CustomersFilterInvalidError('The q filter must be text');
    const q = (query.q ?? (fromFilter as string | undefined) ?? '').trim();
    if (q.length > 100) throw new CustomersFilterInvalidError('Search must be at most 100 characters');
    const search = q.length >= SEARCH_MIN_LENGTH ? q : null;
    const order = list.sort.order === 'ASC' ? 'asc' : 'desc';
    const page = await this.em.getRepository(Customer).page(search, order, list.offset, list.limit);
    const summaries = await this.history.summaries(this.em, page.customers.map((c) => c.id));
    return {
      items: page.customers.map((c) => toCustomerListItem(c, summaries.get(c.id))),
      offset: list.offset,
      total: page.total,
      estimated: page.estimated,
    };
  }

  /** The organization's customer; another organization's id is a 404. */
  async find(actor: Actor, id: string, em: EntityManager = this.em): Promise<Customer> {
    const customer = await em.getRepository(Customer).ofOrganization(actor.organizationId, id);
    if (!customer) throw new CustomerNotFoundError();
    return customer;
  }

  async get(actor: Actor, id: string, em: EntityManager = this.em): Promise<CustomerDetailDto> {
    const customer = await this.find(actor, id, em);
    return toCustomerDetail(customer, await this.history.of(em, customer.id, CUSTOMER_HISTORY_LIMIT));
  }

  /**
   * PUT /api/customers/{id}: the phone is kept as every intake keeps it (E.164 in the organization's
   * country), the e-mail in lower case; neither may be another customer's (the intake's locks on
   * the phone and e-mail are taken first, so a ticket arriving for the same contact waits).
   */
  async update(actor: Actor, id: string, dto: UpdateCustomerDto): Promise<CustomerDetailDto> {
    const country = await this.customers.phoneCountry(this.em, actor.organizationId);
    return this.em.transactional(async (tx) => {
      const customer = await this.find(actor, id, tx);
      const phone = dto.phone === undefined ? (customer.phone ?? null) : storedPhone(dto.phone, country);
      const email = dto.email === undefined ? (customer.email ?? null) : dto.email === null ? null : normalizeEmail(dto.email);
      if (!email && customer.email) throw new CustomerEmailRequiredError();
      const repo = tx.getRepository(Customer);
      await repo.lockContacts(phone, email);
      if (phone && phone !== customer.phone) {
        const other = await repo.otherWith(customer.id, 'phone', phone);
        if (other) throw new CustomerContactTakenError('phone', other);
      }
      if (email && email !== customer.email) {
        const other = await repo.otherWith(customer.id, 'email', email);
        if (other) throw new CustomerContactTakenError('email', other);
      }
      tx.assign(customer, {
        name: dto.name,
        phone,
        email,
        ...(dto.street !== undefined ? { street: dto.street } : {}),
        ...(dto.city !== undefined ? { city: dto.city } : {}),
        ...(dto.state !== undefined ? { state: dto.state } : {}),
        ...(dto.zip_code !== undefined ? { zipCode: dto.zip_code } : {}),
        ...(dto.country !== undefined ? { country: dto.country } : {}),
      });
      await tx.flush();
      return this.get(actor, customer.id, tx);
    });
  }
}
