import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { apiGet } from './httpClient';
import { httpClient } from './httpClient';
import type { NotificationSummary, TicketMetrics, VoicemailStats } from './types';

export const API_URL = '/api';

/** Custom, typed calls beyond the simple REST verbs. */
export interface CrmDataProvider extends DataProvider {
  getTicketMetrics(): Promise<TicketMetrics>;
  getVoicemailStats(): Promise<VoicemailStats>;
  getLatestNotifications(): Promise<NotificationSummary[]>;
  getUnreadNotificationCount(): Promise<{ count: number }>;
}

const restProvider = simpleRestProvider(API_URL, httpClient);

export const dataProvider: CrmDataProvider = {
  ...restProvider,
  getTicketMetrics: () => apiGet<TicketMetrics>(`${API_URL}/tickets/metrics`),
  getVoicemailStats: () => apiGet<VoicemailStats>(`${API_URL}/voicemails/stats`),
  getLatestNotifications: () => apiGet<NotificationSummary[]>(`${API_URL}/notifications`),
  getUnreadNotificationCount: () => apiGet<{ count: number }>(`${API_URL}/notifications/unread-count`),
};
