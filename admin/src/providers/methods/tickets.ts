import { HttpError } from 'react-admin';
import { browserTimeZone, withTimeZone } from '../../lib/timeZone';
import { apiGet, apiSend } from '../httpClient';
import type { CreatedTicket, Organization, Settings, Ticket, TicketActivityEntry, TicketCallLog, TicketMetrics, TicketTrends } from '../types';

/**
 * GET with the browser's time zone as `tz` (so "today" is the user's day); should the server not
 * know that zone (400), the same path without it (UTC).
 */
async function inLocalTime<T>(path: string): Promise<T> {
  const tz = browserTimeZone();
  try {
    return await apiGet<T>(withTimeZone(path, tz));
  } catch (error) {
    if (tz && error instanceof HttpError && error.status === 400) return apiGet<T>(path);
    throw error;
  }
}

/** The ticket reads beyond the REST verbs: counts, trends, the latest tickets, a ticket's calls. */
export const ticketMethods = {
  getTicketMetrics: () => inLocalTime<TicketMetrics>('/tickets/metrics'),
  getTicketTrends: () => inLocalTime<TicketTrends>('/tickets/metrics/trends'),
  getRecentTickets: async () => {
    const list = await apiGet<Ticket[]>('/tickets/recent');
    return Array.isArray(list) ? list : [];
  },
  getTicketCallLogs: (id: string) => apiGet<TicketCallLog[]>(`/tickets/${encodeURIComponent(id)}/call-logs`),
  /** The ticket's activity trail, oldest first. */
  getTicketActivity: async (id: string) => {
    const list = await apiGet<TicketActivityEntry[]>(`/tickets/${encodeURIComponent(id)}/activity`);
    return Array.isArray(list) ? list : [];
  },
  /** POST /api/tickets/from-call: the Phone System's form; the caller is the customer and the call is linked. */
  createTicketFromCall: (payload: { call_log_id: string; productBrand?: string; productModel?: string; productSku?: string; issueDescription: string; priority: string }) =>
    apiSend<CreatedTicket>('POST', '/tickets/from-call', payload),
  /** PUT /api/tickets/{id}/intake: the Edit view saves the create payload. */
  updateTicketIntake: (id: string, payload: Record<string, unknown>) => apiSend<Ticket>('PUT', `/tickets/${encodeURIComponent(id)}/intake`, payload),
  /** GET /api/settings: the brand names of the filters. */
  getSettings: () => apiGet<Settings>('/settings'),
  /** The organization: its name is the host store of the purchase-location options. */
  getOrganization: (id: string) => apiGet<Organization>(`/organizations/${encodeURIComponent(id)}`),
};
