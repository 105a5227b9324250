import { randomUUID } from 'node:crypto';
import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';
import { UploadRepository } from './upload.repository.js';

/**
 * A file an organization was allowed to upload. Recorded when the upload URL is issued; claimed
 * when a setting starts using it. Unclaimed uploads older than a day are removed with their bytes.
 */
@Entity({ tableName: 'uploads', repository: () => UploadRepository })
@TenantScoped()
@Index({ properties: ['claimedAt', 'createdAt'] }) // the clean-up's scan for old unclaimed uploads
export class Upload {
  [EntityRepositoryType]?: UploadRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade', index: true })
  organization!: Rel<Organization>;

  /** `/objects/uploads/<organization id>/<uuid>-<safe name>`; the storage key drops `/objects/`. */
  @Property({ type: 'text', unique: true })
  objectPath!: string;

  @Property({ type: 'string', length: 50 })
  purpose!: string;

  /** The name the user's file had (before it was made safe for the key). */
  @Property({ type: 'string', length: 255 })
  fileName!: string;

  @Property({ type: 'string', length: 100 })
  contentType!: string;

  @Property({ type: 'integer' })
  size!: number;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', nullable: true })
  claimedAt?: Date | null;
}

export const OBJECT_PATH_PREFIX = '/objects/';

/** `/objects/uploads/a/b.mp3` -> `uploads/a/b.mp3` */
export function storageKeyOf(objectPath: string): string {
  return objectPath.slice(OBJECT_PATH_PREFIX.length);
}
