import type { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { Actor } from '../../common/auth/actor.js';
import { generatePassword, hashPassword } from '../../common/auth/password.js';
import { roleAllows } from '../../common/auth/roles.js';
import { SessionCache } from '../../common/auth/session-cache.js';
import { DomainEvents } from '../../common/events/domain-event.js';
import { containsPattern, isUuid } from '../../common/http/ids.js';
import { type ListQueryDto, parseListQuery } from '../../common/http/list-query.js';
import { type InvitationStateDto, type InvitedUserDto, type InviteUserDto, toInvitationState } from './dto/invite-user.dto.js';
import { USER_SORTABLE, type UserSortField } from './dto/user-list.dto.js';
import { UserInvitedEvent } from './events/user-invited.event.js';
import { UserRemovedEvent } from './events/user-removed.event.js';
import { AuditLogService } from '../audit-log/audit-log.service.js';
import { messageIdOn } from '../mail/outgoing-mail.js';
import type { AssignableRole } from './dto/update-role.dto.js';
import { saveNewUser } from './save-new-user.js';
import { User } from './user.entity.js';
import { UserInvitation } from './user-invitation.entity.js';
import { AccountOwnerRoleError, CannotRemoveAccountOwnerError, CannotRemoveSelfError, InvalidUserFilterError, OWNERS_ONLY, OwnersOnlyError, UserNotFoundError } from './users.errors.js';
import { UserSessions } from './user-sessions.js';

/** Also checked by the controller's guard, before the body is read. */
export { OWNERS_ONLY };

const SORT_COLUMNS: Record<UserSortField, keyof User> = { username: 'username', created_at: 'createdAt' };

export interface UserPage {
  users: User[];
  offset: number;
  total: number;
}

/** User management of an organization: only its account owner may use it. */
@Injectable()
export class UsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: UserSessions,
    private readonly events: DomainEvents,
    private readonly secrets: SecretBox,
    private readonly auditLog: AuditLogService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessionCache: SessionCache,
  ) {}

  /** The organization's users (the tenant filter scopes the query), one page in SQL. */
  async list(actor: Actor, params: ListQueryDto): Promise<UserPage> {
    this.assertOwner(actor);
    const query = parseListQuery(params, { sortable: USER_SORTABLE, defaultSort: { field: 'created_at', order: 'ASC' } });
    const where = this.listFilter(query.filter);
    const order = query.sort.order === 'ASC' ? 'asc' : 'desc';
    const [users, total] = await this.em
      .getRepository(User)
      .page(where, [{ [SORT_COLUMNS[query.sort.field]]: order }, { id: 'asc' }], query.offset, query.limit);
    return { users, offset: query.offset, total };
  }

  /** Creates a user of the owner's organization with a temporary password they must change. */
  async invite(actor: Actor, dto: InviteUserDto): Promise<InvitedUserDto> {
    this.assertOwner(actor);
    const temporaryPassword = generatePassword();
    const passwordHash = await hashPassword(temporaryPassword);
    return this.em.transactional(async (em) => {
      const user = em.create(User, {
        username: dto.username,
        email: dto.email ?? null,
        passwordHash,
        organization: actor.organizationId,
        isAccountOwner: false,
        role: 'agent',
        mustChangePassword: true,
      });
      await saveNewUser(em);
      // With an e-mail the invitation goes out as a durable job (the UserInvitedEvent's handler),
      // which reads what to send from this row.
      const invitation = user.email
        ? em.create(UserInvitation, {
            organization: actor.organizationId,
            user,
            email: user.email,
            sealedPassword: this.secrets.seal(temporaryPassword),
            messageId: messageIdOn(`invitation:${user.id}`, new URL(this.config.publicBaseUrl).hostname),
          })
        : null;
      this.auditLog.record(em, actor, 'user_invited', {
        subject: user.username,
        changes: [{ field: 'role', old: null, new: user.role }, ...(user.email ? [{ field: 'email', old: null, new: user.email }] : [])],
      });
      await em.flush();
      await this.events.publish(em, new UserInvitedEvent(actor.organizationId, user.id, actor.id));
      return { id: user.id, username: user.username, temporaryPassword, invitation: invitation ? toInvitationState(invitation) : null };
    });
  }

  /** Where the invitation e-mail of a user stands (the credentials dialog polls it while queued). */
  async invitation(actor: Actor, userId: string): Promise<InvitationStateDto | null> {
    this.assertOwner(actor);
    const user = await this.em.getRepository(User).byId(userId);
    if (!user) throw new UserNotFoundError();
    const invitation = await this.em.getRepository(UserInvitation).ofUser(userId);
    return invitation ? toInvitationState(invitation) : null;
  }

  /**
   * Removes a user of the organization: the row (their notifications and preferences cascade; the
   * tickets and calls they touched stay, with the reference set null) and all their sessions.
   */
  async remove(actor: Actor, userId: string): Promise<void> {
    this.assertOwner(actor);
    const user = await this.em.getRepository(User).byId(userId);
    if (!user) throw new UserNotFoundError();
    if (user.id === actor.id) throw new CannotRemoveSelfError();
    if (user.role === 'owner') throw new CannotRemoveAccountOwnerError();
    await this.em.transactional(async (em) => {
      await em.nativeDelete(User, { id: user.id, organization: actor.organizationId });
      await this.sessions.endAll(user.id, em);
      this.auditLog.record(em, actor, 'user_removed', { subject: user.username, changes: [{ field: 'role', old: user.role, new: null }] });
      await em.flush();
      await this.events.publish(em, new UserRemovedEvent(actor.organizationId, user.id, actor.id));
    });
    this.em.getUnitOfWork().unsetIdentity(user);
    // Every instance drops the user's cached sessions on the triggers' NOTIFY; this one at once.
    this.sessionCache.dropUsers(user.id);
  }

  /** The owner gives a user the admin or agent role; the account owner's own role never changes. */
  async setRole(actor: Actor, userId: string, role: AssignableRole): Promise<User> {
    this.assertOwner(actor);
    const user = await this.em.getRepository(User).byId(userId);
    if (!user) throw new UserNotFoundError();
    if (user.role === 'owner') throw new AccountOwnerRoleError();
    if (user.role === role) return user;
    this.auditLog.record(this.em, actor, 'role_changed', { subject: user.username, changes: [{ field: 'role', old: user.role, new: role }] });
    user.role = role;
    await this.em.flush();
    this.sessionCache.dropUsers(user.id);
    return user;
  }

  /** The same rule as the controller's @RequireRole('owner') guard: the role, never the is_account_owner flag. */
  private assertOwner(actor: Actor): void {
    if (!roleAllows(actor.role, 'owner')) throw new OwnersOnlyError();
  }

  /** react-admin's filter: `q` searches username and e-mail; `id` picks users (getMany). */
  private listFilter(filter: Record<string, unknown>): FilterQuery<User> {
    const where: FilterQuery<User> & Record<string, unknown> = {};
    const { q, id } = filter;
    if (q !== undefined && q !== '') {
      if (typeof q !== 'string') throw new InvalidUserFilterError('The q filter must be text');
      const pattern = containsPattern(q);
      where.$or = [{ username: { $ilike: pattern } }, { email: { $ilike: pattern } }];
    }
    if (id !== undefined) {
      const ids = Array.isArray(id) ? id : [id];
      if (!ids.every((value) => typeof value === 'string')) throw new InvalidUserFilterError('The id filter must be ids');
      where.id = { $in: (ids as string[]).filter(isUuid) };
    }
    return where;
  }
}
