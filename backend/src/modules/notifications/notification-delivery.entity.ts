import { randomUUID } from 'node:crypto';
import type { Opt, Rel } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';
import { User } from '../users/user.entity.js';

export type DeliveryStatus = 'sent' | 'skipped';

/**
 * The outcome of one (user, event, channel) delivery job: sent (with the provider's id), or skipped
 * with the reason (no SMTP, no number, no subscription) instead of being retried forever.
 */
@Entity({ tableName: 'notification_deliveries' })
@TenantScoped()
@Index({ name: 'notification_deliveries_user_created_index', properties: ['user', 'createdAt'] })
// Whether a delivery has an outcome already (a batch's retry, recordedDeliveries).
@Index({ name: 'notification_deliveries_source_index', properties: ['sourceKey', 'channel', 'user'] })
export class NotificationDelivery {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade', index: true })
  organization!: Rel<Organization>;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  user!: Rel<User>;

  @Property({ type: 'string', length: 100 })
  eventType!: string;

  /** The source's idempotency key, e.g. `new_ticket:<ticket id>`. */
  @Property({ type: 'string', length: 255 })
  sourceKey!: string;

  @Property({ type: 'string', length: 20 })
  channel!: string;

  @Property({ type: 'string', length: 20 })
  status!: DeliveryStatus;

  /** Why it was skipped, or what the provider answered (message id, recipient). */
  @Property({ type: 'text', nullable: true })
  detail?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();
}
