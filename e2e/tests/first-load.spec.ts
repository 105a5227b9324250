import { expect, test, type Page } from '@playwright/test';
import { registerByApi, uniqueName } from './support.js';
import { createTicket } from './ticket-factory.js';

/**
 * Issue 32: the structure of a cold load of /tickets (a new browser context, nothing cached), not its
 * timing: one session check (GET /api/session, never GET /api/user), and the list's request goes out with the page's first requests instead
 * of after the session check and the shell's reads (metrics, voicemail stats, notifications, settings).
 */

type Event = { kind: 'request' | 'response'; method: string; path: string; search: string };

/** Every /api request and response of the page, in the order the browser saw them. */
function recordApi(page: Page): Event[] {
  const events: Event[] = [];
  const push = (kind: Event['kind'], method: string, url: string) => {
    const { pathname, search } = new URL(url);
    if (pathname.startsWith('/api/')) events.push({ kind, method, path: pathname, search });
  };
  page.on('request', request => push('request', request.method(), request.url()));
  page.on('response', response => push('response', response.request().method(), response.url()));
  return events;
}

/** The path of every request of the page, scripts and API reads alike, in the order the browser sent them. */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', request => paths.push(new URL(request.url()).pathname));
  return paths;
}

/** The list screen's own chunk (admin/vite.config.ts names a chunk after its module). */
const isListChunk = (path: string) => /^\/assets\/TicketList-[^/]+\.js$/.test(path);

/** The list's read: GET /api/tickets with its range (not /api/tickets/metrics and the like). */
const isListRead = (e: Event) => e.method === 'GET' && e.path === '/api/tickets' && e.search.includes('range=');

/** The shell's and the list page's other reads, which the list must not wait for. */
const OTHER_READS: Record<string, (e: Event) => boolean> = {
  metrics: e => e.path === '/api/tickets/metrics',
  'voicemail stats': e => e.path === '/api/voicemails/stats',
  'unread notifications': e => e.path === '/api/notifications/unread-count',
  'latest notifications': e => e.path === '/api/notifications' && e.search.includes('limit='),
  settings: e => e.path === '/api/settings',
};

test.describe('the first load of /tickets (issue 32)', () => {
  test("one session check, and the list's request is sent before the shell's reads answer", async ({ page: first }) => {
    await registerByApi(first.context().request, uniqueName('cold'));
    const ticket = await createTicket(first.context().request);
    // a returning user: the admin has seen this browser signed in (its hint in localStorage); the
    // load measured is a new tab of that browser, so no request of the first tab is counted
    await first.goto('/');
    await expect(first.getByTestId('user-avatar-button')).toBeVisible();
    await first.close();
    const page = await first.context().newPage();
    const events = recordApi(page);
    const requested = recordRequests(page);

    await page.goto('/tickets');
    // a structure, not a timing: a generous wait, as the machine may be shared
    await expect(page.getByTestId('ticket-row').filter({ hasText: ticket.ticket_number })).toBeVisible({ timeout: 30_000 });
    // every read of the load has answered
    for (const [name, matches] of Object.entries(OTHER_READS)) {
      await expect.poll(() => events.some(e => e.kind === 'response' && matches(e)), { message: `${name} answered` }).toBe(true);
    }

    // the route guard, the permissions and the identity share one read of the session (issue 34: GET /api/session)
    const userReads = events.filter(e => e.kind === 'request' && (e.path === '/api/user' || e.path === '/api/session'));
    expect(userReads.map(e => `${e.method} ${e.path}`)).toEqual(['GET /api/session']);
    // the list is read once: the prefetched page is the one the list shows, not asked again
    expect(events.filter(e => e.kind === 'request' && isListRead(e))).toHaveLength(1);

    const listSent = events.findIndex(e => e.kind === 'request' && isListRead(e));
    const userAnswered = events.findIndex(e => e.kind === 'response' && e.path === '/api/session');
    expect(listSent, 'the list is asked for before the session check answers').toBeLessThan(userAnswered);
    for (const [name, matches] of Object.entries(OTHER_READS)) {
      const answered = events.findIndex(e => e.kind === 'response' && matches(e));
      expect(listSent, `the list is asked for before ${name} answers`).toBeLessThan(answered);
    }
    // the page names the screen's chunks (admin/build/screen-preloads.ts): the browser asks for them with
    // the entry's, before the entry's scripts have run and sent their first read
    const chunkSent = requested.findIndex(isListChunk);
    expect(chunkSent, "the list screen's chunk is asked for").toBeGreaterThanOrEqual(0);
    expect(chunkSent, "the list screen's chunk is asked for before the first read").toBeLessThan(requested.findIndex(path => path.startsWith('/api/')));
    expect(requested.filter(isListChunk), 'once').toHaveLength(1);
  });

  /** Page errors and the app's console errors; `network401` also the browser's own "Failed to load resource" lines. */
  function recordErrors(page: Page, { network401 }: { network401: boolean }) {
    const errors: string[] = [];
    page.on('pageerror', error => errors.push(error.message));
    page.on('console', message => {
      if (message.type() === 'error' && (network401 || !message.text().startsWith('Failed to load resource'))) errors.push(message.text());
    });
    return errors;
  }

  function recordAuthVisits(page: Page) {
    const visits: string[] = [];
    page.on('framenavigated', frame => {
      if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/auth') visits.push(frame.url());
    });
    return visits;
  }

  test('signed out: no list read the server would refuse, nothing in the console, /auth once', async ({ page }) => {
    const errors = recordErrors(page, { network401: true });
    const authVisits = recordAuthVisits(page);
    const events = recordApi(page);
    const requested = recordRequests(page);

    await page.goto('/tickets');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByTestId('login-submit')).toBeVisible();

    expect(events.filter(e => e.kind === 'request' && isListRead(e)), 'no list read before the session check').toEqual([]);
    // a browser without a session gets the plain page: the list's chunks are not fetched for nothing
    expect(requested.filter(isListChunk)).toEqual([]);
    expect(authVisits).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('a session that ended since this browser signed in: the early list read is refused quietly, /auth once', async ({ page }) => {
    await registerByApi(page.context().request, uniqueName('ended'));
    await page.goto('/tickets');
    await expect(page.getByTestId('ticket-list-empty').or(page.getByTestId('ticket-row').first())).toBeVisible({ timeout: 30_000 });
    // The page first stops: a response still in flight would set the session's cookie again (the session
    // is rolling, every answer renews it), whichever way the load's requests happen to be timed.
    await page.goto('about:blank');
    await page.context().clearCookies(); // the session is gone; the browser still remembers it was signed in
    const errors = recordErrors(page, { network401: false });
    const authVisits = recordAuthVisits(page);
    const events = recordApi(page);

    await page.goto('/tickets');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByTestId('login-submit')).toBeVisible();

    const listRead = events.find(e => e.kind === 'response' && isListRead(e));
    expect(listRead, 'the list was asked for at once').toBeDefined();
    expect(authVisits).toHaveLength(1);
    expect(errors).toEqual([]);
    // no toast about the refused list either
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });

  /**
   * The admin's build groups its libraries into two chunks (admin/vite.config.ts: those of the first load,
   * and those only screens loaded later use), and the app's modules the screens share into one. Each part
   * loaded on first use is opened here in a new
   * document, so its chunk and the chunks it imports are evaluated for the first time in that page:
   * a wrong chunk order shows as a part that never appears, or as an error in the page.
   */
  test('every part loaded on first use appears in a page that has not loaded it yet', async ({ context }) => {
    test.setTimeout(120_000);
    await registerByApi(context.request, uniqueName('lazy'));
    const ticket = await createTicket(context.request);
    const parts: [string, string, (page: Page) => Promise<void>][] = [
      ['the bell\'s menu', '/', async page => {
        await page.getByTestId('notification-bell').click();
        await expect(page.getByTestId('view-all-notifications')).toBeVisible();
      }],
      ['the account menu and the sign-out confirmation', '/', async page => {
        await page.getByTestId('user-avatar-button').click();
        await page.getByTestId('avatar-menu-logout').click();
        await expect(page.getByTestId('logout-confirm')).toBeVisible();
      }],
      ['the search results', '/', async page => {
        await page.getByTestId('search-input').fill(ticket.ticketNumber);
        await expect(page.getByTestId('search-hit').first()).toBeVisible();
      }],
      ['the upload dialog', `/tickets/${ticket.id}`, async page => {
        await page.getByTestId('attachments-card').getByRole('button', { name: 'Upload Files' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
      }],
      ['the analytics chart', '/analytics', async page => {
        await expect(page.getByTestId('tickets-over-time-chart')).toBeVisible();
      }],
      ['the canned reply dialog', '/settings', async page => {
        await page.getByRole('button', { name: /Canned Replies/ }).click();
        await page.getByTestId('add-canned-reply').click();
        await expect(page.getByTestId('canned-reply-dialog')).toBeVisible();
      }],
    ];
    for (const [name, path, open] of parts) {
      await test.step(name, async () => {
        const page = await context.newPage();
        const errors = recordErrors(page, { network401: false });
        await page.goto(path);
        await open(page);
        expect(errors).toEqual([]);
        await page.close();
      });
    }
  });
});
