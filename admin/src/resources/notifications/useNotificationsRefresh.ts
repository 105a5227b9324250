import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * Re-reads every view of the user's notifications: the list (react-admin's cache), the bell and its
 * count (useCrmQuery's), all cached under keys that start with the resource.
 */
export function useNotificationsRefresh() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: ['notifications'] });
  }, [queryClient]);
}
