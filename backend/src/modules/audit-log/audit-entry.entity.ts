import { randomUUID } from 'node:crypto';
import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import type { AuditKind } from '@warranty-crm/contract';
import { Organization } from '../organizations/organization.entity.js';
import { AuditEntryRepository } from './audit-entry.repository.js';

export { AUDIT_KINDS, type AuditKind } from '@warranty-crm/contract';

/** One changed field: a secret's values are never kept, only that it changed (`secret: true`). */
export interface AuditChange {
  field: string;
  old?: unknown;
  new?: unknown;
  secret?: boolean;
}

/**
 * One line of an organization's audit log: who (id and the username at the time, kept after the
 * user is removed), what (kind, subject, changes), when and from where (IP, user agent). Rows are
 * only inserted, in the transaction of the change they record; the API has no way to edit or
 * delete them.
 */
@Entity({ tableName: 'audit_log', repository: () => AuditEntryRepository })
@TenantScoped()
@Index({ name: 'audit_log_organization_created_index', properties: ['organization', 'createdAt'] })
@Index({ name: 'audit_log_organization_actor_index', properties: ['organization', 'actorId', 'createdAt'] })
@Index({ name: 'audit_log_organization_kind_index', properties: ['organization', 'kind', 'createdAt'] })
export class AuditEntry {
  [EntityRepositoryType]?: AuditEntryRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade' })
  organization!: Rel<Organization>;

  /** The user who did it (no foreign key: the line outlives a removed user). */
  @Property({ type: 'uuid', nullable: true })
  actorId?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  actorUsername?: string | null;

  @Property({ type: 'string', length: 40 })
  kind!: AuditKind;

  /** What it is about, in words: the user's name, the phone number, "settings". */
  @Property({ type: 'string', length: 255, nullable: true })
  subject?: string | null;

  @Property({ type: 'json' })
  changes: Opt<AuditChange[]> = [];

  @Property({ type: 'string', length: 64, nullable: true })
  ip?: string | null;

  @Property({ type: 'string', length: 500, nullable: true })
  userAgent?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();
}
