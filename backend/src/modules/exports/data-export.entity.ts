import { randomUUID } from 'node:crypto';
import { BigIntType, EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { ExportKind, ExportStatus } from '@warranty-crm/contract';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';
import { User } from '../users/user.entity.js';
import { DataExportRepository } from './data-export.repository.js';

/**
 * One export a user asked for: the list's filter at the time, its progress while the job streams
 * the rows, and the CSV file (a generated storage key) once ready, until it expires.
 */
@Entity({ tableName: 'data_exports', repository: () => DataExportRepository })
@TenantScoped()
@Index({ name: 'data_exports_organization_user_created_index', properties: ['organization', 'requestedBy', 'createdAt'] })
@Index({ name: 'data_exports_expires_index', expression: 'create index "data_exports_expires_index" on "data_exports" ("expires_at") where "status" = \'ready\'' })
@Check({ name: 'data_exports_kind_check', expression: `"kind" in ('tickets', 'customers', 'customer_data')` })
@Check({ name: 'data_exports_status_check', expression: `"status" in ('queued', 'running', 'ready', 'failed', 'expired')` })
export class DataExport {
  [EntityRepositoryType]?: DataExportRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade', index: true })
  organization!: Rel<Organization>;

  /** Who asked (and is told when it is ready); null once that user is removed. */
  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  requestedBy?: Rel<User> | null;

  @Property({ type: 'string', length: 20 })
  kind!: ExportKind;

  /** The list's filter as the screen sent it (the same parameters as its list route). */
  @Property({ type: 'json' })
  filter: Opt<Record<string, unknown>> = {};

  @Property({ type: 'string', length: 10, default: 'queued' })
  status: Opt<ExportStatus> = 'queued';

  /** The rows the filter matched when the export started (null until then). */
  @Property({ type: 'integer', nullable: true })
  totalRows?: number | null;

  @Property({ type: 'integer', default: 0 })
  rowsDone: Opt<number> = 0;

  @Property({ type: 'string', length: 500, nullable: true })
  fileKey?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  fileName?: string | null;

  @Property({ type: new BigIntType('number'), nullable: true })
  fileSize?: number | null;

  @Property({ type: 'text', nullable: true })
  error?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', nullable: true })
  finishedAt?: Date | null;

  @Property({ type: 'datetime', nullable: true })
  expiresAt?: Date | null;
}
