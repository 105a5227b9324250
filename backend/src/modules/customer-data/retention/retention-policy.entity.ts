import { randomUUID } from 'node:crypto';
import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Check, Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { ClosedTicketAction } from '@warranty-crm/contract';
import { TenantScoped } from '../../../common/tenancy/tenant-filter.js';
import { Organization } from '../../organizations/organization.entity.js';
import { RetentionPolicyRepository } from './retention-policy.repository.js';

/**
 * An organization's retention policy (issue 35): how many days recordings, attachments and closed
 * tickets are kept (null: forever), what happens to a closed ticket past its period, and whether the
 * scheduled task applies it (only after a dry run of the periods as they are).
 */
@Entity({ tableName: 'retention_policies', repository: () => RetentionPolicyRepository })
@TenantScoped()
@Check({ name: 'retention_policies_closed_tickets_action_check', expression: `"closed_tickets_action" in ('anonymise', 'delete')` })
export class RetentionPolicy {
  [EntityRepositoryType]?: RetentionPolicyRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @OneToOne({ entity: () => Organization, owner: true, deleteRule: 'cascade', unique: true })
  organization!: Rel<Organization>;

  @Property({ type: 'integer', nullable: true })
  recordingsDays?: number | null;

  @Property({ type: 'integer', nullable: true })
  attachmentsDays?: number | null;

  @Property({ type: 'integer', nullable: true })
  closedTicketsDays?: number | null;

  @Property({ type: 'string', length: 20, default: 'anonymise' })
  closedTicketsAction: Opt<ClosedTicketAction> = 'anonymise';

  @Property({ type: 'boolean', default: false })
  enabled: Opt<boolean> = false;

  /** The last dry run of the periods as they are now; a change of period or action clears it. */
  @Property({ type: 'datetime', nullable: true })
  dryRunAt?: Date | null;

  /** Set by the run that works on the organization now (a concurrent run leaves it alone). */
  @Property({ type: 'datetime', nullable: true })
  runClaimedAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  lastRunAt?: Date | null;

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
