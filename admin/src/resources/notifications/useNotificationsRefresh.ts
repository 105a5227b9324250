import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { NOTIFICATIONS_KEY, UNREAD_COUNT_KEY } from '../../layout/shellData';

/** Re-reads every view of the user's notifications: the list (react-admin's cache), the bell and its count. */
export function useNotificationsRefresh() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['notifications'] }),
      queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS_KEY[0]] }),
      queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY }),
    ]);
  }, [queryClient]);
}
