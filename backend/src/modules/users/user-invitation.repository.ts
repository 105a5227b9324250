import { EntityRepository } from '@mikro-orm/postgresql';
import type { InvitationStatus, UserInvitation } from './user-invitation.entity.js';

/** The invitation rows' queries (`em.getRepository(UserInvitation)`), scoped by the tenant filter. */
export class UserInvitationRepository extends EntityRepository<UserInvitation> {
  /** The invitation of a user, if they were invited with an e-mail. */
  ofUser(userId: string, withUser = false): Promise<UserInvitation | null> {
    return this.findOne({ user: userId }, withUser ? { populate: ['user'] } : {});
  }

  /** Writes an outcome; any outcome but a retry erases the sealed temporary password. */
  async settle(invitationId: string, status: InvitationStatus, error: string | null): Promise<void> {
    await this.nativeUpdate(
      { id: invitationId },
      { status, error, ...(status === 'queued' ? {} : { sealedPassword: null }), ...(status === 'sent' ? { sentAt: new Date() } : {}) },
    );
  }
}
