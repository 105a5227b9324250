import { lazy, type ComponentType } from 'react';

/**
 * A screen loaded when it is first shown (issue 32: the first load carries only the shell).
 * `lazyScreen(() => import('./TicketList'), 'TicketList')` takes a named export and keeps its props;
 * the Layout's Suspense (or App's Bare) shows a spinner while its chunk loads.
 */
export function lazyScreen<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K): M[K] {
  return lazy(async () => ({ default: (await load())[name] })) as unknown as M[K];
}
