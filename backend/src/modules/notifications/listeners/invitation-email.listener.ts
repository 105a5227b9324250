import { Inject, Injectable } from '@nestjs/common';
import { type JobAttempt, OnDomainEvent } from '../../../common/jobs/job-decorators.js';
import { type TenantContext, TenantRunner } from '../../../common/tenancy/tenant-runner.js';
import { APP_CONFIG, type AppConfig } from '../../../config/config.js';
import { MailTemplates } from '../../mail/mail-templates.js';
import { OrganizationMailer } from '../../mail/organization-mailer.js';
import { UserInvitedEvent } from '../../users/events/user-invited.event.js';
import { UserInvitationsService } from '../../users/user-invitations.service.js';

/** Attempts of one invitation e-mail; with the queue's backoff the last starts about four minutes after the invite. */
export const INVITATION_ATTEMPTS = 6;

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 500 ? `${text.slice(0, 499)}…` : text;
}

/**
 * Sends an invited user (invited with an e-mail) their invitation through the organization's SMTP,
 * at most once: the job's receipt makes a redelivery a no-op, the message has a fixed Message-ID,
 * and the send is recorded on its own commit right after the server accepted it, so a retry whose
 * job commit was lost finds `sent` and sends nothing. No SMTP settings: `not_sent_no_smtp` at once.
 * The invitation's row is the users module's: read and settled through UserInvitationsService.
 */
@Injectable()
export class InvitationEmailListener {
  constructor(
    private readonly mailer: OrganizationMailer,
    private readonly templates: MailTemplates,
    private readonly invitations: UserInvitationsService,
    private readonly tenants: TenantRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnDomainEvent(UserInvitedEvent, { maxAttempts: INVITATION_ATTEMPTS })
  async onUserInvited(event: UserInvitedEvent, { em, organizationId }: TenantContext, { attempt, maxAttempts }: JobAttempt): Promise<void> {
    const invitation = await this.invitations.toSend(em, event.userId, event.invitedById);
    if (!invitation) return;
    const smtp = await this.mailer.smtpOf(em, organizationId);
    if (!smtp) return this.invitations.settle(em, invitation.invitationId, 'not_sent_no_smtp', null);

    const { invitationId, to, messageId, ...content } = invitation;
    const mail = this.templates.invitation(to, { ...content, signInUrl: `${this.config.publicBaseUrl}/auth` });
    try {
      await this.mailer.send(smtp, { ...mail, messageId });
    } catch (error) {
      // Kept although this job's transaction rolls back: the credentials dialog shows the reason.
      await this.tenants.run(organizationId, ({ em: own }) =>
        this.invitations.settle(own, invitationId, attempt >= maxAttempts ? 'failed' : 'queued', reasonOf(error)),
      );
      throw error;
    }
    await this.tenants.run(organizationId, ({ em: own }) => this.invitations.settle(own, invitationId, 'sent', null));
  }
}
