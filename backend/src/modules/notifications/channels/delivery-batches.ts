import { Injectable } from '@nestjs/common';
import { type JobAttempt, JobHandler } from '../../../common/jobs/job-decorators.js';
import { type TenantContext, TenantRunner } from '../../../common/tenancy/tenant-runner.js';
import type { DeliveryPayload } from '../fan-out.service.js';
import { type BatchChannel, DELIVERY_BATCH_TASK, type DeliveryBatchPayload } from './delivery-batch.js';
import { NotificationDelivery } from '../notification-delivery.entity.js';
import { EmailChannel } from './email.channel.js';
import { PushChannel } from './push.channel.js';
import { SmsChannel } from './sms.channel.js';

/**
 * One job per (source, channel, batch of recipients) instead of one per delivery: the queue's
 * per-job cost (taking, locking, completing) is paid once for a whole organization. Each recipient's
 * delivery runs in its own transaction, the channel's own code (the send, then its outcome recorded
 * on that commit), so a failure of one recipient leaves the others delivered and recorded; the
 * attempt then fails and its retry delivers only the recipients without a recorded outcome. A
 * crash between a provider's acceptance and that commit is covered by the channel: the e-mail's
 * Message-ID is fixed per delivery, and an SMS retry looks for its reference at Twilio first.
 */
@Injectable()
export class DeliveryBatches {
  private readonly channels: Record<BatchChannel, (payload: DeliveryPayload, ctx: TenantContext, attempt: JobAttempt) => Promise<void>>;

  constructor(
    private readonly tenants: TenantRunner,
    email: EmailChannel,
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
