import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { Organization } from '../organizations/organization.entity.js';
import { type InvitationStatus, UserInvitation } from './user-invitation.entity.js';
import { User } from './user.entity.js';

/** What an invitation e-mail needs, read off the users module's rows. */
export interface InvitationToSend {
  invitationId: string;
  to: string;
  /** Fixed when the user was invited (messageIdOn `invitation:<user id>`). */
  messageId: string;
  organizationName: string;
  invitedBy: string;
  username: string;
  temporaryPassword: string;
}

/**
 * The invitation rows (`user_invitations`) are the users module's: the sender of the e-mail
 * (notifications' InvitationEmailListener) reads what to send and writes the outcome only through
 * this service, on the EntityManager it is given (its job's, or its own commit's).
 */
@Injectable()
export class UserInvitationsService {
  constructor(private readonly secrets: SecretBox) {}

  /** The invitation still to send, or null (invited without an e-mail, removed since, or already settled). */
  async toSend(em: EntityManager, userId: string, invitedById: string): Promise<InvitationToSend | null> {
    const invitation = await em.getRepository(UserInvitation).ofUser(userId, true);
    if (!invitation || invitation.status !== 'queued' || !invitation.sealedPassword) return null;
    const organization = await em.getRepository(Organization).findOneOrFail({ id: invitation.organization.id });
    const inviter = await em.getRepository(User).findOne({ id: invitedById });
    return {
      invitationId: invitation.id,
      to: invitation.email,
      messageId: invitation.messageId,
      organizationName: organization.name,
      invitedBy: inviter ? [inviter.firstName, inviter.lastName].filter(Boolean).join(' ') || inviter.username : 'The account owner',
      username: invitation.user.username,
      temporaryPassword: this.secrets.open(invitation.sealedPassword),
    };
  }

  /** The e-mail's outcome; any outcome but a retry (`queued`) erases the sealed temporary password. */
  settle(em: EntityManager, invitationId: string, status: InvitationStatus, error: string | null): Promise<void> {
    return em.getRepository(UserInvitation).settle(invitationId, status, error);
  }
}
