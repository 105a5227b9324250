import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { TICKET_METRICS_KEY } from '../../layout/shellData';
import type { TicketCallLog, Ticket } from '../../lib/ticketTypes';
import { apiGet, apiSend } from '../../providers/httpClient';
import { useCurrentUser } from '../../providers/session';

/**
 * The ticket calls beyond ra-data-simple-rest's verbs (its update is a PUT and its
 * deleteMany one DELETE per id; the API has PATCH and the bulk endpoints).
 */
export const ticketsApi = {
  create: (payload: Record<string, unknown>) =>
    apiSend<Ticket & { ticketNumber: string }>('POST', '/api/tickets', payload),
  update: (id: string, changes: Partial<Pick<Ticket, 'status' | 'priority' | 'issue_description' | 'purchase_verified'>>) =>
    apiSend<Ticket>('PATCH', `/api/tickets/${encodeURIComponent(id)}`, changes),
  bulkUpdate: (ticketIds: string[], status: string) =>
    apiSend<{ updated: number }>('PATCH', '/api/tickets/bulk-update', { ticketIds, status }),
  bulkDelete: (ticketIds: string[]) => apiSend<{ deleted: number }>('DELETE', '/api/tickets/bulk-delete', { ticketIds }),
  callLogs: (id: string) => apiGet<TicketCallLog[]>(`/api/tickets/${encodeURIComponent(id)}/call-logs`),
};

/** Brand names from GET /api/settings (an empty list when unavailable). */
export function useBrands() {
  return useQuery({
    queryKey: ['/api/settings'],
    queryFn: () => apiGet<{ brands?: string[] | null; ticket_brand?: string | null }>('/api/settings'),
    select: settings => (Array.isArray(settings?.brands) ? settings.brands : []),
  });
}

/** The signed-in user's organization name: the host store of the purchase-location options. */
export function useOrganizationName(): string | undefined {
  const { data: user } = useCurrentUser();
  const orgId = user?.organization_id;
  const { data } = useQuery({
    queryKey: ['/api/organizations', String(orgId)],
    queryFn: () => apiGet<{ name?: string | null }>(`/api/organizations/${encodeURIComponent(String(orgId))}`),
    enabled: orgId != null,
  });
  return data?.name ?? undefined;
}

/** After a change: the list, the open ticket and the shell's counts read fresh data. */
export function useRefreshTickets() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['tickets'] }),
      queryClient.invalidateQueries({ queryKey: TICKET_METRICS_KEY }),
      queryClient.invalidateQueries({ queryKey: ['/api/tickets/metrics/trends'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/tickets/recent'] }),
    ]);
  }, [queryClient]);
}
