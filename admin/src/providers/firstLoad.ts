import { getQuery, parseQueryFromLocation, type GetListParams } from 'react-admin';
import { TICKET_LIST_META, TICKET_LIST_PER_PAGE, TICKET_LIST_SORT } from '../lib/ticketList';
import { authProvider } from './authProvider';
import { probablySignedIn } from './currentUserCache';
import { dataProvider } from './dataProvider';
import { queryClient } from './queryClient';
import { store } from './store';

/** react-admin's list params as its store keeps them (`<resource>.listParams`). */
const TICKET_LIST_PARAMS_KEY = 'tickets.listParams';

/**
 * The params the tickets list (TicketList's ListBase) will ask getList for on this page load, or null
 * when the page is not the list. The same rules as react-admin's list controller (its own getQuery):
 * the URL's list params, else the stored ones, else the list's defaults.
 */
export function ticketListParams(location: { pathname: string; search: string }, stored: unknown): Required<Pick<GetListParams, 'pagination' | 'sort' | 'filter'>> | null {
  if (!/^\/tickets\/?$/.test(location.pathname)) return null;
  const query = getQuery({
    queryFromLocation: parseQueryFromLocation(location),
    params: (stored && typeof stored === 'object' ? stored : {}) as never,
    filterDefaultValues: undefined as never,
    sort: TICKET_LIST_SORT,
    perPage: TICKET_LIST_PER_PAGE,
  });
  return {
    pagination: { page: query.page, perPage: query.perPage },
    sort: { field: query.sort, order: query.order },
    filter: { ...query.filter },
  };
}

/**
 * Issue 32: what a cold load starts before its first render, and what that render waits for.
 *
 * On /tickets, the list's first page is asked for at once, beside the session check (GET /api/session),
 * instead of after it, the shell's reads and the list's chunk. The page is cached under react-admin's own
 * key for that read (useGetList's [resource, 'getList', {pagination, sort, filter, meta}]), so the list
 * finds it there (or joins the request in flight) and does not ask again; the list's chunk is fetched at
 * the same time. The list is asked for early only when this browser was signed in when it last knew
 * (currentUserCache's hint): a signed-out visit sends nothing the server would refuse (issue 34), and the
 * route guard redirects once, from GET /api/session. A session that ended meanwhile answers 401, which
 * prefetchQuery keeps to itself (no toast, no redirect), and signing in clears the cache.
 *
 * On every page of such a browser, the session check's answer is put where react-admin's route guard,
 * list controller and identity read it (primeAuthQueries) before the first render: the page then renders
 * in its first pass, not a spinner first and the page a render later.
 *
 * Answers when the session check is answered and, on /tickets, the list's component is in (either may
 * fail: the first render does not wait longer for it); nothing when there is nothing to wait for.
 */
export function prefetchFirstScreen(
  location: { pathname: string; search: string } = window.location,
  // the list screen's own component, so that it renders without suspending once its chunk is in (lazyScreen)
  loadListScreen: () => Promise<unknown> = () => import('../resources/tickets').then(tickets => tickets.default.list.preload()),
): Promise<void> | undefined {
  let params: ReturnType<typeof ticketListParams>;
  try {
    params = ticketListParams(location, store.getItem(TICKET_LIST_PARAMS_KEY));
  } catch {
    params = null; // a URL the list itself will read (and report)
  }
  if (!probablySignedIn()) {
    if (params) void authProvider.checkAuth({}).catch(() => undefined);
    return;
  }
  // In this order: the browser has 6 connections to the server, and the list's chunk brings several
  // files; the two reads go out first so they do not queue behind them.
  if (params) {
    const listParams = { ...params, meta: TICKET_LIST_META };
    void queryClient.prefetchQuery({
      queryKey: ['tickets', 'getList', listParams],
      queryFn: () =>
        dataProvider.getList('tickets', listParams).then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
    });
  }
  // the route guard's GET /api/session, remembered for the load (currentUserCache.ts)
  const waits = [authProvider.checkAuth({}).then(primeAuthQueries)];
  if (params) waits.push(loadListScreen().then(() => undefined));
  return Promise.allSettled(waits).then(() => undefined);
}

/** react-admin's keys for the auth reads with no params (useAuthState, usePermissions, useGetIdentity). */
export const AUTH_QUERY_KEYS = {
  checkAuth: ['auth', 'checkAuth', {}],
  permissions: ['auth', 'getPermissions', {}],
  identity: ['auth', 'getIdentity'],
} as const;

/**
 * The signed-in user's auth reads, cached under react-admin's keys from the session check's answer (the
 * same answer their own calls would get: currentUserCache). Without them, the first render found them
 * pending: react-admin's route guard showed a spinner and the list controller waited, and the page came
 * a render later, in an update that React finished (with every effect of the page) before the browser
 * could paint.
 */
async function primeAuthQueries(): Promise<void> {
  const [permissions, identity] = await Promise.all([authProvider.getPermissions!({}), authProvider.getIdentity!()]);
  queryClient.setQueryData(AUTH_QUERY_KEYS.checkAuth, true);
  queryClient.setQueryData(AUTH_QUERY_KEYS.permissions, permissions);
  queryClient.setQueryData(AUTH_QUERY_KEYS.identity, identity);
}

/**
 * How long the first render waits for the session check and the first screen's component. Mounted before its chunk is in, the
 * list would suspend, the layout would show its fallback, and React holds a Suspense boundary's content
 * back for 300 ms after its fallback showed: the rows waited on that, not on their data or their render.
 * A chunk slower than this (a slow network) lets the shell render first, as any other page does.
 */
export const FIRST_SCREEN_WAIT_MS = 1500;

/** Calls `render` once, when `firstScreen` is answered or after `waitMs`, whichever is first; at once without one. */
export function renderWhenReady(firstScreen: Promise<void> | undefined, render: () => void, waitMs: number = FIRST_SCREEN_WAIT_MS): void {
  if (!firstScreen) return render();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>(resolve => (timer = setTimeout(resolve, waitMs)));
  void Promise.race([firstScreen, waited]).then(() => {
    clearTimeout(timer);
    render();
  });
}
