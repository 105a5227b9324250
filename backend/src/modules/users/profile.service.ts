import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { SessionCache } from '../../common/auth/session-cache.js';
import { hashPassword, verifyPassword } from '../../common/auth/password.js';
import type { ChangePasswordDto, UpdateProfileDto } from './dto/profile.dto.js';
import { User } from './user.entity.js';
import { UserSessions } from './user-sessions.js';
import { CurrentPasswordIncorrectError, UserNotFoundError } from './users.errors.js';

/** Wire field → entity property of the fields a user may change about themselves. */
const PROFILE_FIELDS = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  phone: 'phone',
  address: 'address',
  notification_email: 'notificationEmail',
  notification_phone: 'notificationPhone',
} as const satisfies Record<keyof UpdateProfileDto, keyof User>;

/** The signed-in user's own account: personal information and password. */
@Injectable()
export class ProfileService {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: UserSessions,
    private readonly sessionCache: SessionCache,
  ) {}

  /** Sets the fields present in the body; null (or an empty string) clears one. */
  async update(actor: Actor, dto: UpdateProfileDto): Promise<User> {
    const user = await this.self(actor);
    for (const [field, property] of Object.entries(PROFILE_FIELDS) as [keyof UpdateProfileDto, (typeof PROFILE_FIELDS)[keyof UpdateProfileDto]][]) {
      const value = dto[field];
      if (value !== undefined) user[property] = value;
    }
    await this.em.flush();
    // Every instance drops its cached copy on the users trigger's NOTIFY; this one at once.
    this.sessionCache.dropUsers(user.id);
    return user;
  }

  /**
   * Replaces the password after checking the current one, clears must_change_password, and ends
   * every other session of the user (the one asking stays signed in).
   */
  async changePassword(actor: Actor, dto: ChangePasswordDto, currentSessionId: string): Promise<void> {
    const user = await this.self(actor);
    if (!(await verifyPassword(dto.currentPassword, user.passwordHash))) {
      throw new CurrentPasswordIncorrectError();
    }
    const passwordHash = await hashPassword(dto.newPassword);
    await this.em.transactional(async (em) => {
      await em.nativeUpdate(User, { id: user.id }, { passwordHash, mustChangePassword: false });
      await this.sessions.endOthers(user.id, currentSessionId, em);
    });
    this.sessionCache.dropUsers(user.id);
  }

  private async self(actor: Actor): Promise<User> {
    const user = await this.em.getRepository(User).byId(actor.id);
    if (!user) throw new UserNotFoundError();
    return user;
  }
}
