import { randomUUID } from 'node:crypto';
import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';
import { User } from '../users/user.entity.js';
import { NotificationPreferenceRepository } from './notification-preference.repository.js';

@Entity({ tableName: 'notification_preferences', repository: () => NotificationPreferenceRepository })
@TenantScoped()
@Unique({ name: 'notification_preferences_user_event_unique', properties: ['user', 'eventType'] })
export class NotificationPreference {
  [EntityRepositoryType]?: NotificationPreferenceRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade', index: true })
  organization!: Rel<Organization>;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  user!: Rel<User>;

  @Property({ type: 'string', length: 100 })
  eventType!: string;

  @Property({ type: 'boolean', default: true })
  inApp: Opt<boolean> = true;

  @Property({ type: 'boolean', default: true })
  mobilePush: Opt<boolean> = true;

  @Property({ type: 'boolean', default: true })
  browser: Opt<boolean> = true;

  @Property({ type: 'boolean', default: false })
  sms: Opt<boolean> = false;

  @Property({ type: 'boolean', default: true })
  email: Opt<boolean> = true;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
