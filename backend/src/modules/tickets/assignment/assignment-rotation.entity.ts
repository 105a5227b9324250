import { randomUUID } from 'node:crypto';
import { ArrayType, EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../../common/tenancy/tenant-filter.js';
import { Organization } from '../../organizations/organization.entity.js';
import { TicketAssignmentRotationRepository } from './assignment-rotation.repository.js';

/**
 * The organization's automatic assignment of new tickets (Settings → Tickets): on or off, the agents
 * it rotates among (in this order; a removed user is skipped when a pick is made), and the number of
 * picks made so far. A pick adds one to `counter` in one UPDATE … RETURNING (the row lock lasts that
 * statement's short transaction), so concurrent creates each get their own turn.
 */
@Entity({ tableName: 'ticket_assignment_rotations', repository: () => TicketAssignmentRotationRepository })
@TenantScoped()
export class TicketAssignmentRotation {
  [EntityRepositoryType]?: TicketAssignmentRotationRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @OneToOne({ entity: () => Organization, owner: true, deleteRule: 'cascade', unique: true })
  organization!: Rel<Organization>;

  @Property({ type: 'boolean', default: false })
  enabled: Opt<boolean> = false;

  @Property({ type: ArrayType, columnType: 'uuid[]', defaultRaw: "'{}'" })
  agentIds: Opt<string[]> = [];

  /** Picks made so far (written only by the pick's UPDATE). */
  @Property({ type: 'bigint', defaultRaw: '0' })
  counter: Opt<string> = '0';

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
