import { expect, test } from '@playwright/test';
import { signInByApi } from './support.js';
import { makeAccount } from './walk.js';

/**
 * Issue 34, phone-sized screens: below MUI's md (900 px) the ticket list is one card per ticket with
 * everything in view and the notification preferences one card per event with labelled switches;
 * at the desktop size the table and the grid stay. Runs in both projects.
 */
test('the ticket list and the notification preferences fit the screen: cards on a phone, table and grid on a desktop', async ({ page, baseURL }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const account = await makeAccount(baseURL!, 'screens');
  await signInByApi(page.request, account.username, account.password);

  await page.goto('/tickets');
  const row = page.getByTestId('ticket-row').filter({ hasText: account.ticket.ticketNumber });
  await expect(row).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(phone ? 0 : 1);
  await expect(page.getByTestId('ticket-cards')).toHaveCount(phone ? 1 : 0);
  const viewport = page.viewportSize()!;
  // status, priority and (on the card) the warranty badge are on screen, not in a scroller
  for (const id of ['status-badge', 'priority-badge', ...(phone ? ['ticket-warranty'] : [])]) {
    const box = (await row.getByTestId(id).boundingBox())!;
    expect(box.x + box.width, `${id} inside the ${viewport.width} px screen`).toBeLessThanOrEqual(viewport.width);
  }
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(viewport.width);
  if (phone) {
    await expect(row.getByTestId('ticket-warranty')).toHaveText(/^UNDER WARRANTY · \d+ days left$/);
    await expect(row).toContainText('Ñandú Åström');
    await row.getByTestId('ticket-issue').click();
    await expect(page).toHaveURL(new RegExp(`/tickets/${account.ticket.id}$`));
  }

  await page.goto('/settings#notifications');
  const preferences = page.getByTestId('notification-preferences');
  await expect(preferences).toBeVisible();
  const first = preferences.locator('[data-testid^="preference-"]').first();
  await expect(first).toBeVisible();
  const label = (await first.locator('.MuiTypography-body2').first().textContent())!;
  for (const channel of ['In-App', 'Push', 'Browser', 'SMS', 'Email']) {
    const toggle = first.getByRole('switch', { name: `${label}: ${channel}`, exact: true });
    await expect(toggle).toHaveCount(1);
    // across the screen, not past its right edge in a sideways scroller (the table at 390 px)
    const box = (await toggle.boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= viewport.width, `${channel} switch at x=${box.x} in ${viewport.width} px`).toBe(true);
    if (phone) await expect(first.getByText(channel, { exact: true })).toBeVisible();
  }
  await expect(preferences.getByRole('table')).toHaveCount(phone ? 0 : 1);
});
