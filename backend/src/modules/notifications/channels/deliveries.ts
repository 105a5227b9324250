import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeliveryPayload } from '../fan-out.service.js';
import { type DeliveryStatus, NotificationDelivery } from '../notification-delivery.entity.js';
import { User } from '../../users/user.entity.js';

/** Records a delivery's outcome in the job's transaction (with its receipt: written once). */
export function recordDelivery(em: EntityManager, payload: DeliveryPayload, channel: string, status: DeliveryStatus, detail: string | null): void {
  em.create(NotificationDelivery, {
    organization: payload.organizationId,
    user: payload.userId,
    eventType: payload.eventType,
    sourceKey: payload.sourceKey,
    channel,
    status,
    detail,
  });
}

/** The recipient as they are now (contact methods may have changed since the event); null when removed. */
export function recipientOf(em: EntityManager, payload: DeliveryPayload): Promise<User | null> {
  return em.getRepository(User).byId(payload.userId);
}
