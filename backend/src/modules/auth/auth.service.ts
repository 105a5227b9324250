import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { defaultOrganizationName } from '@warranty-crm/contract';
import type { Actor } from '../../common/auth/actor.js';
import { SessionCache } from '../../common/auth/session-cache.js';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../../common/auth/password.js';
import { DomainEvents } from '../../common/events/domain-event.js';
import { AuditLogService } from '../audit-log/audit-log.service.js';
import { Organization } from '../organizations/organization.entity.js';
import { saveNewUser } from '../users/save-new-user.js';
import { User } from '../users/user.entity.js';
import { UserNotFoundError } from '../users/users.errors.js';
import { InvalidCredentialsError, NoPendingPasswordChangeError } from './auth.errors.js';
import { UserRegisteredEvent } from './events/user-registered.event.js';
import { LoginThrottleService } from './login-throttle.service.js';

export function toActor(user: User): Actor {
  return {
    id: user.id,
    username: user.username,
    organizationId: user.organization.id,
    isAccountOwner: user.isAccountOwner,
    role: user.role,
    mustChangePassword: user.mustChangePassword,
  };
}

@Injectable()
export class AuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly throttle: LoginThrottleService,
    private readonly events: DomainEvents,
    private readonly auditLog: AuditLogService,
    private readonly sessionCache: SessionCache,
  ) {}

  /** Creates an organization (named, or "<username>'s organization") with this user as its account owner. */
  async register(username: string, password: string, organizationName?: string): Promise<User> {
    const passwordHash = await hashPassword(password);
    const user = await this.em.transactional(async (em) => {
      const organization = em.create(Organization, { name: organizationName ?? defaultOrganizationName(username) });
      const created = em.create(User, {
        username,
        passwordHash,
        organization,
        isAccountOwner: true,
        role: 'owner',
        lastLogin: new Date(),
      });
      await saveNewUser(em);
      await this.events.publish(em, new UserRegisteredEvent(organization.id, created.id));
      return created;
    });
    return user;
  }

  /** Checks the credentials for passport-local; throttled per username and address. */
  async authenticate(username: string, password: string, address: string): Promise<Actor> {
    const key = LoginThrottleService.key(username, address);
    await this.throttle.assertAllowed(key);
    const user = await this.findByUsername(this.em, username);
    const valid = await verifyPassword(password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    if (!user || !valid) {
      await this.throttle.recordFailure(key);
      throw new InvalidCredentialsError();
    }
    await this.throttle.reset(key);
    user.lastLogin = new Date();
    const actor = toActor(user);
    await this.auditLog.recordSignIn(this.em, actor);
    await this.em.flush();
    return actor;
  }

  /** Resolves the session's user id on every request; a removed user resolves to nothing. */
  async actorFor(userId: string): Promise<Actor | null> {
    const user = await this.em.fork().findOne(User, { id: userId }, { filters: false });
    return user ? toActor(user) : null;
  }

  /** The session's user, or null when it no longer exists (a session outliving its user). */
  async sessionUser(actor: Actor): Promise<User | null> {
    return this.em.getRepository(User).ofSession(actor.organizationId, actor.id);
  }

  async currentUser(actor: Actor): Promise<User> {
    const user = await this.em.getRepository(User).byId(actor.id);
    if (!user) throw new UserNotFoundError();
    return user;
  }

  /** The forced change after signing in with a temporary password; nobody else may skip the current one. */
  async changeForcedPassword(actor: Actor, newPassword: string): Promise<User> {
    const user = await this.currentUser(actor);
    if (!user.mustChangePassword) throw new NoPendingPasswordChangeError();
    user.passwordHash = await hashPassword(newPassword);
    user.mustChangePassword = false;
    await this.em.flush();
    this.sessionCache.dropUsers(user.id);
    return user;
  }

  private findByUsername(em: EntityManager, username: string): Promise<User | null> {
    return em.getRepository(User).byUsernameInAnyOrganization(username);
  }
}
