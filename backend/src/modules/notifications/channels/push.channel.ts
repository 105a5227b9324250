import { Injectable, Logger } from '@nestjs/common';
import webpush from 'web-push';
import { JobHandler } from '../../../common/jobs/job-decorators.js';
import type { TenantContext } from '../../../common/tenancy/tenant-runner.js';
import { CHANNEL_TASKS, type DeliveryPayload } from '../fan-out.service.js';
import { PushSubscription } from '../push-subscription.entity.js';
import { recipientOf, recordDelivery } from './deliveries.js';
import { type VapidDetails, VapidKeys } from './vapid-keys.js';

import { NO_PUSH_SUBSCRIPTION } from './skip-reasons.js';
const PUSH_TIMEOUT_MS = 15_000;

export class PushRejectedError extends Error {
  constructor(readonly status: number, body: string) {
    super(`Push service answered ${status}${body ? `: ${body.slice(0, 200)}` : ''}`);
  }
}

/**
 * Sends one Web Push message: `web-push` encrypts it (aes128gcm) and signs the VAPID JWT; the
 * request goes out with fetch, so any push service URL works (the browsers' are https).
 */
export async function sendWebPush(subscription: { endpoint: string; p256dh: string; auth: string }, payload: string, vapid: VapidDetails): Promise<void> {
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    payload,
    { vapidDetails: vapid, TTL: 24 * 3600, contentEncoding: 'aes128gcm' },
  );
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body ? new Uint8Array(request.body) : undefined,
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  if (!response.ok) throw new PushRejectedError(response.status, await response.text().catch(() => ''));
}

/** The mobile_push channel: every device the user enabled push on. */
@Injectable()
export class PushChannel {
  private readonly logger = new Logger('Push');

  constructor(private readonly vapid: VapidKeys) {}

  @JobHandler(CHANNEL_TASKS.mobile_push, { maxAttempts: 8 })
  async deliver(payload: DeliveryPayload, { em }: TenantContext): Promise<void> {
    if (!(await recipientOf(em, payload))) return;
    const subscriptions = await em.getRepository(PushSubscription).ofUser(payload.userId);
    if (!subscriptions.length) return recordDelivery(em, payload, 'mobile_push', 'skipped', NO_PUSH_SUBSCRIPTION);
    const keys = await this.vapid.get();
    const message = JSON.stringify({
      title: payload.title,
      body: payload.message.length > 500 ? `${payload.message.slice(0, 499)}…` : payload.message,
      url: payload.url,
      tag: payload.sourceKey,
      notification_id: payload.notificationId,
    });
    let sent = 0;
    let gone = 0;
    const failures: string[] = [];
    for (const subscription of subscriptions) {
      try {
        await sendWebPush(subscription, message, keys);
        sent += 1;
      } catch (error) {
        if (error instanceof PushRejectedError && (error.status === 404 || error.status === 410)) {
          em.remove(subscription); // the browser unsubscribed or the subscription expired
          gone += 1;
        } else {
          failures.push((error as Error).message);
        }
      }
    }
    // Nothing reached any device and some may recover: retry (the job backs off). Partial success counts as sent.
    if (!sent && failures.length) throw new Error(`Push failed: ${failures.join('; ')}`);
    if (!sent) return recordDelivery(em, payload, 'mobile_push', 'skipped', `${NO_PUSH_SUBSCRIPTION} (${gone} expired)`);
    if (failures.length) this.logger.warn(`Push to ${failures.length} device(s) failed: ${failures.join('; ')}`);
    recordDelivery(em, payload, 'mobile_push', 'sent', `${sent} device(s)${gone ? `, ${gone} expired removed` : ''}`);
  }
}
