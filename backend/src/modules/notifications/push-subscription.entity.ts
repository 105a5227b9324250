import { randomUUID } from 'node:crypto';
import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';
import { User } from '../users/user.entity.js';
import { PushSubscriptionRepository } from './push-subscription.repository.js';

/** A browser's Web Push subscription ("Enable push on this device"), one per push endpoint. */
@Entity({ tableName: 'push_subscriptions', repository: () => PushSubscriptionRepository })
@TenantScoped()
export class PushSubscription {
  [EntityRepositoryType]?: PushSubscriptionRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade', index: true })
  organization!: Rel<Organization>;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade', index: true })
  user!: Rel<User>;

  @Property({ type: 'text', unique: true })
  endpoint!: string;

  @Property({ type: 'string', length: 255 })
  p256dh!: string;

  @Property({ type: 'string', length: 255 })
  auth!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();
}
