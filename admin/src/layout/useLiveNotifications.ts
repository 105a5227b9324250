import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { inAppPath } from '../lib/notifications';
import { openLiveEvents } from '../providers/liveEvents';
import { crmQueryKey } from '../providers/queryKeys';
import { useNotificationsRefresh } from '../resources/notifications/useNotificationsRefresh';
import { UNREAD_COUNT_KEY } from './shellData';

/**
 * Keeps the bell, its count and the notifications list live from the server's event stream (one
 * per open tab), and shows the `browser` channel's alerts as system notifications when allowed.
 */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  const refresh = useNotificationsRefresh();
  const navigate = useNavigate();

  useEffect(
    () =>
      openLiveEvents({
        notification: ({ unread_count }) => {
          queryClient.setQueryData(UNREAD_COUNT_KEY, { count: unread_count });
          void refresh();
        },
        unread_count: ({ count }) => {
          queryClient.setQueryData(UNREAD_COUNT_KEY, { count });
          void refresh();
        },
        browser: ({ title, body, url, tag }) => {
          if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
          const shown = new Notification(title, { body, tag, icon: '/favicon.svg' });
          shown.onclick = () => {
            window.focus();
            const path = inAppPath(url, window.location.origin);
            if (path) navigate(path);
            shown.close();
          };
        },
        // Another tab or a job changed a ticket's files: its gallery and activity read them again.
        ticket_attachment: ({ ticket_id }) => {
          void queryClient.invalidateQueries({ queryKey: crmQueryKey('tickets', 'getTicketAttachments', [ticket_id]) });
          void queryClient.invalidateQueries({ queryKey: crmQueryKey('tickets', 'getTicketActivity', [ticket_id]) });
        },
        // someone (or the round-robin) assigned tickets: the list, its counts and open tickets re-read
        tickets_assigned: () => void queryClient.invalidateQueries({ queryKey: ['tickets'] }),
        // a voicemail arrived or changed (a simulated one too): the calls, one call and the unread badge re-read
        call_log: () => void queryClient.invalidateQueries({ queryKey: ['call-logs'] }),
        // After a reconnect, re-read what may have changed while the stream was down.
        open: () => void refresh(),
      }),
    [queryClient, refresh, navigate],
  );
}
