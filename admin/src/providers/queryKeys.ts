import type { CustomMethods } from './dataProvider';

export type MethodName = keyof CustomMethods & string;
export type Args<M extends MethodName> = Parameters<CustomMethods[M]>;
export type Result<M extends MethodName> = Awaited<ReturnType<CustomMethods[M]>>;

/**
 * The one cache key scheme of the dataProvider's custom reads: [resource, method, ...args], as
 * react-admin keys its own reads ([resource, 'getList', params]). Every read, cache write and
 * invalidation of a custom method builds its key here, so one thing is cached under one key and a
 * write to `resource` (which invalidates [resource], see queryClient.ts) refreshes it.
 */
export function crmQueryKey<M extends MethodName>(resource: string, method: M, args: Args<M>): readonly [string, M, ...Args<M>] {
  return [resource, method, ...args] as const;
}
