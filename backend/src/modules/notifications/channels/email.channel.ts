import pMap from 'p-map';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { JobHandler } from '../../../common/jobs/job-decorators.js';
import type { TenantContext } from '../../../common/tenancy/tenant-runner.js';
import { User } from '../../users/user.entity.js';
import { CHANNEL_TASKS, type DeliveryPayload } from '../fan-out.service.js';
import type { DeliveryStatus } from '../notification-delivery.entity.js';
import { recipientOf, recordDelivery } from './deliveries.js';
import { MailTemplates } from '../../mail/mail-templates.js';
import { OrganizationMailer, SMTP_POOL_CONNECTIONS } from '../../mail/organization-mailer.js';
import { NO_EMAIL, NO_SMTP } from './skip-reasons.js';

/**
 * Messages of one batch in flight at once over the organization's pooled SMTP transport: as many as
 * its pool has connections (SMTP_POOL_CONNECTIONS), which bounds them across batches too.
 */
export const EMAIL_BATCH_CONCURRENCY = SMTP_POOL_CONNECTIONS;

/** What one recipient's e-mail came to: an outcome to record, or a failure that leaves it for a retry. */
export type EmailOutcome =
  | { payload: DeliveryPayload; status: DeliveryStatus; detail: string }
  | { payload: DeliveryPayload; error: Error };

/** The deliveryKey of a notification e-mail: its Message-ID, the same for every attempt. */
const deliveryKeyOf = (payload: DeliveryPayload) => `notification:${payload.sourceKey}:${payload.userId}:email`;

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
    const sent = await this.mailer.send(smtp, { ...this.templates.notification(to, payload), deliveryKey: deliveryKeyOf(payload) });
    recordDelivery(em, payload, 'email', 'sent', `${to} ${sent.messageId}`.trim());
  }

  /**
   * A batch's e-mails (DeliveryBatches): the recipients and the SMTP settings read once on `em`,
   * then the messages sent a few at a time over the pooled transport. Nothing is recorded here:
   * the caller writes the outcomes in one statement. A recipient removed since the event has no
   * outcome (as `deliver`); a failed send is returned as such and the others still go out.
   */
  async deliverMany(payloads: readonly DeliveryPayload[], em: EntityManager, organizationId: string): Promise<EmailOutcome[]> {
    if (!payloads.length) return [];
    const users = await em.find(User, { id: { $in: payloads.map((p) => p.userId) } }, { fields: ['id', 'notificationEmail'] });
    const emailOf = new Map(users.map((u) => [u.id, u.notificationEmail?.trim() ?? '']));
    const present = payloads.filter((p) => emailOf.has(p.userId));
    const smtp = present.some((p) => emailOf.get(p.userId)) ? await this.mailer.smtpOf(em, organizationId) : null;
    return pMap(present, async (payload): Promise<EmailOutcome> => {
      const to = emailOf.get(payload.userId)!;
      if (!to) return { payload, status: 'skipped', detail: NO_EMAIL };
      if (!smtp) return { payload, status: 'skipped', detail: NO_SMTP };
      try {
        const sent = await this.mailer.send(smtp, { ...this.templates.notification(to, payload), deliveryKey: deliveryKeyOf(payload) });
        return { payload, status: 'sent', detail: `${to} ${sent.messageId}`.trim() };
      } catch (error) {
        return { payload, error: error as Error };
      }
    }, { concurrency: EMAIL_BATCH_CONCURRENCY });
  }
}
