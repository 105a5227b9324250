import { randomUUID } from 'node:crypto';
import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';
import { listCacheTriggers } from '../../database/list-cache-triggers.js';
import { UserRepository } from './user.repository.js';

/**
 * The session cache's invalidation on every change of a user (Migration20261202700000SessionCache;
 * common/auth/session-cache.ts): declared with the entity so the schema diff knows them.
 */
export const USERS_SESSION_CACHE_TRIGGERS = [
  { name: 'users_session_cache_update', events: ['update'], expression: `create trigger "users_session_cache_update" after update on "users" referencing old table as old_rows for each statement execute function "session_cache_users_changed"()` },
  { name: 'users_session_cache_delete', events: ['delete'], expression: `create trigger "users_session_cache_delete" after delete on "users" referencing old table as old_rows for each statement execute function "session_cache_users_changed"()` },
] as const;

@Entity({
  tableName: 'users',
  repository: () => UserRepository,
  // A user's change also drops the ticket list's cached pages (an assignee's name).
  triggers: [
    ...USERS_SESSION_CACHE_TRIGGERS.map((t) => ({ name: t.name, timing: 'after' as const, events: [...t.events], forEach: 'statement' as const, expression: t.expression })),
    ...listCacheTriggers('users', ['update', 'delete']),
  ],
})
@Check({ name: 'users_role_check', expression: `"role" in ('owner', 'admin', 'agent')` })
@TenantScoped()
@Index({ name: 'users_username_lower_unique', expression: 'create unique index "users_username_lower_unique" on "users" (lower("username"))' })
export class User {
  [EntityRepositoryType]?: UserRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  /** Unique regardless of case (see the index above). */
  @Property({ type: 'string', length: 255 })
  username!: string;

  /** scrypt hash in the form `scrypt$N$r$p$salt$hash`; never leaves the server. */
  @Property({ type: 'string', length: 255, fieldName: 'password', hidden: true })
  passwordHash!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  email?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  firstName?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  lastName?: string | null;

  @Property({ type: 'string', length: 50, nullable: true })
  phone?: string | null;

  @Property({ type: 'text', nullable: true })
  address?: string | null;

  /** owner (the account owner), admin or agent (an invited user's default); see common/auth/roles.ts. */
  @Property({ type: 'string', length: 50, default: 'agent' })
  role: Opt<string> = 'agent';

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade', index: true })
  organization!: Rel<Organization>;

  @Property({ type: 'boolean', default: false })
  isAccountOwner: Opt<boolean> = false;

  @Property({ type: 'boolean', default: false })
  mustChangePassword: Opt<boolean> = false;

  @Property({ type: 'string', length: 255, nullable: true })
  notificationEmail?: string | null;

  @Property({ type: 'string', length: 50, nullable: true })
  notificationPhone?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'datetime', nullable: true })
  lastLogin?: Date | null;
}
