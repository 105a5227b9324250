import { Injectable } from '@nestjs/common';
import { JobHandler } from '../../../common/jobs/job-decorators.js';
import type { TenantContext } from '../../../common/tenancy/tenant-runner.js';
import { CHANNEL_TASKS, type DeliveryPayload } from '../fan-out.service.js';
import { recipientOf, recordDelivery } from './deliveries.js';
import { MailTemplates } from '../../mail/mail-templates.js';
import { OrganizationMailer } from '../../mail/organization-mailer.js';
import { NO_EMAIL, NO_SMTP } from './skip-reasons.js';


/** The email channel: one job per (user, event); an SMTP failure throws, so the job retries with backoff. */
@Injectable()
export class EmailChannel {
  constructor(
    private readonly mailer: OrganizationMailer,
    private readonly templates: MailTemplates,
  ) {}

  @JobHandler(CHANNEL_TASKS.email, { maxAttempts: 10 })
  async deliver(payload: DeliveryPayload, { em, organizationId }: TenantContext): Promise<void> {
    const user = await recipientOf(em, payload);
    if (!user) return;
    const to = user.notificationEmail?.trim();
    if (!to) return recordDelivery(em, payload, 'email', 'skipped', NO_EMAIL);
    const smtp = await this.mailer.smtpOf(em, organizationId);
    if (!smtp) return recordDelivery(em, payload, 'email', 'skipped', NO_SMTP);
    const sent = await this.mailer.send(smtp, { ...this.templates.notification(to, payload), deliveryKey: `notification:${payload.sourceKey}:${payload.userId}:email` });
    recordDelivery(em, payload, 'email', 'sent', `${to} ${sent.messageId}`.trim());
  }
}
