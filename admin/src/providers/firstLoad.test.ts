import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_QUERY_KEYS, prefetchFirstScreen, renderWhenReady, ticketListParams } from './firstLoad';
import { forgetCurrentUser } from './currentUserCache';
import { queryClient } from './queryClient';

const DEFAULT = { pagination: { page: 1, perPage: 25 }, sort: { field: 'created_at', order: 'DESC' }, filter: {} };
/** react-admin's useGetList key for the list's default first page (its meta: TICKET_LIST_META, the rows as the list shows them). */
const DEFAULT_KEY = ['tickets', 'getList', { ...DEFAULT, meta: { view: 'row' } }];

describe('ticketListParams (what the tickets list will ask for)', () => {
  it("is the list's defaults on a bare /tickets", () => {
    expect(ticketListParams({ pathname: '/tickets', search: '' }, undefined)).toEqual(DEFAULT);
    expect(ticketListParams({ pathname: '/tickets/', search: '' }, {})).toEqual(DEFAULT);
  });

  it("takes the URL's list params first", () => {
    const search = `?filter=${encodeURIComponent(JSON.stringify({ status: 'Open' }))}&page=3&perPage=50&sort=priority&order=ASC`;
    expect(ticketListParams({ pathname: '/tickets', search }, { filter: { brand: 'X' }, page: 2 })).toEqual({
      pagination: { page: 3, perPage: 50 },
      sort: { field: 'priority', order: 'ASC' },
      filter: { status: 'Open' },
    });
  });

  it('else the stored list params', () => {
    const stored = { filter: { brand: 'IronJack' }, page: 2, perPage: 10, sort: 'created_at', order: 'ASC', displayedFilters: {} };
    expect(ticketListParams({ pathname: '/tickets', search: '' }, stored)).toEqual({
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'created_at', order: 'ASC' },
      filter: { brand: 'IronJack' },
    });
  });

  it('is null on any other page', () => {
    for (const pathname of ['/', '/tickets/42', '/customers', '/auth']) expect(ticketListParams({ pathname, search: '' }, undefined)).toBeNull();
  });
});

/** The browser's localStorage (these tests run in Node): what the signed-in hint is kept in. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe('prefetchFirstScreen', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    forgetCurrentUser();
  });

  it('signed out when last known (no hint): only the session check, no list read the server would refuse', async () => {
    // (whatever the session check answers: here a user, so the next test starts not signed out)
    const fetch = vi.fn(async () => new Response(JSON.stringify({ user: { id: 'u1', username: 'ann' } })));
    vi.stubGlobal('fetch', fetch);
    const loadScreen = vi.fn(async () => ({}));
    expect(prefetchFirstScreen({ pathname: '/tickets', search: '' }, loadScreen)).toBeUndefined(); // the first render waits on nothing
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls.map(call => String((call as unknown[])[0]))).toEqual(['/api/session']);
    expect(loadScreen).not.toHaveBeenCalled();
  });

  it("on /tickets asks for the list's first page at once, under react-admin's key for it, then the user, then the list's screen", async () => {
    const fetch = vi.fn(async (url: string) =>
      url.startsWith('/api/tickets')
        ? new Response(JSON.stringify([{ id: '1', ticket_number: 'TKT-1' }]), { headers: { 'Content-Range': 'tickets 0-0/1' } })
        : new Response(JSON.stringify({ user: { id: 'u1', username: 'ann' } })),
    );
    vi.stubGlobal('fetch', fetch);
    localStorage.setItem('wcrm.signedIn', '1'); // signed in when this browser last knew
    let screenLoaded!: () => void;
    const loadScreen = vi.fn(() => new Promise<void>(resolve => (screenLoaded = resolve)));
    const screen = prefetchFirstScreen({ pathname: '/tickets', search: '' }, loadScreen);
    // what the first render waits on (main.tsx): the list's component, not its data
    let ready = false;
    void screen!.then(() => (ready = true));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(ready).toBe(false);
    screenLoaded();
    await vi.waitFor(() => expect(ready).toBe(true));
    expect(fetch.mock.calls.map(call => String(call[0]))).toEqual([expect.stringMatching(/^\/api\/tickets\?.*&view=row$/), '/api/session']);
    expect(loadScreen).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(queryClient.getQueryData(DEFAULT_KEY)).toMatchObject({ data: [{ id: '1' }], total: 1 }));
    // react-admin's route guard and list controller find the user answered (primeAuthQueries)
    expect(queryClient.getQueryData(AUTH_QUERY_KEYS.checkAuth)).toBe(true);
  });

  it('a session that ended since (the hint says signed in): the 401 stays in the cache as an error, nothing thrown or logged', async () => {
    localStorage.setItem('wcrm.signedIn', '1');
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ statusCode: 401, message: 'Unauthorized' }), { status: 401 })));
    const error = vi.spyOn(console, 'error');
    // a list chunk that fails to load does not hold the first render either
    await expect(prefetchFirstScreen({ pathname: '/tickets', search: '' }, async () => Promise.reject(new Error('chunk failed')))).resolves.toBeUndefined();
    await vi.waitFor(() => expect(queryClient.getQueryState(DEFAULT_KEY)?.status).toBe('error'));
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('does nothing elsewhere when signed out when last known', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const loadScreen = vi.fn(async () => ({}));
    expect(prefetchFirstScreen({ pathname: '/', search: '' }, loadScreen)).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
    expect(loadScreen).not.toHaveBeenCalled();
  });

  it("elsewhere, signed in when last known: the session check only, its answer cached under react-admin's auth keys before the first render", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ user: { id: 'u1', username: 'ann', role: 'admin', is_account_owner: false } })));
    vi.stubGlobal('fetch', fetch);
    localStorage.setItem('wcrm.signedIn', '1');
    const loadScreen = vi.fn(async () => ({}));
    await expect(prefetchFirstScreen({ pathname: '/customers', search: '' }, loadScreen)).resolves.toBeUndefined();
    expect(fetch.mock.calls.map(call => String((call as unknown[])[0]))).toEqual(['/api/session']);
    expect(loadScreen).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(AUTH_QUERY_KEYS.checkAuth)).toBe(true);
    expect(queryClient.getQueryData(AUTH_QUERY_KEYS.permissions)).toEqual({ isAccountOwner: false, role: 'admin', mustChangePassword: false });
    expect(queryClient.getQueryData(AUTH_QUERY_KEYS.identity)).toMatchObject({ id: 'u1', fullName: 'ann' });
  });

  it('a session that ended (the hint was stale): nothing cached under the auth keys, and the first render does not wait longer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ user: null }))));
    localStorage.setItem('wcrm.signedIn', '1');
    await expect(prefetchFirstScreen({ pathname: '/customers', search: '' })).resolves.toBeUndefined();
    for (const key of Object.values(AUTH_QUERY_KEYS)) expect(queryClient.getQueryState(key)).toBeUndefined();
  });
});

describe('renderWhenReady', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("renders once the first screen's component is in, not before, and once only", async () => {
    let screenLoaded!: () => void;
    const render = vi.fn();
    renderWhenReady(new Promise<void>(resolve => (screenLoaded = resolve)), render, 1500);
    await vi.advanceTimersByTimeAsync(200);
    expect(render).not.toHaveBeenCalled();
    screenLoaded();
    await vi.advanceTimersByTimeAsync(0);
    expect(render).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('renders after the wait when the component is slower (the shell first, as on any other page)', async () => {
    const render = vi.fn();
    renderWhenReady(new Promise<void>(() => undefined), render, 1500);
    await vi.advanceTimersByTimeAsync(1499);
    expect(render).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('renders at once when nothing was fetched (another page, or signed out)', () => {
    const render = vi.fn();
    renderWhenReady(undefined, render);
    expect(render).toHaveBeenCalledTimes(1);
  });
});
