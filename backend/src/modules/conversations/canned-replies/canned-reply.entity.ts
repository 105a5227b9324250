import { randomUUID } from 'node:crypto';
import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../../common/tenancy/tenant-filter.js';
import { Organization } from '../../organizations/organization.entity.js';
import { CannedReplyRepository } from './canned-reply.repository.js';

/** A saved reply of the organization; its body may hold the contract's placeholders ({{ticket_number}} …). */
@Entity({ tableName: 'canned_replies', repository: () => CannedReplyRepository })
@TenantScoped()
@Unique({ name: 'canned_replies_organization_name_unique', properties: ['organization', 'name'] })
export class CannedReply {
  [EntityRepositoryType]?: CannedReplyRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade' })
  organization!: Rel<Organization>;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
