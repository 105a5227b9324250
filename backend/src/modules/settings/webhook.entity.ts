import { randomUUID } from 'node:crypto';
import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';
import { WebhookRepository } from './webhook.repository.js';

/** A brand webhook: the id in Retell's webhook and function URLs that routes a call to a brand. */
@Entity({ tableName: 'webhooks', repository: () => WebhookRepository })
@TenantScoped()
export class Webhook {
  [EntityRepositoryType]?: WebhookRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade', index: true })
  organization!: Rel<Organization>;

  @Property({ type: 'string', length: 255 })
  name!: string;

  @Property({ type: 'string', length: 50 })
  brand!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();
}
