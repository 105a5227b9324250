import { randomUUID } from 'node:crypto';
import { EntityRepositoryType, type Opt, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { TenantScoped } from '../../common/tenancy/tenant-filter.js';
import { Organization } from '../organizations/organization.entity.js';
import { UserInvitationRepository } from './user-invitation.repository.js';
import { User } from './user.entity.js';

/** queued: the job will send it; then sent, not_sent_no_smtp (no SMTP settings) or failed (last attempt). */
export const INVITATION_STATUSES = ['queued', 'sent', 'not_sent_no_smtp', 'failed'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/**
 * The invitation e-mail of a user invited with an e-mail address: what the durable job sends once
 * through the organization's SMTP, and its outcome for the owner's credentials dialog. The
 * temporary password waits here sealed (SecretBox) only until the job settles, then it is erased.
 */
@Entity({ tableName: 'user_invitations', repository: () => UserInvitationRepository })
@TenantScoped()
export class UserInvitation {
  [EntityRepositoryType]?: UserInvitationRepository;

  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Organization, deleteRule: 'cascade', index: true })
  organization!: Rel<Organization>;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade', unique: true })
  user!: Rel<User>;

  @Property({ type: 'string', length: 255 })
  email!: string;

  @Property({ type: 'string', length: 20, default: 'queued' })
  status: Opt<InvitationStatus> = 'queued';

  /** The temporary password, sealed; null once the e-mail is settled. */
  @Property({ type: 'text', nullable: true, hidden: true })
  sealedPassword?: string | null;

  /**
   * Fixed before the first attempt (messageIdOn(`invitation:<user id>`, the app's host), the scheme of
   * every message's Message-ID), so a message sent twice is one message to the recipient's server.
   */
  @Property({ type: 'string', length: 255 })
  messageId!: string;

  @Property({ type: 'datetime', nullable: true })
  sentAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  error?: string | null;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Opt<Date> = new Date();
}
