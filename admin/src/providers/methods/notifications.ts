import { apiGet, apiSend } from '../httpClient';
import type { User } from '../types';

/** The API's notification record (GET /api/notifications). */
export interface NotificationRecord {
  id: string;
  type: string;
  title: string;
  message: string;
  metadata: Record<string, unknown> | null;
  is_read: boolean;
  is_followup: boolean;
  related_entity_type: string | null;
  related_entity_id: string | null;
  created_at: string;
}

export const CHANNELS = ['in_app', 'mobile_push', 'browser', 'sms', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

export type NotificationPreference = { event_type: string } & Record<Channel, boolean>;

export interface NotificationEvent {
  event_type: string;
  label: string;
  description: string;
  coming_soon: boolean;
  defaults: Record<Channel, boolean>;
}

/** Paths below /api (the http client adds it). */
const BASE = '';

/** The notifications area's custom methods (beyond ra-data-simple-rest's verbs), one file per area as on the admin rebuild (i11): spread into the dataProvider's custom methods when it lands. */
export const notificationMethods = {
  /** POST /api/notifications/mark-all-read: every one of the user's notifications read. */
  markAllRead: () => apiSend<{ updated: number; count: number }>('POST', `${BASE}/notifications/mark-all-read`),
  markRead: (id: string) => apiSend<NotificationRecord>('PATCH', `${BASE}/notifications/${id}/read`),
  toggleFollowup: (id: string) => apiSend<NotificationRecord>('PATCH', `${BASE}/notifications/${id}/followup`),
  remove: (id: string) => apiSend<{ success: boolean }>('DELETE', `${BASE}/notifications/${id}`),
  preferences: () => apiGet<NotificationPreference[]>(`${BASE}/notification-preferences`),
  events: () => apiGet<NotificationEvent[]>(`${BASE}/notification-events`),
  setPreference: (eventType: string, channel: Channel, on: boolean) =>
    apiSend<NotificationPreference>('PATCH', `${BASE}/notification-preferences`, { event_type: eventType, [channel]: on }),
  updateContactMethods: (values: { notification_email: string; notification_phone: string }) =>
    apiSend<User>('PATCH', `${BASE}/user/profile`, values),
  testEmail: (to: string) => apiSend<{ success: boolean; message: string }>('POST', `${BASE}/test-email`, { to }),
  testSms: (to: string) => apiSend<{ success: boolean; message: string }>('POST', `${BASE}/test-sms`, { to }),
  vapidPublicKey: async () => (await apiGet<{ public_key: string }>(`${BASE}/push/vapid-public-key`)).public_key,
  pushSubscribed: async (endpoint: string) =>
    (await apiGet<{ subscribed: boolean }>(`${BASE}/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`)).subscribed,
  pushSubscribe: (subscription: PushSubscriptionJSON) => apiSend('POST', `${BASE}/push/subscriptions`, subscription),
  pushUnsubscribe: (endpoint: string) => apiSend('DELETE', `${BASE}/push/subscriptions`, { endpoint }),
};
