import { useQuery } from '@tanstack/react-query';
import { HttpError, useDataProvider } from 'react-admin';
import { browserTimeZone, withTimeZone } from '../lib/timeZone';
import type { CrmDataProvider } from '../providers/dataProvider';
import { apiGet } from '../providers/httpClient';
import type { TicketMetrics } from '../providers/types';

/** Query keys follow the API paths, so pages reading the same data share the cache. */
export const TICKET_METRICS_KEY = ['/api/tickets/metrics'] as const;
export const VOICEMAIL_STATS_KEY = ['/api/voicemails/stats'] as const;
export const UNREAD_COUNT_KEY = ['/api/notifications/unread-count'] as const;

export const BELL_NOTIFICATION_LIMIT = 3;
export const NOTIFICATIONS_KEY = ['/api/notifications', { limit: BELL_NOTIFICATION_LIMIT }] as const;

/**
 * GET a path with the browser's time zone as `tz` (so "today" is the user's
 * day); should the server not know that zone (400), the path without it (UTC).
 */
export async function apiGetInLocalTime<T>(path: string): Promise<T> {
  const zone = browserTimeZone();
  try {
    return await apiGet<T>(withTimeZone(path, zone));
  } catch (error) {
    if (zone && error instanceof HttpError && error.status === 400) return apiGet<T>(path);
    throw error;
  }
}

/**
 * total, open, pending, closedToday. The sidebar's Tickets badge and the
 * dashboard share this cache entry; the dashboard refetches it when it mounts
 * (`refetchOnMount: 'always'`) so both show fresh counts after ticket work.
 */
export function useTicketMetrics({ refetchOnMount }: { refetchOnMount?: 'always' } = {}) {
  return useQuery({
    queryKey: TICKET_METRICS_KEY,
    queryFn: () => apiGetInLocalTime<TicketMetrics>('/api/tickets/metrics'),
    refetchOnMount: refetchOnMount ?? true,
  });
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
        const list = await dataProvider.getLatestNotifications(BELL_NOTIFICATION_LIMIT);
        return Array.isArray(list) ? list : [];
      } catch {
        return [];
      }
    },
    select: list => list.slice(0, BELL_NOTIFICATION_LIMIT),
  });
}

/** Unread notification count, kept live by the event stream (useLiveNotifications); {count: 0} when the call fails. */
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
  });
}
