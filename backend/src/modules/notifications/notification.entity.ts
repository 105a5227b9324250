import { randomUUID } from 'node:crypto';
import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';
import { User } from '../users/user.entity.js';
import { NotificationRepository } from './notification.repository.js';

@Entity({ tableName: 'notifications', repository: () => NotificationRepository })
@TenantScoped()
@Index({ name: 'notifications_user_read_created_index', properties: ['user', 'isRead', 'createdAt'] })
// A user's pages in order, and their total from the index alone (Migration20261202900000NotificationPages).
@Index({ name: 'notifications_organization_user_created_index', properties: ['organization', 'user', 'createdAt', 'id'] })
export class Notification {
  [EntityRepositoryType]?: NotificationRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade' })
  organization!: Rel<Organization>;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  user!: Rel<User>;

  @Property({ type: 'string', length: 100 })
  type!: string;

  @Property({ type: 'string', length: 255 })
  title!: string;

  @Property({ type: 'text' })
  message!: string;

  @Property({ type: 'json', nullable: true })
  metadata?: Record<string, unknown> | null;

  @Property({ type: 'boolean', default: false })
  isRead: Opt<boolean> = false;

  @Property({ type: 'boolean', default: false })
  isFollowup: Opt<boolean> = false;

  @Property({ type: 'string', length: 100, nullable: true })
  relatedEntityType?: string | null;

  @Property({ type: 'string', length: 100, nullable: true })
  relatedEntityId?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();
}
