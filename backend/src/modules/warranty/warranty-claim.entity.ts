import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Check, Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { WarrantyDecision } from '@warranty-crm/contract';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';
import { Ticket } from '../tickets/ticket.entity.js';
import { User } from '../users/user.entity.js';
import { WarrantyClaimRepository } from './warranty-claim.repository.js';
import { WARRANTY_CLAIMS_TRIGGERS } from './warranty-triggers.js';

/**
 * A ticket's warranty decision (one row per decided ticket; a changed decision updates it). It
 * carries the ticket's rollup key (UTC creation day, brand, SKU, product, category; kept in step by
 * the tickets' trigger) and its resolution's total cost and end, so the rollups' triggers need only
 * this row.
 */
@Entity({
  tableName: 'warranty_claims',
  repository: () => WarrantyClaimRepository,
  triggers: WARRANTY_CLAIMS_TRIGGERS.map((t) => ({ name: t.name, timing: 'after' as const, events: [...t.events], forEach: 'statement' as const, expression: t.expression })),
})
@TenantScoped()
@Check({ name: 'warranty_claims_decision_check', expression: `"decision" in ('approved', 'denied')` })
export class WarrantyClaim {
  [EntityRepositoryType]?: WarrantyClaimRepository;

  @ManyToOne({ entity: () => Ticket, primary: true, deleteRule: 'cascade' })
  ticket!: Rel<Ticket>;

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade', index: true })
  organization!: Rel<Organization>;

  @Property({ type: 'string', length: 10 })
  decision!: WarrantyDecision;

  @Property({ type: 'string', length: 200, nullable: true })
  reason?: string | null;

  @Property({ type: 'text', nullable: true })
  note?: string | null;

  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  decidedBy?: Rel<User> | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  decidedAt: Opt<Date> = new Date();

  @Property({ type: 'datetime' })
  claimedAt!: Date;

  @Property({ type: 'date' })
  day!: string;

  @Property({ type: 'string', length: 50, default: '' })
  brand: Opt<string> = '';

  @Property({ type: 'string', length: 255, default: '' })
  sku: Opt<string> = '';

  @Property({ type: 'string', length: 255, default: '' })
  product: Opt<string> = '';

  @Property({ type: 'string', length: 100, default: '' })
  category: Opt<string> = '';

  @Property({ type: 'decimal', precision: 14, scale: 2, default: 0 })
  totalCost: Opt<string> = '0';

  /** When the claim ended: its denial, or its resolution delivered or refunded. */
  @Property({ type: 'datetime', nullable: true })
  resolvedAt?: Date | null;
}
