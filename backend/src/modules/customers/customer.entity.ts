import { CUSTOMER_RECENT_INDEX, SEARCH_INDEXES } from '../search/search-indexes.js';
import { randomUUID } from 'node:crypto';
import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';
import { listCacheTriggers } from '../../database/list-cache-triggers.js';
import { CustomerRepository } from './customer.repository.js';

/**
 * A customer of one organization. The phone is unique within the organization (not globally);
 * it may be absent because tickets can arrive with an e-mail address only.
 */
@Entity({
  tableName: 'customers',
  repository: () => CustomerRepository,
  // A change drops the ticket list's cached pages (a row shows its customer's name and phone).
  triggers: listCacheTriggers('customers', ['update', 'delete']),
})
@TenantScoped()
@Unique({ name: 'customers_organization_phone_unique', properties: ['organization', 'phone'] })
@Index({ name: 'customers_organization_email_index', properties: ['organization', 'email'] })
@Index({ name: SEARCH_INDEXES.customerText.name, expression: SEARCH_INDEXES.customerText.create })
@Index({ name: SEARCH_INDEXES.customerPhoneDigits.name, expression: SEARCH_INDEXES.customerPhoneDigits.create })
@Index({ name: CUSTOMER_RECENT_INDEX.name, expression: CUSTOMER_RECENT_INDEX.create })
export class Customer {
  [EntityRepositoryType]?: CustomerRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade' })
  organization!: Rel<Organization>;

  @Property({ type: 'string', length: 255 })
  name!: string;

  @Property({ type: 'string', length: 50, nullable: true })
  phone?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  email?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  street?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  city?: string | null;

  @Property({ type: 'string', length: 50, nullable: true })
  state?: string | null;

  @Property({ type: 'string', length: 20, nullable: true })
  zipCode?: string | null;

  @Property({ type: 'string', length: 2, default: 'US' })
  country: Opt<string> = 'US';

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  /** When the customer texted STOP (or a synonym) to a brand number; null: texts allowed (START clears it). */
  @Property({ type: 'datetime', nullable: true })
  smsOptedOutAt?: Date | null;
}
