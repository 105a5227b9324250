import { useCrmQuery } from '../providers/useCrm';

export const UNREAD_POLL_MS = 30_000;
export const BELL_NOTIFICATION_LIMIT = 3;

/**
 * total, open, pending, closedToday. The sidebar's Tickets badge and the dashboard share this
 * read; any write to tickets refetches it (queryClient.ts), and the dashboard also refetches it
 * when it opens (`refetchOnMount: 'always'`).
 */
export function useTicketMetrics({ refetchOnMount }: { refetchOnMount?: 'always' } = {}) {
  return useCrmQuery('tickets', 'getTicketMetrics', [], { refetchOnMount: refetchOnMount ?? true });
}

export function useVoicemailStats() {
  return useCrmQuery('call-logs', 'getVoicemailStats', []);
}

/** The 3 newest notifications for the bell; an empty list when the call fails. */
export function useBellNotifications() {
  return useCrmQuery('notifications', 'getLatestNotifications', [BELL_NOTIFICATION_LIMIT], {
    select: list => (Array.isArray(list) ? list.slice(0, BELL_NOTIFICATION_LIMIT) : []),
    throwOnError: false,
  });
}

/** Unread notification count, polled every 30 s; {count: 0} when the call fails. */
export function useUnreadNotificationCount() {
  const query = useCrmQuery('notifications', 'getUnreadNotificationCount', [], {
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
  });
  return { ...query, data: { count: Number(query.data?.count) || 0 } };
}
