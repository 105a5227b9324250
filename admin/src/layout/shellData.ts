import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CrmDataProvider } from '../providers/dataProvider';

/** Query keys follow the API paths, so pages reading the same data share the cache. */
export const TICKET_METRICS_KEY = ['/api/tickets/metrics'] as const;
export const VOICEMAIL_STATS_KEY = ['/api/voicemails/stats'] as const;
export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;
export const UNREAD_COUNT_KEY = ['/api/notifications/unread-count'] as const;

export const UNREAD_POLL_MS = 30_000;
export const BELL_NOTIFICATION_LIMIT = 3;

export function useTicketMetrics() {
  const dataProvider = useDataProvider<CrmDataProvider>();
  return useQuery({ queryKey: TICKET_METRICS_KEY, queryFn: () => dataProvider.getTicketMetrics() });
}

export function useVoicemailStats() {
  const dataProvider = useDataProvider<CrmDataProvider>();
  return useQuery({ queryKey: VOICEMAIL_STATS_KEY, queryFn: () => dataProvider.getVoicemailStats() });
}

/** The 3 newest notifications for the bell; an empty list when the call fails. */
export function useBellNotifications() {
  const dataProvider = useDataProvider<CrmDataProvider>();
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: async () => {
      try {
        const list = await dataProvider.getLatestNotifications();
        return Array.isArray(list) ? list : [];
      } catch {
        return [];
      }
    },
    select: list => list.slice(0, BELL_NOTIFICATION_LIMIT),
  });
}

/** Unread notification count, polled every 30 s; {count: 0} when the call fails. */
export function useUnreadNotificationCount() {
  const dataProvider = useDataProvider<CrmDataProvider>();
  return useQuery({
    queryKey: UNREAD_COUNT_KEY,
    queryFn: async () => {
      try {
        const result = await dataProvider.getUnreadNotificationCount();
        return { count: Number(result?.count) || 0 };
      } catch {
        return { count: 0 };
      }
    },
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
  });
}
