import type { DataProvider } from 'react-admin';
<<<<<<< HEAD
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
=======
import { accountMethods } from './methods/account';
import { analyticsMethods } from './methods/analytics';
import { restMethods } from './methods/rest';
import { ticketMethods } from './methods/tickets';
import { userMethods } from './methods/users';

/**
 * The one way the admin reaches the API: react-admin's verbs (methods/rest.ts) plus typed custom
 * methods, one file per area under methods/. Components call them through react-admin's hooks
 * (useGetList, useUpdate ...) or, for the custom ones, useCrmQuery / useCrmMutation, so that the
 * cache refreshes what a write changed (see queryClient.ts). A new method goes in its own file
 * here and is spread below.
 */
export const customMethods = {
  ...ticketMethods,
  ...analyticsMethods,
  ...accountMethods,
  ...userMethods,
>>>>>>> i11
};

export type CustomMethods = typeof customMethods;
export type CrmDataProvider = DataProvider & CustomMethods;

export const dataProvider: CrmDataProvider = { ...restMethods, ...customMethods };
