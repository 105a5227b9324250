import { expect, test, type Page } from '@playwright/test';
import { apiSettled, makeAccount, signedInPages, watchApi } from './walk.js';
import { openNavigation, signIn, signOut } from './support.js';

/**
 * Issue 34, "quiet console": a normal visit, sign-in, page changes and sign-out log nothing. Records
 * every console.error, uncaught page error, API answer of 400 or more and API request that failed
 * (other than one cancelled on purpose) over the walk, and lists them all when any was seen.
 */
function recordProblems(page: Page) {
  const problems: string[] = [];
  const where = () => new URL(page.url()).pathname;
  page.on('console', message => {
    if (message.type() === 'error') problems.push(`console.error on ${where()}: ${message.text()}`);
  });
  page.on('pageerror', error => problems.push(`page error on ${where()}: ${error.message}`));
  page.on('response', response => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400) {
      problems.push(`${response.status()} ${response.request().method()} ${url.pathname}${url.search} on ${where()}`);
    }
  });
  page.on('requestfailed', request => {
    const url = new URL(request.url());
    // a query cancelled on purpose (a page change, a sign-out) is aborted by the browser: not a failure
    if (url.pathname.startsWith('/api/') && request.failure()?.errorText !== 'net::ERR_ABORTED') {
      problems.push(`request failed: ${request.method()} ${url.pathname} (${request.failure()?.errorText}) on ${where()}`);
    }
  });
  return problems;
}

test('no console error, page error or failed API request over a visit, sign-in, every page and sign-out', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const account = await makeAccount(baseURL!, 'quiet');
  const problems = recordProblems(page);
  // the reads of a screen reached through the navigation count as well (apiSettled)
  watchApi(page);
  page.on('close', () => problems.length && console.log(problems.join('\n')));
  const apiCalls: string[] = [];
  page.on('request', request => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname}`);
  });

  // a signed-out visit: the sign-in screen, and a protected page that sends there
  await page.goto('/auth');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await apiSettled(page);
  await page.goto('/tickets');
  await expect(page).toHaveURL(/\/auth$/);
  await apiSettled(page);

  // sign in, every page (loaded, then reached through the navigation), sign out
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  for (const screen of signedInPages(account)) {
    await page.goto(screen.path);
    await screen.ready(page);
    await apiSettled(page);
  }
  for (const id of ['tickets', 'customers', 'analytics', 'phone-system', 'dashboard']) {
    const nav = await openNavigation(page);
    await nav.getByTestId(`nav-${id}`).click();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await apiSettled(page);
  }

  await signOut(page);
  const afterLogout = apiCalls.length;
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await apiSettled(page);
  // the dashboard's queries do not go on once signed out (issue 34: they still fired)
  expect(apiCalls.slice(afterLogout), 'API requests after sign-out').toEqual([]);

  // and sign in again
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('recent-ticket-row').first()).toBeVisible();
  await apiSettled(page);

  expect(problems, problems.join('\n')).toEqual([]);
});
