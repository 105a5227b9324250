import { expect, test, type Page } from '@playwright/test';
import { replaceNotifications } from './db.js';
import { newBrowserLike, registerByApi, registerInUi, saveScreenshot, uniqueName } from './support.js';
import { createTicket } from './ticket-factory.js';

const step = (page: Page, key: string) => page.getByTestId(`setup-step-${key}`);

test.describe('the first hour', () => {
  test('register with an organization name; the setup checklist ticks as steps are done, links to each place, and is dismissed', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const username = uniqueName('onboard');
    const organization = `Acme ${username}`;

    // the name is required in the form
    await page.goto('/auth');
    await page.getByTestId('auth-tab-register').click();
    await page.getByTestId('register-username').fill(username);
    await page.getByTestId('register-password').fill('secret123');
    await page.getByTestId('register-submit').click();
    await expect(page.getByText('Organization name is required')).toBeVisible();

    await registerInUi(page, username, 'secret123', organization);
    await expect(page.getByText(`Welcome! Let's set up ${organization}.`)).toBeVisible();
    const checklist = page.getByTestId('setup-checklist');
    await expect(checklist).toContainText(`Set up ${organization}`);
    await expect(page.getByTestId('setup-checklist-progress')).toHaveText('0 of 5 steps done');
    for (const key of ['brands', 'products', 'smtp', 'twilio', 'team']) await expect(step(page, key)).toHaveAttribute('data-done', 'false');
    await saveScreenshot(page, 'onboarding-checklist', testInfo);

    // each step links to its place: SMTP opens Settings with its section expanded
    await step(page, 'smtp').getByTestId('setup-step-smtp-link').click();
    await expect(page).toHaveURL(/\/settings#smtp$/);
    await expect(page.getByTestId('settings-smtp').locator('.MuiAccordionSummary-root').first()).toHaveAttribute('aria-expanded', 'true');
    await page.goto('/');
    await step(page, 'team').getByTestId('setup-step-team-link').click();
    await expect(page).toHaveURL(/\/users$/);

    // steps done elsewhere tick on the dashboard
    const api = page.context().request;
    expect((await api.put('/api/settings', { data: { brands: ['Acme'] } })).status()).toBe(200);
    await page.goto('/');
    await expect(step(page, 'brands')).toHaveAttribute('data-done', 'true');
    await expect(step(page, 'products')).toHaveAttribute('data-done', 'false');
    expect((await api.post('/api/products', { data: { brand: 'Acme', sku: 'AJ-1', product_name: 'Jack', warranty_term: '1 year' } })).status()).toBe(201);
    expect((await api.put('/api/settings', { data: { smtp_host: 'smtp.example.com', smtp_port: 2525 } })).status()).toBe(200);
    expect((await api.post('/api/users/invite', { data: { username: `${username}-mate` } })).status()).toBe(201);
    await page.goto('/');
    for (const key of ['brands', 'products', 'smtp', 'team']) await expect(step(page, key)).toHaveAttribute('data-done', 'true');
    await expect(step(page, 'twilio')).toHaveAttribute('data-done', 'false');
    await expect(page.getByTestId('setup-checklist-progress')).toHaveText('4 of 5 steps done');

    // dismissed, it stays away
    await page.getByTestId('setup-checklist-dismiss').click();
    await expect(checklist).toHaveCount(0);
    await expect(page.getByText("Welcome back! Here's what's happening with your warranty tickets.")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('recent-tickets')).toBeVisible();
    await expect(checklist).toHaveCount(0);
  });

  test('without Twilio the Phone System says what to do', async ({ page }) => {
    await registerByApi(page.request, uniqueName('notwilio'));
    await page.goto('/phone-system');
    const hint = page.getByTestId('phone-system-no-twilio');
    await expect(hint).toContainText('Twilio is not connected yet');
    await expect(hint).toContainText('built-in Twilio simulation');
    await hint.getByTestId('phone-system-connect-twilio').click();
    await expect(page).toHaveURL(/\/settings#phone-setup$/);
  });

  test('"Mark all as read" on the page and in the bell; the count goes to 0 in another tab too', async ({ page, browser, baseURL }, testInfo) => {
    const username = uniqueName('markall');
    await registerInUi(page, username);
    await replaceNotifications(username, 3);
    const other = await newBrowserLike(browser, testInfo, baseURL);
    try {
      await other.addCookies(await page.context().cookies());
      const otherTab = await other.newPage();
      await otherTab.goto('/');
      await expect(otherTab.getByTestId('notification-bell')).toHaveAttribute('aria-label', 'Notifications, 3 unread');

      await page.goto('/notifications');
      await expect(page.getByTestId('notification-card')).toHaveCount(3);
      await page.getByTestId('mark-all-read').click();
      await expect(page.getByTestId('notification-bell')).toHaveAttribute('aria-label', 'Notifications');
      await expect(page.getByTestId('notification-badge')).toHaveCount(0);
      await expect(page.getByTestId('badge-new')).toHaveCount(0);
      await expect(page.getByTestId('mark-all-read')).toBeDisabled();
      // the other tab's bell follows live (unread_count)
      await expect(otherTab.getByTestId('notification-bell')).toHaveAttribute('aria-label', 'Notifications');

      // the bell's menu has it too
      await replaceNotifications(username, 2);
      await page.reload();
      await expect(page.getByTestId('notification-bell')).toHaveAttribute('aria-label', 'Notifications, 2 unread');
      await page.getByTestId('notification-bell').click();
      await page.getByTestId('bell-mark-all-read').click();
      await expect(page.getByTestId('notification-bell')).toHaveAttribute('aria-label', 'Notifications');
      await expect(page.getByTestId('notification-menu').locator('[data-testid="notification-dot"][data-read="false"]')).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test('on a phone (390 px) the search opens from the top bar and finds a ticket', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const request = page.context().request;
    await registerByApi(request, uniqueName('phonesearch'));
    const ticket = await createTicket(request, { orderNumber: 'PHONE-ORDER-7373', customerName: 'Portia Handheld' });
    await page.goto('/');
    await expect(page.getByTestId('search-input')).toBeHidden();
    await page.getByTestId('topbar-search-toggle').click();
    const box = page.getByTestId('search-input');
    await expect(box).toBeVisible();
    await box.pressSequentially('PHONE-ORDER-73');
    await expect(page.getByTestId('search-group-tickets').getByTestId('search-hit')).toHaveText([new RegExp(ticket.ticket_number)]);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.id}$`));
  });
});
