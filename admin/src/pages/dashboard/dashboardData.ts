import { useQuery } from '@tanstack/react-query';
import type { MetricTrend } from '../../lib/trend';
import { apiGet } from '../../providers/httpClient';
import { apiGetInLocalTime } from '../../layout/shellData';

/** GET /api/tickets/metrics/trends: each card's figure now against the start of the period. */
export interface TicketTrends {
  period_days: number;
  total: MetricTrend;
  open: MetricTrend;
  pending: MetricTrend;
  /** Today against yesterday. */
  closedToday: MetricTrend;
}

/** A row of GET /api/tickets/recent (the fields the dashboard reads). */
export interface RecentTicket {
  id: string;
  ticket_number: string;
  status: string;
  priority: string;
  created_at: string;
  product_brand: string | null;
  product_model: string | null;
  issue_description: string;
  customer: { name: string | null } | null;
}

export const TICKET_TRENDS_KEY = ['/api/tickets/metrics/trends'] as const;
export const RECENT_TICKETS_KEY = ['/api/tickets/recent'] as const;

/** The dashboard shows fresh figures each time it is opened (cached ones meanwhile). */
const fresh = { refetchOnMount: 'always' } as const;

export function useTicketTrends() {
  return useQuery({
    queryKey: TICKET_TRENDS_KEY,
    queryFn: () => apiGetInLocalTime<TicketTrends>('/api/tickets/metrics/trends'),
    ...fresh,
  });
}

export function useRecentTickets() {
  return useQuery({
    queryKey: RECENT_TICKETS_KEY,
    queryFn: async () => {
      const list = await apiGet<RecentTicket[]>('/api/tickets/recent');
      return Array.isArray(list) ? list : [];
    },
    ...fresh,
  });
}
