import { HttpError } from 'react-admin';
import { errorMessageFrom } from '../../lib/httpError';
import { API_URL, apiGet, apiSend, withQuery } from '../httpClient';
import type {
  AvailableNumber,
  Greeting,
  GreetingPatch,
  MakeCallPayload,
  MakeCallResult,
  NumberSearchQuery,
  PhoneNumber,
  VoiceToken,
} from '../types';

const HEALTH_PATH = '/webhooks/twilio/health';

export interface WebhookInfo {
  /** Where Twilio posts incoming calls. */
  voiceWebhookUrl: string;
  /** The health check a person can open in the browser. */
  healthUrl: string;
}

const id = (value: string) => encodeURIComponent(value);

/**
 * The phone system beyond the REST verbs (call logs and phone numbers are react-admin resources:
 * getList/update/delete go through methods/rest.ts).
 */
export const telephonyMethods = {
  /** The recording of a call as audio (our proxy of the provider's file). */
  getCallRecording: async (callLogId: string): Promise<Blob> => {
    const response = await fetch(`${API_URL}/call-logs/${id(callLogId)}/recording`, { credentials: 'include' });
    if (!response.ok) {
      const text = await response.text();
      throw new HttpError(errorMessageFrom(text, response.statusText), response.status, text);
    }
    return response.blob();
  },

  /** The URL an `<audio>` can play for a greeting's uploaded file: its `/objects/uploads/...` path, served as is. */
  greetingAudioSrc: (objectPath: string): string => (objectPath.startsWith('/') ? objectPath : `/${objectPath}`),

  getWebhookInfo: async (): Promise<WebhookInfo> => {
    const health = await apiGet<{ voice_webhook_url?: string }>(HEALTH_PATH);
    const origin = window.location.origin;
    return {
      voiceWebhookUrl: health.voice_webhook_url ?? `${origin}${API_URL}/webhooks/twilio/voice`,
      healthUrl: `${origin}${API_URL}${HEALTH_PATH}`,
    };
  },

  searchNumbers: (query: NumberSearchQuery) =>
    apiGet<AvailableNumber[]>(withQuery('/phone-numbers/search', query as Record<string, string | boolean | undefined>)),
  purchaseNumber: (payload: { phoneNumber: string; brand: string }) => apiSend<PhoneNumber>('POST', '/phone-numbers/purchase', payload),
  importNumber: (payload: { phoneNumber: string; brand: string }) => apiSend<PhoneNumber>('POST', '/phone-numbers/import', payload),
  reconfigureWebhook: (numberId: string) => apiSend<unknown>('POST', `/phone-numbers/${id(numberId)}/reconfigure-webhook`),
  getGreeting: (numberId: string) => apiGet<Greeting>(`/phone-numbers/${id(numberId)}/greeting`),
  updateGreeting: (numberId: string, patch: GreetingPatch) => apiSend<Greeting>('PATCH', `/phone-numbers/${id(numberId)}/greeting`, patch),

  makeCall: (payload: MakeCallPayload) => apiSend<MakeCallResult>('POST', '/phone-numbers/make-call', payload),
  getVoiceToken: () => apiGet<VoiceToken>('/phone-numbers/voice-token'),
};
