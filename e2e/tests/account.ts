import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';

/** Below this width the shell has a slide-in drawer instead of the fixed sidebar (MUI's lg). */
const FIXED_SIDEBAR_MIN_WIDTH = 1200;

/** Opens the slide-in drawer on small screens; the sidebar is always there on large ones. */
export async function openNavigation(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? FIXED_SIDEBAR_MIN_WIDTH;
  if (width >= FIXED_SIDEBAR_MIN_WIDTH) {
    await expect(page.getByTestId('sidebar')).toBeVisible();
    return;
  }
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('mobile-drawer')).toBeVisible();
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

/** Full-page screenshot under test-results/screenshots/<name>-<project>.png. */
export async function saveScreenshot(page: Page, name: string, testInfo: TestInfo): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}-${testInfo.project.name}.png`, fullPage: true });
}
