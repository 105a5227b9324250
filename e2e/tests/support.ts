import { expect, type APIRequestContext, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import { join } from 'node:path';

let counter = 0;

/**
 * A username no other test uses, within one server run: the worker's own number (then "w", so that
 * worker 1's 12th and worker 11's 2nd differ) keeps two workers running tests of one file (the same
 * prefix) in the same millisecond apart.
 */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.env.TEST_WORKER_INDEX ?? ''}w${counter}`;
}

/** Registers through the sign-in screen and waits for the dashboard. */
export async function registerInUi(page: Page, username: string, password = 'secret123', organizationName = `${username} Audio`): Promise<void> {
  await page.goto('/auth');
  await page.getByTestId('auth-tab-register').click();
  await expect(page.getByText('Create an account')).toBeVisible();
  await page.getByTestId('register-organization-name').fill(organizationName);
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Waits until every read of the page has arrived (its main region is no longer aria-busy). A card
 * that fills in later moves what is below it: a button pressed at that moment gets the press but not
 * the release, as a person's click would.
 */
export async function pageSettled(page: Page): Promise<void> {
  await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'false');
}

/** Registers an owner through the API of a browser context (shares its cookies). */
export async function registerByApi(request: APIRequestContext, username: string, password = 'secret123') {
  const res = await request.post('/api/register', { data: { username, password } });
  expect(res.status()).toBe(201);
  return res.json();
}

/** Signs a context in through the API (its cookies), for a test whose subject is not the sign-in screen. */
export async function signInByApi(request: APIRequestContext, username: string, password: string): Promise<void> {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Below this width the shell has a slide-in drawer instead of the fixed sidebar (MUI's lg). */
const FIXED_SIDEBAR_MIN_WIDTH = 1200;

/**
 * The navigation: on large screens the fixed sidebar (no menu button); on small ones the slide-in
 * drawer, opened with the menu button (no fixed sidebar). Returns the one in use.
 */
export async function openNavigation(page: Page): Promise<Locator> {
  const width = page.viewportSize()?.width ?? FIXED_SIDEBAR_MIN_WIDTH;
  if (width >= FIXED_SIDEBAR_MIN_WIDTH) {
    await expect(page.getByTestId('menu-button')).toBeHidden();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    return page.getByTestId('sidebar');
  }
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('mobile-drawer')).toBeVisible();
  return page.getByTestId('mobile-drawer');
}

/** Signs in through the login tab (does not wait for the landing page: the caller knows it). */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByTestId('auth-tab-login').click();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Logs out through the avatar menu and its confirmation. */
export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-avatar-button').click();
  await page.getByTestId('avatar-menu-logout').click();
  await page.getByTestId('logout-confirm').click();
  await expect(page).toHaveURL(/\/auth$/);
}

/** A second, separate browser (own cookies) with the same device settings as the test's project. */
export async function newBrowserLike(browser: Browser, testInfo: TestInfo, baseURL: string | undefined) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  return browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
}

/**
 * Picks an option of a MUI select through its combobox, and waits until the menu has closed with the
 * option shown in the select. On a loaded machine a click can land while the menu is still opening
 * and be lost; a person would click again, and so does this (bounded), so the test waits on the
 * outcome, not on the animation.
 */
export async function chooseOption(page: Page, combobox: Locator, option: string | RegExp): Promise<void> {
  const listbox = page.getByRole('listbox');
  await expect(async () => {
    if (!(await listbox.isVisible())) await combobox.click({ timeout: 2_000 });
    await page.getByRole('option', { name: option, exact: typeof option === 'string' }).first().click({ timeout: 2_000 });
    await expect(listbox).toBeHidden({ timeout: 2_000 });
    // a click that landed while the menu was still moving closes it without choosing: try again
    await expect(combobox).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Picks an option of a type-ahead (MUI Autocomplete): types `text`, clicks the option once the list has
 * settled, and waits until `shown()` says the choice is there (the chip, the filled value). The list
 * re-filters after a debounce, so a click can land on a row that is being replaced and be lost; a person
 * would pick again, and so does this (bounded, and never twice once the choice shows: a second click on a
 * chosen option would take it off again), waiting on the outcome.
 */
export async function chooseSuggestion(page: Page, input: Locator, text: string, option: string, shown: () => Promise<boolean>): Promise<void> {
  await expect(async () => {
    if (!(await shown())) {
      await input.fill(text, { timeout: 2_000 });
      const match = page.getByRole('option', { name: option, exact: true });
      await expect(match).toHaveCount(1, { timeout: 2_000 });
      await match.click({ timeout: 2_000 });
    }
    await expect.poll(shown, { timeout: 2_000 }).toBe(true);
  }).toPass({ timeout: 20_000 });
}

/**
 * Checks a radio button or checkbox of a form that may still be settling: a click whose change a
 * re-render of the form undid (Playwright then reports that the click did not change its state)
 * is made again, bounded, as a person would click again; the test waits on the outcome.
 */
export async function checkControl(control: Locator): Promise<void> {
  await expect(async () => {
    await control.check({ timeout: 2_000 });
    await expect(control).toBeChecked({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Opens a section of a page of sections (an accordion, such as Settings') and waits until it is open:
 * `section` is its summary, or the title its summary button is named by. On a loaded machine a section
 * above can still be growing as its data arrives, so a click aimed at the summary can land beside it and
 * be lost; a person would click again, and so does this (bounded), never on a section already open (a
 * click there would close it).
 */
export async function openSection(page: Page, section: string | Locator): Promise<Locator> {
  const summary = typeof section === 'string' ? page.getByRole('button', { name: new RegExp(section) }) : section;
  await expect(async () => {
    if ((await summary.getAttribute('aria-expanded', { timeout: 2_000 })) !== 'true') await summary.click({ timeout: 2_000 });
    await expect(summary).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return summary;
}

/**
 * Full-page screenshot under test-results/screenshots/<name>-<project>.png, for people to look at,
 * when asked for (E2E_SCREENSHOTS=1). The suite's 68 cost Chromium a few percent of its CPU, and
 * nothing reads them; a failing test's screenshot is taken regardless (playwright.config.ts).
 */
export async function saveScreenshot(page: Page, name: string, testInfo: TestInfo): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({
    path: join(testInfo.project.outputDir, 'screenshots', `${name}-${testInfo.project.name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}
