import { randomUUID } from 'node:crypto';
import { Collection, EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Check, Entity, ManyToOne, OneToMany, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { ResolutionState, ResolutionType } from '@warranty-crm/contract';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';
import { Ticket } from '../tickets/ticket.entity.js';
import { WarrantyResolutionRepository } from './warranty-resolution.repository.js';

/** An approved claim's resolution: its RMA number, type, shipments, state and items. */
@Entity({ tableName: 'warranty_resolutions', repository: () => WarrantyResolutionRepository })
@TenantScoped()
@Unique({ name: 'warranty_resolutions_organization_rma_unique', properties: ['organization', 'rmaSeq'] })
@Check({ name: 'warranty_resolutions_type_check', expression: `"type" in ('replacement', 'parts', 'repair', 'refund')` })
@Check({ name: 'warranty_resolutions_state_check', expression: `"state" in ('awaiting_return', 'received', 'shipped', 'delivered', 'refunded')` })
export class WarrantyResolution {
  [EntityRepositoryType]?: WarrantyResolutionRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade', index: true })
  organization!: Rel<Organization>;

  @ManyToOne({ entity: () => Ticket, deleteRule: 'cascade', unique: 'warranty_resolutions_ticket_id_unique' })
  ticket!: Rel<Ticket>;

  /** The organization's RMA sequence number (rma_counters), gapless. */
  @Property({ type: 'integer' })
  rmaSeq!: number;

  @Property({ type: 'string', length: 20 })
  rmaNumber!: string;

  @Property({ type: 'string', length: 12 })
  type!: ResolutionType;

  @Property({ type: 'string', length: 16 })
  state!: ResolutionState;

  @Property({ type: 'string', length: 100, nullable: true })
  returnCarrier?: string | null;

  @Property({ type: 'string', length: 100, nullable: true })
  returnTracking?: string | null;

  @Property({ type: 'string', length: 100, nullable: true })
  outboundCarrier?: string | null;

  @Property({ type: 'string', length: 100, nullable: true })
  outboundTracking?: string | null;

  @Property({ type: 'decimal', precision: 14, scale: 2, default: 0 })
  totalCost: Opt<string> = '0';

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();

  /** When it was delivered or refunded. */
  @Property({ type: 'datetime', nullable: true })
  resolvedAt?: Date | null;

  @OneToMany({ entity: () => WarrantyResolutionItem, mappedBy: 'resolution', orderBy: { position: 'asc' } })
  items = new Collection<WarrantyResolutionItem>(this);
}

/** One line of a resolution: what was sent or refunded and what it cost. */
@Entity({ tableName: 'warranty_resolution_items' })
@TenantScoped()
export class WarrantyResolutionItem {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade', index: true })
  organization!: Rel<Organization>;

  @ManyToOne({ entity: () => WarrantyResolution, deleteRule: 'cascade', index: true })
  resolution!: Rel<WarrantyResolution>;

  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'string', length: 100 })
  sku!: string;

  @Property({ type: 'string', length: 500, default: '' })
  description: Opt<string> = '';

  @Property({ type: 'integer' })
  quantity!: number;

  @Property({ type: 'decimal', precision: 12, scale: 2 })
  unitCost!: string;
}
