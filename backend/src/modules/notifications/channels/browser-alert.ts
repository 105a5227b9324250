import type { DeliveryPayload } from '../fan-out.service.js';

/** What the user's open tabs show as a system notification (the live stream's `browser` event). */
export function browserAlert(payload: DeliveryPayload) {
  return {
    title: payload.title.slice(0, 255),
    body: payload.message.length > 300 ? `${payload.message.slice(0, 299)}…` : payload.message,
    url: payload.url,
    tag: payload.sourceKey,
    notification_id: payload.notificationId,
  };
}
