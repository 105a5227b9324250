import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { apiGet, apiSend } from './httpClient';
import { httpClient } from './httpClient';
import type { NotificationSummary, Organization, RetellAgentCheck, Settings, SettingsPatch, VoicemailStats } from './types';
import { uploadMethods, type UploadMethods } from './uploads';

export const API_URL = '/api';

/** Custom, typed calls beyond the simple REST verbs. */
export interface CrmDataProvider extends DataProvider, UploadMethods {
  getVoicemailStats(): Promise<VoicemailStats>;
  getLatestNotifications(limit: number): Promise<NotificationSummary[]>;
  getUnreadNotificationCount(): Promise<{ count: number }>;
  /** The organization's settings (GET /api/settings). */
  getSettings(): Promise<Settings>;
  /** Saves one section's fields (PUT /api/settings); answers the settings as saved. */
  updateSettings(patch: SettingsPatch): Promise<Settings>;
  getOrganization(id: string): Promise<Organization>;
  /** Saves the A2P 10DLC business and contact information. */
  updateA2p(id: string, values: Record<string, unknown>): Promise<Organization>;
  /** Verifies and connects the organization's own Twilio account. */
  connectTwilio(values: { twilio_account_sid: string; twilio_auth_token: string }): Promise<unknown>;
  sendTestEmail(to: string): Promise<unknown>;
  /** Asks Retell about the saved agent and which brand webhook it calls. */
  checkRetellAgent(): Promise<RetellAgentCheck>;
}

/** The public URL Twilio calls for voice (shown to copy into the Twilio console). */
export function voiceWebhookUrl(): string {
  return `${window.location.origin}${API_URL}/webhooks/twilio/voice`;
}

const restProvider = simpleRestProvider(API_URL, httpClient);

export const dataProvider: CrmDataProvider = {
  ...restProvider,
  ...uploadMethods,
  getVoicemailStats: () => apiGet<VoicemailStats>(`${API_URL}/voicemails/stats`),
  getLatestNotifications: limit => apiGet<NotificationSummary[]>(`${API_URL}/notifications?limit=${limit}`),
  getUnreadNotificationCount: () => apiGet<{ count: number }>(`${API_URL}/notifications/unread-count`),
  getSettings: () => apiGet<Settings>(`${API_URL}/settings`),
  updateSettings: patch => apiSend<Settings>('PUT', `${API_URL}/settings`, patch),
  getOrganization: id => apiGet<Organization>(`${API_URL}/organizations/${encodeURIComponent(id)}`),
  updateA2p: (id, values) => apiSend<Organization>('PATCH', `${API_URL}/organizations/${encodeURIComponent(id)}/a2p`, values),
  connectTwilio: values => apiSend('PATCH', `${API_URL}/organizations/twilio-credentials`, values),
  sendTestEmail: to => apiSend('POST', `${API_URL}/test-email`, { to }),
  checkRetellAgent: () => apiGet<RetellAgentCheck>(`${API_URL}/settings/retell-agent`),
};
