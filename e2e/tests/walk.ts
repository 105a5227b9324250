import { expect, request as playwrightRequest, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { createTicket, type CreatedTicket } from './ticket-factory.js';
import { uniqueName } from './support.js';

/** An owner made through the API in a context of its own (the page stays signed out), with one ticket. */
export interface WalkAccount {
  username: string;
  password: string;
  ticket: CreatedTicket;
}

export async function makeAccount(baseURL: string, prefix: string): Promise<WalkAccount> {
  const api: APIRequestContext = await playwrightRequest.newContext({ baseURL });
  try {
    const username = uniqueName(prefix);
    const password = 'secret123';
    const res = await api.post('/api/register', { data: { username, password } });
    expect(res.status(), await res.text()).toBe(201);
    const ticket = await createTicket(api, { customerName: 'Ñandú Åström' });
    return { username, password, ticket };
  } finally {
    await api.dispose();
  }
}

/**
 * Every signed-in page of the admin, each with what shows it has rendered (a heading or a test id).
 * The create dialog and the analytics' warranty tab are opened on their pages.
 */
export function signedInPages(account: WalkAccount): { name: string; path: string; ready: (page: Page) => Promise<void> }[] {
  const heading = (name: string | RegExp) => async (page: Page) => {
    await expect(page.getByRole('heading', { name, level: 1 }).first()).toBeVisible();
  };
  return [
    { name: 'dashboard', path: '/', ready: async page => expect(page.getByTestId('recent-ticket-row').first()).toBeVisible() },
    { name: 'tickets', path: '/tickets', ready: async page => expect(page.getByTestId('ticket-row').first()).toBeVisible() },
    { name: 'ticket detail', path: `/tickets/${account.ticket.id}`, ready: async page => expect(page.getByTestId('ticket-number')).toHaveText(account.ticket.ticketNumber) },
    { name: 'customers', path: '/customers', ready: heading('Customers') },
    { name: 'customer detail', path: `/customers/${account.ticket.customer.id}/show`, ready: async page => expect(page.getByText('Ñandú Åström').first()).toBeVisible() },
    { name: 'analytics', path: '/analytics', ready: async page => expect(page.getByTestId('analytics-tabs')).toBeVisible() },
    { name: 'phone system', path: '/phone-system', ready: heading(/Phone System/) },
    { name: 'users', path: '/users', ready: heading(/Users|User Management/) },
    { name: 'notifications', path: '/notifications', ready: heading(/Notifications/) },
    { name: 'settings', path: '/settings', ready: async page => expect(page.getByRole('button', { name: /Audit Log/ })).toBeVisible() },
    { name: 'profile', path: '/profile', ready: async page => expect(page.getByTestId('profile-password-submit')).toBeVisible() },
  ];
}

/**
 * Takes the open admin to `path` as the browser's Back and Forward do: the History API and a
 * `popstate`, which the app's router follows without loading the document again. A walk over every
 * screen then pays for one load of the app, not one a screen (each is about a second of Chromium's CPU).
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(to => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
}

/** The API requests in flight of each page that watchApi watches. */
const apiInFlight = new WeakMap<Page, Set<Request>>();

/** The signed-in user's live stream: it stays open as long as the page. */
const LIVE_STREAM = '/api/events/stream';

/**
 * Keeps count of the page's API requests in flight from now on, so that apiSettled also waits for the
 * reads of a screen reached inside the app (openInApp, a click in the navigation): the document's
 * `networkidle` is reached once, at its first load.
 */
export function watchApi(page: Page): void {
  const open = new Set<Request>();
  apiInFlight.set(page, open);
  page.on('request', request => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && pathname !== LIVE_STREAM) open.add(request);
  });
  const ended = (request: Request) => open.delete(request);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

/** Waits until the page has no API request in flight (the screen has loaded what it shows). */
export async function apiSettled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const open = apiInFlight.get(page);
  if (open) await expect.poll(() => open.size, { message: 'API requests in flight' }).toBe(0);
}
