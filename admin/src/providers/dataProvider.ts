import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { apiGet } from './httpClient';
import { httpClient } from './httpClient';
import type { NotificationSummary, VoicemailStats } from './types';
import { uploadMethods, type UploadMethods } from './uploads';

export const API_URL = '/api';

/** Custom, typed calls beyond the simple REST verbs. */
export interface CrmDataProvider extends DataProvider, UploadMethods {
  getVoicemailStats(): Promise<VoicemailStats>;
  getLatestNotifications(limit: number): Promise<NotificationSummary[]>;
  getUnreadNotificationCount(): Promise<{ count: number }>;
}

const restProvider = simpleRestProvider(API_URL, httpClient);

export const dataProvider: CrmDataProvider = {
  ...restProvider,
  ...uploadMethods,
  getVoicemailStats: () => apiGet<VoicemailStats>(`${API_URL}/voicemails/stats`),
  getLatestNotifications: limit => apiGet<NotificationSummary[]>(`${API_URL}/notifications?limit=${limit}`),
  getUnreadNotificationCount: () => apiGet<{ count: number }>(`${API_URL}/notifications/unread-count`),
};
