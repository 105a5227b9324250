import type { DeliveryPayload } from '../fan-out.service.js';

/** The queue task that delivers one source's notifications on one channel to a batch of recipients. */
export const DELIVERY_BATCH_TASK = 'notifications.deliver-batch';
/** Recipients per batch job: a job's attempt stays short however large the organization. */
export const DELIVERY_BATCH_SIZE = 50;

export type BatchChannel = 'email' | 'sms' | 'mobile_push';

export interface DeliveryBatchPayload {
  organizationId: string;
  channel: BatchChannel;
  /** What every recipient gets: the delivery payload less its recipient. */
  delivery: Pick<DeliveryPayload, 'organizationId' | 'eventType' | 'sourceKey' | 'title' | 'message' | 'url' | 'brand'>;
  recipients: Array<{ userId: string; notificationId: string | null }>;
  [key: string]: unknown;
}
