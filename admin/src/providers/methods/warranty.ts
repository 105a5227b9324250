import { apiGet, apiSend } from '../httpClient';
import type {
  DecisionPayload,
  DecisionResult,
  Resolution,
  ResolutionPayload,
  ResolutionUpdate,
  WarrantyAnalytics,
  WarrantyOutcome,
  WarrantyPeriod,
  WarrantySettings,
  WarrantySettingsPayload,
} from '../types';

const ticketPath = (id: string) => `/tickets/${encodeURIComponent(id)}`;

/** Warranty resolution: the claim's decision, its resolution, the organization's reasons and templates, the Warranty analytics. */
export const warrantyMethods = {
  getWarrantySettings: () => apiGet<WarrantySettings>('/settings/warranty'),
  updateWarrantySettings: (payload: WarrantySettingsPayload) => apiSend<WarrantySettings>('PUT', '/settings/warranty', payload),
  getWarrantyOutcome: (ticketId: string) => apiGet<WarrantyOutcome>(`${ticketPath(ticketId)}/resolution`),
  decideClaim: (ticketId: string, payload: DecisionPayload) => apiSend<DecisionResult>('POST', `${ticketPath(ticketId)}/decision`, payload),
  createResolution: (ticketId: string, payload: ResolutionPayload) => apiSend<Resolution>('POST', `${ticketPath(ticketId)}/resolution`, payload),
  updateResolution: (ticketId: string, payload: ResolutionUpdate) => apiSend<Resolution>('PATCH', `${ticketPath(ticketId)}/resolution`, payload),
  getWarrantyAnalytics: (period: WarrantyPeriod) => apiGet<WarrantyAnalytics>(`/analytics/warranty?period=${encodeURIComponent(period)}`),
};
