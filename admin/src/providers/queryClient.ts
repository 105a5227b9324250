import { QueryClient } from '@tanstack/react-query';

/**
 * Query defaults from the spec: no automatic retry for queries or mutations,
 * no refetch on window focus, no interval refetch, data never becomes stale.
 * Queries that poll (the unread-notification count) opt in one by one.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    },
    mutations: {
      retry: false,
    },
  },
});
