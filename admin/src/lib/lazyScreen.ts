import { createElement, lazy, useEffect, useState, type ComponentType } from 'react';

/** A lazily loaded component that can be fetched ahead of its first render. */
export type Preloadable<C> = C & {
  /** Fetches the component's chunk. Once it is in, the component renders without suspending. */
  preload(): Promise<void>;
};

/**
 * A screen or part loaded when it is first shown (issue 32: the first load carries only the shell).
 * `lazyScreen(() => import('./TicketList'), 'TicketList')` takes a named export and keeps its props;
 * the Layout's Suspense (or App's Bare) shows a spinner while its chunk loads.
 *
 * Once its module is in (`preload()`, or an earlier render), the component renders directly. A
 * `React.lazy` component suspends on its first render even when its module has already loaded, and React
 * holds back a Suspense boundary's content for up to 300 ms after the boundary showed its fallback. So
 * the first open of a part that was already fetched (the bell's menu) took ~350 ms instead of a frame.
 * Whether an instance renders directly or through `lazy` is decided when it mounts, and stays that way:
 * switching would remount its subtree and lose its state.
 */
export function lazyScreen<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K): Preloadable<M[K]> {
  let loaded: ComponentType<any> | undefined;
  let loading: Promise<ComponentType<any>> | undefined;
  const fetchComponent = () =>
    (loading ??= load().then(
      module => (loaded = module[name]),
      error => {
        loading = undefined; // a failed fetch (a new release, the network) is tried again next time
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await fetchComponent() }));
  function Screen(props: Record<string, unknown>) {
    const [Direct] = useState(() => loaded);
    return createElement(Direct ?? Lazy, props);
  }
  Screen.displayName = `lazyScreen(${name})`;
  return Object.assign(Screen, { preload: () => fetchComponent().then(() => undefined) }) as unknown as Preloadable<M[K]>;
}

/** Runs `task` once the browser is idle (at the latest after 3 s); returns what cancels it. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1000);
  return () => window.clearTimeout(handle);
}

/**
 * Fetches parts a click opens (a menu, a confirmation) once the page is idle, so that the first click
 * shows them at once instead of after their chunk and a Suspense fallback.
 */
export function usePreloadWhenIdle(...parts: Preloadable<unknown>[]): void {
  useEffect(() => whenIdle(() => parts.forEach(part => void part.preload().catch(() => undefined))), []); // eslint-disable-line react-hooks/exhaustive-deps
}
