import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { type JobAttempt, JobHandler } from '../../../common/jobs/job-decorators.js';
import type { TenantContext } from '../../../common/tenancy/tenant-runner.js';
import { CHANNEL_TASKS, type DeliveryPayload } from '../fan-out.service.js';
import { recipientOf, recordDelivery } from './deliveries.js';
import { SMS_SENDER, type SmsSender, SmsUnavailableError } from './sms-sender.js';

import { NO_PHONE } from './skip-reasons.js';
/** An SMS segment budget: title, a short message and the link. */
const SMS_MAX = 320;

/** The delivery's reference, the text's last line: what a retry looks for at Twilio. */
export function smsReference(payload: Pick<DeliveryPayload, 'sourceKey' | 'userId'>): string {
  return `Ref ${createHash('sha256').update(`${payload.sourceKey}:${payload.userId}:sms`).digest('hex').slice(0, 10)}`;
}

export function smsBody(n: { title: string; message: string; url: string }, reference?: string): string {
  const tail = `\n${n.url}${reference ? `\n${reference}` : ''}`;
  const text = `${n.title}: ${n.message}`;
  const room = SMS_MAX - tail.length;
  return `${text.length > room ? `${text.slice(0, room - 1)}…` : text}${tail}`;
}

/** The sms channel: a text from an organization number to the user's notification phone. */
@Injectable()
export class SmsChannel {
  constructor(@Inject(SMS_SENDER) private readonly sms: SmsSender) {}

  @JobHandler(CHANNEL_TASKS.sms, { maxAttempts: 8 })
  async deliver(payload: DeliveryPayload, { em, organizationId }: TenantContext, { attempt }: JobAttempt): Promise<void> {
    const user = await recipientOf(em, payload);
    if (!user) return;
    const to = user.notificationPhone?.trim();
    if (!to) return recordDelivery(em, payload, 'sms', 'skipped', NO_PHONE);
    try {
      const marker = smsReference(payload);
      const sent = await this.sms.send(em, organizationId, { to, body: smsBody(payload, marker), brand: payload.brand, marker, retry: attempt > 1 });
      recordDelivery(em, payload, 'sms', 'sent', `${to} ${sent.sid}`);
    } catch (error) {
      if (error instanceof SmsUnavailableError) return recordDelivery(em, payload, 'sms', 'skipped', error.message);
      throw error;
    }
  }
}
