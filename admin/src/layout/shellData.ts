import { crmQueryKey, useCrmQuery } from '../providers/useCrm';

export const BELL_NOTIFICATION_LIMIT = 3;

/** The cache keys of the two bell reads (useCrmQuery's, built by crmQueryKey), which the live stream updates. */
export const UNREAD_COUNT_KEY = crmQueryKey('notifications', 'getUnreadNotificationCount', []);
export const NOTIFICATIONS_KEY = crmQueryKey('notifications', 'getLatestNotifications', [BELL_NOTIFICATION_LIMIT]);

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

/** Unread notification count, kept live by the event stream (useLiveNotifications); {count: 0} when the call fails. */
export function useUnreadNotificationCount() {
  const query = useCrmQuery('notifications', 'getUnreadNotificationCount', [], { throwOnError: false });
  return { ...query, data: { count: Number(query.data?.count) || 0 } };
}
