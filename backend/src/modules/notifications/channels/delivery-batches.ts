import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type JobAttempt, JobHandler } from '../../../common/jobs/job-decorators.js';
import { type TenantContext, TenantRunner } from '../../../common/tenancy/tenant-runner.js';
import type { DeliveryPayload } from '../fan-out.service.js';
import { type BatchChannel, DELIVERY_BATCH_TASK, type DeliveryBatchPayload } from './delivery-batch.js';
import { NotificationDelivery } from '../notification-delivery.entity.js';
import { recordDelivery } from './deliveries.js';
import { EmailChannel, type EmailOutcome } from './email.channel.js';
import { PushChannel } from './push.channel.js';
import { SmsChannel } from './sms.channel.js';

type FailedEmail = Extract<EmailOutcome, { error: Error }>;
type SettledEmail = Exclude<EmailOutcome, FailedEmail>;

/**
 * One job per (source, channel, batch of recipients) instead of one per delivery: the queue's
 * per-job cost (taking, locking, completing) is paid once for a whole organization.
 *
 * E-mail, the channel every organization uses: the recipients and the SMTP settings are read once,
 * the messages go out a few at a time over the organization's pooled SMTP transport, and the
 * outcomes are written in one statement: with the job's receipt when every send succeeded, else in
 * a transaction of their own before the attempt fails, so its retry sends only the recipients
 * without a recorded outcome. A crash between a server's acceptance and that commit resends the
 * batch's messages as the same messages: the Message-ID is fixed per delivery.
 *
 * SMS and push: each recipient's delivery runs in its own transaction, the channel's own code (the
 * send, then its outcome recorded on that commit), so a failure of one recipient leaves the others
 * delivered and recorded; an SMS retry looks for its reference at Twilio first.
 */
@Injectable()
export class DeliveryBatches {
  private readonly channels: Record<BatchChannel, (payload: DeliveryPayload, ctx: TenantContext, attempt: JobAttempt) => Promise<void>>;

  constructor(
    private readonly tenants: TenantRunner,
    private readonly email: EmailChannel,
    sms: SmsChannel,
    push: PushChannel,
  ) {
    this.channels = {
      email: (p, ctx) => email.deliver(p, ctx),
      sms: (p, ctx, attempt) => sms.deliver(p, ctx, attempt),
      mobile_push: (p, ctx) => push.deliver(p, ctx),
    };
  }

  @JobHandler(DELIVERY_BATCH_TASK, { maxAttempts: 10 })
  async deliver(batch: DeliveryBatchPayload, { em, organizationId }: TenantContext, attempt: JobAttempt): Promise<void> {
    const deliverOne = this.channels[batch.channel];
    const recorded = await em.find(
      NotificationDelivery,
      { sourceKey: batch.delivery.sourceKey, channel: batch.channel, user: { $in: batch.recipients.map((r) => r.userId) } },
      { fields: ['user'] },
    );
    const done = new Set(recorded.map((d) => (typeof d.user === 'string' ? d.user : d.user.id)));
    if (batch.channel === 'email') {
      // Delivered (or skipped) by an earlier attempt: not again.
      const pending = batch.recipients.filter((r) => !done.has(r.userId)).map((r) => ({ ...batch.delivery, ...r }) as DeliveryPayload);
      const outcomes = await this.email.deliverMany(pending, em, organizationId);
      const failed = outcomes.filter((o): o is FailedEmail => 'error' in o);
      const settled = outcomes.filter((o): o is SettledEmail => !('error' in o));
      const record = (into: EntityManager) => {
        for (const o of settled) recordDelivery(into, o.payload, 'email', o.status, o.detail);
      };
      if (!failed.length) return record(em); // inserted at the commit, with the receipt
      if (settled.length) await this.tenants.run(organizationId, async (own) => record(own.em));
      throw new Error(`${failed.length} of ${batch.recipients.length} email deliveries failed: ${[...new Set(failed.map((f) => f.error.message))].slice(0, 3).join('; ')}`);
    }
    const failures: string[] = [];
    for (const recipient of batch.recipients) {
      if (done.has(recipient.userId)) continue; // delivered (or skipped) by an earlier attempt
      try {
        await this.tenants.run(organizationId, (ctx) => deliverOne({ ...batch.delivery, ...recipient } as DeliveryPayload, ctx, attempt));
      } catch (error) {
        failures.push((error as Error).message);
      }
    }
    if (failures.length) {
      throw new Error(`${failures.length} of ${batch.recipients.length} ${batch.channel} deliveries failed: ${[...new Set(failures)].slice(0, 3).join('; ')}`);
    }
  }
}
