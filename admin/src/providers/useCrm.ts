import { useMutation, useQuery, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CrmDataProvider } from './dataProvider';
import { type Args, crmQueryKey, type MethodName, type Result } from './queryKeys';

export { crmQueryKey };

function call<M extends MethodName>(provider: CrmDataProvider, method: M, args: Args<M>): Promise<Result<M>> {
  return (provider[method] as (...a: Args<M>) => Promise<Result<M>>)(...args);
}

/**
 * A custom read of the dataProvider, cached as react-admin caches its own:
 * under [resource, method, ...args]. Writes to `resource` refetch it.
 *
 *   const { data } = useCrmQuery('tickets', 'getTicketMetrics', []);
 */
export function useCrmQuery<M extends MethodName, TData = Result<M>>(
  resource: string,
  method: M,
  args: Args<M>,
  options: Omit<UseQueryOptions<Result<M>, Error, TData>, 'queryKey' | 'queryFn'> = {},
) {
  const provider = useDataProvider<CrmDataProvider>();
  return useQuery<Result<M>, Error, TData>({
    queryKey: crmQueryKey(resource, method, args),
    queryFn: () => call(provider, method, args),
    ...options,
  });
}

/** The dataProvider with its custom methods, for the few calls that are not a cached read or a write (a blob, a test send). */
export function useCrmProvider(): CrmDataProvider {
  return useDataProvider<CrmDataProvider>();
}

/**
 * A custom write of the dataProvider; on success everything read from `resource` is refetched.
 *
 *   const { mutate } = useCrmMutation('users', 'inviteUser', { onSuccess: ... });
 *   mutate([{ username }]);
 */
export function useCrmMutation<M extends MethodName, TContext = unknown>(
  resource: string,
  method: M,
  options: Omit<UseMutationOptions<Result<M>, Error, Args<M>, TContext>, 'mutationKey' | 'mutationFn'> = {},
) {
  const provider = useDataProvider<CrmDataProvider>();
  return useMutation<Result<M>, Error, Args<M>, TContext>({
    mutationKey: [resource, method],
    mutationFn: args => call(provider, method, args),
    ...options,
  });
}
