import { MutationCache, QueryClient } from '@tanstack/react-query';
import { forgetCurrentUser } from './currentUserCache';

/**
 * Query defaults from the spec: no automatic retry for queries or mutations, no refetch on window
 * focus, no interval refetch, data never becomes stale. Queries that poll (the unread-notification
 * count) opt in one by one.
 *
 * One rule keeps every screen current: every read is cached under a key that starts with its
 * resource (react-admin's own reads: ['tickets', 'getList', ...]; the custom ones through
 * useCrmQuery, keyed by crmQueryKey: ['tickets', 'getTicketMetrics']), and every write names its resource first
 * (react-admin's mutations, and useCrmMutation). After a write succeeds, everything read from that
 * resource is refetched: the list, the open ticket, the dashboard counts and the sidebar badge.
 */
export const queryClient: QueryClient = new QueryClient({
  mutationCache: new MutationCache({
    // a write to the signed-in user's own account (profile, password): the next identity read asks
    // the server (runs before the mutation's own onSuccess, which may refetch it)
    onSuccess: (_data, variables, _context, mutation) => {
      const resource = mutation.options.mutationKey?.[0] ?? (variables as { resource?: unknown } | undefined)?.resource;
      if (resource === 'user' || resource === 'users') forgetCurrentUser();
    },
    // onSettled runs after the mutation's own onSuccess, where react-admin writes what it knows
    // into the cache (which would otherwise mark the invalidated reads fresh again)
    onSettled: (_data, error, variables, _context, mutation) => {
      if (error) return;
      const resource = mutation.options.mutationKey?.[0] ?? (variables as { resource?: unknown } | undefined)?.resource;
      if (typeof resource === 'string') void queryClient.invalidateQueries({ queryKey: [resource] });
    },
  }),
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
