import { apiGet, apiSend } from '../httpClient';
import type { Organization, ProductImportPayload, ProductImportPreview, RetellAgentCheck, Settings, SettingsPatch } from '../types';

/**
 * Settings page calls beyond the REST verbs (products and webhooks are plain resources): the
 * settings sections, the organization's A2P and Twilio account, the test e-mail, the Retell check.
 */
export const settingsMethods = {
  /** What importing a products CSV would do, line by line (nothing written). */
  previewProductImport: (payload: ProductImportPayload) => apiSend<ProductImportPreview>('POST', '/products/import/preview', payload),
  /** Imports a products CSV: every line or nothing. */
  importProducts: (payload: ProductImportPayload) => apiSend<ProductImportPreview>('POST', '/products/import', payload),
  /** Saves one section's fields; answers the settings as saved. */
  updateSettings: (patch: SettingsPatch) => apiSend<Settings>('PUT', '/settings', patch),
  /** Saves the A2P 10DLC business and contact information. */
  updateA2p: (id: string, values: Record<string, unknown>) =>
    apiSend<Organization>('PATCH', `/organizations/${encodeURIComponent(id)}/a2p`, values),
  /** Reads the A2P registration's status from Twilio now (approved, or failed with the reason). */
  refreshA2p: (id: string) => apiSend<Organization>('POST', `/organizations/${encodeURIComponent(id)}/a2p/refresh`),
  /** Verifies and connects the organization's own Twilio account. */
  connectTwilio: (values: { twilio_account_sid: string; twilio_auth_token: string }) =>
    apiSend<unknown>('PATCH', '/organizations/twilio-credentials', values),
  sendTestEmail: (to: string) => apiSend<unknown>('POST', '/test-email', { to }),
  /** Asks Retell about the saved agent and which brand webhook it calls. */
  checkRetellAgent: () => apiGet<RetellAgentCheck>('/settings/retell-agent'),
};

export type SettingsMethods = typeof settingsMethods;

/** The public URL Twilio calls for voice (shown to copy into the Twilio console). */
export function voiceWebhookUrl(): string {
  return `${window.location.origin}/api/webhooks/twilio/voice`;
}
