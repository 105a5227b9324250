import { expect, test } from '@playwright/test';
import { registerByApi, registerInUi, uniqueName } from './support.js';

test.describe('sign-in screen and session', () => {
  test('registers, lands on the dashboard, stays signed in after a reload, and logs out', async ({ page }) => {
    const username = uniqueName('e2e');
    await registerInUi(page, username);
    await expect(page.getByTestId('toast-title')).toHaveText('Registration successful');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page).toHaveTitle('Warranty CRM - Ticket Management System');

    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    await page.getByTestId('user-avatar-button').click();
    await page.getByTestId('avatar-menu-logout').click();
    await expect(page.getByTestId('logout-dialog')).toContainText('Are you sure you want to log out?');
    await page.getByTestId('logout-confirm').click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByTestId('toast-title')).toHaveText('Logged out');
    await expect(page.getByTestId('toast-description')).toHaveText('You have been logged out successfully.');

    // The server ended the session: going back to a protected page lands on sign-in again.
    await page.goto('/tickets');
    await expect(page).toHaveURL(/\/auth$/);
    const me = await page.request.get('/api/user');
    expect(me.status()).toBe(401);
  });

  test('signs in with the right password and refuses a wrong one', async ({ page }) => {
    const username = uniqueName('login');
    await registerByApi(page.context().request, username);
    await page.context().clearCookies();

    await page.goto('/auth');
    await expect(page.getByText('Welcome back')).toBeVisible();
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('toast-title')).toHaveText('Login failed');
    await expect(page.getByTestId('toast-description')).toHaveText('Invalid username or password');
    await expect(page).toHaveURL(/\/auth$/);

    await page.getByTestId('login-password').fill('secret123');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('toast-title')).toHaveText('Login successful');
  });

  test('after the lock trips, shows the server\'s message with the wait, even for the right password', async ({ page }) => {
    const username = uniqueName('locked');
    await registerByApi(page.context().request, username);
    await page.context().clearCookies();
    // LOGIN_MAX_FAILURES is 50 on the e2e server: the 50th failure starts the 15-minute lock.
    for (let i = 0; i < 50; i += 1) {
      const res = await page.request.post('/api/login', { data: { username, password: `wrong-${i}` } });
      expect(res.status()).toBe(401);
    }

    await page.goto('/auth');
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill('secret123');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('toast-title')).toHaveText('Login failed');
    await expect(page.getByTestId('toast-description')).toHaveText('Too many failed sign-in attempts. Try again in 15 minutes.');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('sends a signed-out visitor to /auth and a signed-in one away from it', async ({ page }) => {
    await page.goto('/analytics');
    await expect(page).toHaveURL(/\/auth$/);
    await registerInUi(page, uniqueName('guard'));
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
  });

  test('shows the 404 page for an unknown path', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
  });

  test('shows the marketing panel only on wide screens', async ({ page }, testInfo) => {
    await page.goto('/auth');
    const panel = page.getByTestId('auth-marketing-panel');
    if (testInfo.project.name === 'desktop') await expect(panel).toBeVisible();
    else await expect(panel).toBeHidden();
  });
});
