import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { SecretBox } from '../../../common/crypto/secret-box.js';
import { type JobAttempt, OnDomainEvent } from '../../../common/jobs/job-decorators.js';
import { type TenantContext, TenantRunner } from '../../../common/tenancy/tenant-runner.js';
import { APP_CONFIG, type AppConfig } from '../../../config/config.js';
import { Organization } from '../../organizations/organization.entity.js';
import { UserInvitedEvent } from '../../users/events/user-invited.event.js';
import { type InvitationStatus, UserInvitation } from '../../users/user-invitation.entity.js';
import { User } from '../../users/user.entity.js';
import { MailTemplates } from '../../mail/mail-templates.js';
import { OrganizationMailer } from '../../mail/organization-mailer.js';

/** Attempts of one invitation e-mail; with the queue's backoff the last starts about four minutes after the invite. */
export const INVITATION_ATTEMPTS = 6;

/** The outcome; any outcome but a retry erases the sealed temporary password. */
async function settle(em: EntityManager, invitationId: string, status: InvitationStatus, error: string | null): Promise<void> {
  await em.nativeUpdate(
    UserInvitation,
    { id: invitationId },
    { status, error, ...(status === 'queued' ? {} : { sealedPassword: null }), ...(status === 'sent' ? { sentAt: new Date() } : {}) },
  );
}

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 500 ? `${text.slice(0, 499)}…` : text;
}

/**
 * Sends an invited user (invited with an e-mail) their invitation through the organization's SMTP,
 * at most once: the job's receipt makes a redelivery a no-op, the message has a fixed Message-ID,
 * and the send is recorded on its own commit right after the server accepted it, so a retry whose
 * job commit was lost finds `sent` and sends nothing. No SMTP settings: `not_sent_no_smtp` at once.
 */
@Injectable()
export class InvitationEmailListener {
  constructor(
    private readonly mailer: OrganizationMailer,
    private readonly templates: MailTemplates,
    private readonly tenants: TenantRunner,
    private readonly secrets: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnDomainEvent(UserInvitedEvent, { maxAttempts: INVITATION_ATTEMPTS })
  async onUserInvited(event: UserInvitedEvent, { em, organizationId }: TenantContext, { attempt, maxAttempts }: JobAttempt): Promise<void> {
    const invitation = await em.findOne(UserInvitation, { user: event.userId }, { populate: ['user'] });
    // Invited without an e-mail, removed since, or already settled by an earlier attempt.
    if (!invitation || invitation.status !== 'queued' || !invitation.sealedPassword) return;
    const smtp = await this.mailer.smtpOf(em, organizationId);
    if (!smtp) return settle(em, invitation.id, 'not_sent_no_smtp', null);

    const organization = await em.findOneOrFail(Organization, { id: organizationId });
    const inviter = await em.findOne(User, { id: event.invitedById });
    const mail = this.templates.invitation(invitation.email, {
      organizationName: organization.name,
      invitedBy: inviter ? [inviter.firstName, inviter.lastName].filter(Boolean).join(' ') || inviter.username : 'The account owner',
      username: invitation.user.username,
      temporaryPassword: this.secrets.open(invitation.sealedPassword),
      signInUrl: `${this.config.publicBaseUrl}/auth`,
    });
    try {
      await this.mailer.send(smtp, { ...mail, messageId: invitation.messageId });
    } catch (error) {
      // Kept although this job's transaction rolls back: the credentials dialog shows the reason.
      await this.tenants.run(organizationId, ({ em: own }) => settle(own, invitation.id, attempt >= maxAttempts ? 'failed' : 'queued', reasonOf(error)));
      throw error;
    }
    await this.tenants.run(organizationId, ({ em: own }) => settle(own, invitation.id, 'sent', null));
  }
}
