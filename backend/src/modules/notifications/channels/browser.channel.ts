import { Injectable } from '@nestjs/common';
import { JobHandler } from '../../../common/jobs/job-decorators.js';
import { LiveHub } from '../../../common/live/live-hub.js';
import type { TenantContext } from '../../../common/tenancy/tenant-runner.js';
import { CHANNEL_TASKS, type DeliveryPayload } from '../fan-out.service.js';
import { recipientOf, recordDelivery } from './deliveries.js';

/**
 * The browser channel: the user's open admin tabs show a system notification (they asked for the
 * permission from a click). It travels over the live stream, sent when this job commits.
 */
@Injectable()
export class BrowserChannel {
  constructor(private readonly live: LiveHub) {}

  @JobHandler(CHANNEL_TASKS.browser, { maxAttempts: 5 })
  async deliver(payload: DeliveryPayload, { em, organizationId }: TenantContext): Promise<void> {
    if (!(await recipientOf(em, payload))) return;
    await this.live.publish(em, {
      organizationId,
      userId: payload.userId,
      event: 'browser',
      data: {
        title: payload.title.slice(0, 255),
        body: payload.message.length > 300 ? `${payload.message.slice(0, 299)}…` : payload.message,
        url: payload.url,
        tag: payload.sourceKey,
        notification_id: payload.notificationId,
      },
    });
    recordDelivery(em, payload, 'browser', 'sent', 'published to open tabs');
  }
}
