import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type BatchFailure, type BatchOutcome, type JobAttempt, JobBatchHandler } from '../../../common/jobs/job-decorators.js';
import { type TenantContext, TenantRunner } from '../../../common/tenancy/tenant-runner.js';
import type { DeliveryPayload } from '../fan-out.service.js';
import { type BatchChannel, DELIVERY_BATCH_TASK, type DeliveryBatchPayload } from './delivery-batch.js';
import { deliveryRefKey, recordDeliveries, recordedDeliveries } from './deliveries.js';
import { EmailChannel, type EmailOutcome } from './email.channel.js';
import { PushChannel } from './push.channel.js';
import { SmsChannel } from './sms.channel.js';

type FailedEmail = Extract<EmailOutcome, { error: Error }>;
type SettledEmail = Exclude<EmailOutcome, FailedEmail>;

/**
 * One job per (source, channel, batch of recipients) instead of one per delivery: the queue's
 * per-job cost (taking, locking, completing) is paid once for a whole organization; under load the
 * queue hands an organization's queued batches over together (`@JobBatchHandler`), so the reads and
 * the outcomes' insert are shared by many sources too.
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

  /** Many sources' batches of one organization at once (the queue claims them together under load). */
  @JobBatchHandler(DELIVERY_BATCH_TASK, { batch: 20, maxAttempts: 10 })
  async deliver(batches: DeliveryBatchPayload[], { em, organizationId }: TenantContext, attempt: JobAttempt): BatchOutcome<DeliveryBatchPayload> {
    // Delivered (or skipped) by an earlier attempt: not again. One read for every batch.
    const refOf = (batch: DeliveryBatchPayload, userId: string) => ({ sourceKey: batch.delivery.sourceKey, channel: batch.channel, userId });
    const done = await recordedDeliveries(em, batches.flatMap((b) => b.recipients.map((r) => refOf(b, r.userId))));
    const pendingOf = (batch: DeliveryBatchPayload) =>
      batch.recipients.filter((r) => !done.has(deliveryRefKey(refOf(batch, r.userId)))).map((r) => ({ ...batch.delivery, ...r }) as DeliveryPayload);
    const failures: BatchFailure<DeliveryBatchPayload>[] = [];

    const emails = batches.filter((b) => b.channel === 'email');
    if (emails.length) {
      const batchOf = new Map<DeliveryPayload, DeliveryBatchPayload>();
      for (const batch of emails) for (const payload of pendingOf(batch)) batchOf.set(payload, batch);
      const outcomes = await this.email.deliverMany([...batchOf.keys()], em, organizationId);
      const failed = outcomes.filter((o): o is FailedEmail => 'error' in o);
      const settled = outcomes.filter((o): o is SettledEmail => !('error' in o));
      const record = (into: EntityManager) => recordDeliveries(into, settled.map((o) => ({ payload: o.payload, channel: 'email', status: o.status, detail: o.detail })));
      // Committed with the receipts; when some failed, on a commit of their own first, so that
      // however this attempt ends their retry sends only the recipients without an outcome.
      if (!failed.length) await record(em);
      else if (settled.length) await this.tenants.run(organizationId, (own) => record(own.em));
      const failedBatches = new Map<DeliveryBatchPayload, FailedEmail[]>();
      for (const f of failed) failedBatches.set(batchOf.get(f.payload)!, [...(failedBatches.get(batchOf.get(f.payload)!) ?? []), f]);
      for (const [batch, fails] of failedBatches) {
        const reasons = [...new Set(fails.map((f) => f.error.message))].slice(0, 3).join('; ');
        failures.push({ item: batch, error: new Error(`${fails.length} of ${batch.recipients.length} email deliveries failed: ${reasons}`) });
      }
    }

    // SMS and push: each recipient's delivery in its own transaction, the channel's own code.
    for (const batch of batches.filter((b) => b.channel !== 'email')) {
      const deliverOne = this.channels[batch.channel];
      const errors: string[] = [];
      for (const payload of pendingOf(batch)) {
        try {
          await this.tenants.run(organizationId, (ctx) => deliverOne(payload, ctx, attempt));
        } catch (error) {
          errors.push((error as Error).message);
        }
      }
      if (errors.length) {
        failures.push({ item: batch, error: new Error(`${errors.length} of ${batch.recipients.length} ${batch.channel} deliveries failed: ${[...new Set(errors)].slice(0, 3).join('; ')}`) });
      }
    }
    return failures;
  }
}
