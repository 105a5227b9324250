import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SmtpCatcher } from './fixtures.js';
import { replaceNotifications, sql } from './db.js';
import { newBrowserLike, registerByApi, registerInUi, saveScreenshot, signInByApi, uniqueName } from './support.js';
import { ticketPayload } from './ticket-factory.js';

async function closeToast(page: Page) {
  const toast = page.getByTestId('toast');
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toBeHidden();
}

const card = (page: Page, title: string) => page.getByTestId('notification-card').filter({ hasText: title });

test.describe('notifications page', () => {
  test('tabs, expand to read with metadata, followup, mark as read, delete and the three empty states', async ({ page }, testInfo) => {
    const username = uniqueName('notif');
    await registerInUi(page, username);
    await replaceNotifications(username, 3, { read: 1 });
    await sql(
      `update notifications set metadata = '{"ticket_number":"WC-000777","caller":"Jane Caller"}', type = 'new_ticket'
       where title = 'Notification 3' and user_id = (select id from users where username = $1)`,
      [username],
    );
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(page.getByTestId('notification-card')).toHaveCount(3);
    await expect(card(page, 'Notification 3').getByTestId('badge-new')).toBeVisible();
    await expect(card(page, 'Notification 1').getByTestId('badge-new')).toHaveCount(0);

    // Unread: 2 and 3 (the newest first); expanding 3 reads it and shows its metadata and actions.
    await page.getByTestId('tab-unread').click();
    await expect(page.getByTestId('notification-title')).toHaveText(['Notification 3', 'Notification 2']);
    await card(page, 'Notification 3').getByRole('button', { expanded: false }).click();
    await expect(card(page, 'Notification 3').getByTestId('notification-metadata')).toContainText('Ticket NumberWC-000777');
    await expect(page.getByTestId('notification-bell')).toHaveAttribute('aria-label', 'Notifications, 1 unread');
    // read now, it stays open where it is read on Unread (the refetched tab no longer lists it)
    await expect(card(page, 'Notification 3')).toHaveAttribute('data-read', 'true');
    await expect(card(page, 'Notification 3').getByTestId('notification-metadata')).toContainText('Ticket NumberWC-000777');
    await expect(page.getByTestId('notification-title')).toHaveText(['Notification 3', 'Notification 2']);

    // Mark for Followup from the expanded card of 2; then Mark as Read.
    await page.getByTestId('tab-all').click();
    const second = card(page, 'Notification 2');
    await second.getByRole('button', { expanded: false }).click();
    await second.getByRole('button', { name: 'Mark for Followup' }).click();
    await expect(page.getByTestId('toast-title')).toHaveText('Followup status updated');
    await closeToast(page);
    await expect(second.getByTestId('badge-followup')).toBeVisible();
    await expect(second.getByRole('button', { name: 'Remove from Followup' })).toBeVisible();
    await expect(second.getByRole('button', { name: 'Mark as Read' })).toHaveCount(0); // expanding read it
    await expect(page.getByTestId('notification-bell')).toHaveAttribute('aria-label', 'Notifications');
    await saveScreenshot(page, 'notifications-expanded', testInfo);

    await page.getByTestId('tab-followup').click();
    await expect(page.getByTestId('notification-title')).toHaveText(['Notification 2']);
    await page.getByTestId('tab-unread').click();
    await expect(page.getByTestId('notifications-empty')).toHaveText('No unread notifications');

    // Remove from followup, then the followup tab is empty.
    await page.getByTestId('tab-followup').click();
    await card(page, 'Notification 2').getByRole('button', { expanded: false }).click();
    await card(page, 'Notification 2').getByRole('button', { name: 'Remove from Followup' }).click();
    await expect(page.getByTestId('notifications-empty')).toHaveText('No notifications marked for followup');
    await closeToast(page);

    // Delete all three.
    await page.getByTestId('tab-all').click();
    for (const title of ['Notification 3', 'Notification 2', 'Notification 1']) {
      const c = card(page, title);
      if ((await c.getByRole('button', { name: 'Delete' }).count()) === 0) await c.getByRole('button', { expanded: false }).click();
      await c.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByTestId('toast-title')).toHaveText('Notification deleted');
      await closeToast(page);
      await expect(card(page, title)).toHaveCount(0);
    }
    await expect(page.getByTestId('notifications-empty')).toHaveText('No notifications yet');
  });

  test("the bell updates live when a teammate creates a ticket, and the card leads to the ticket", async ({ page, browser, baseURL }, testInfo) => {
    const ownerContext = await newBrowserLike(browser, testInfo, baseURL);
    try {
      const owner = ownerContext.request;
      await registerByApi(owner, uniqueName('bellown'));
      const member = uniqueName('bellmem');
      const invite = await owner.post('/api/users/invite', { data: { username: member } });
      expect(invite.status()).toBe(201);
      const { temporaryPassword } = await invite.json();
      await signInByApi(page.request, member, temporaryPassword);
      expect((await page.request.post('/api/change-password', { data: { newPassword: 'member-pass-1' } })).status()).toBe(200);
      await page.goto('/');
      await expect(page.getByTestId('notification-bell')).toHaveAttribute('aria-label', 'Notifications');

      const created = await createTicket(owner, 'Live Bell Customer');
      // No reload and no polling: the stream brings the count.
      await expect(page.getByTestId('notification-badge')).toHaveText('1');
      await page.getByTestId('notification-bell').click();
      await expect(page.getByTestId('notification-item').first()).toContainText(`New ticket ${created.ticketNumber}`);
      await expect(page.getByTestId('notification-item').first()).toContainText('Live Bell Customer');
      await page.getByTestId('view-all-notifications').click();
      await expect(page).toHaveURL(/\/notifications$/);
      const c = card(page, `New ticket ${created.ticketNumber}`);
      await c.getByRole('button', { expanded: false }).click();
      await c.getByRole('link', { name: 'Open ticket' }).click();
      await expect(page).toHaveURL(new RegExp(`/tickets/${created.id}$`));
    } finally {
      await ownerContext.close();
    }
  });
});

async function createTicket(request: APIRequestContext, customerName: string): Promise<{ id: string; ticketNumber: string }> {
  const res = await request.post('/api/tickets', { data: ticketPayload({ customerName }) });
  expect(res.status()).toBe(201);
  return res.json();
}

test.describe('notification preferences', () => {
  test('contact methods start in edit mode, save, and a test e-mail reaches the SMTP server', async ({ page }, testInfo) => {
    const smtp = await new SmtpCatcher().start();
    try {
      const username = uniqueName('prefs');
      await registerByApi(page.request, username);
      const { port } = smtp;
      const settings = await page.request.put('/api/settings', {
        data: { smtp_host: '127.0.0.1', smtp_port: port, smtp_from_email: 'crm@example.com' },
      });
      expect(settings.status()).toBe(200);
      await openPreferences(page);
      const panel = page.getByTestId('contact-methods');
      // Neither value set: edit mode without Cancel.
      await expect(panel.getByLabel('Notification Email')).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
      await panel.getByRole('button', { name: 'Send test e-mail' }).click();
      await expect(page.getByTestId('toast-title')).toHaveText('Failed to send test email');
      await expect(page.getByTestId('toast')).toContainText('No email configured');
      await closeToast(page);

      await panel.getByLabel('Notification Email').fill(`${username}@example.com`);
      await panel.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByTestId('toast-title')).toHaveText('Contact methods updated');
      await closeToast(page);
      await expect(panel.getByTestId('contact-email')).toHaveText(`${username}@example.com`);
      await expect(panel.getByTestId('contact-phone')).toHaveText('Not set');
      await panel.getByRole('button', { name: 'Edit' }).click();
      await expect(panel.getByRole('button', { name: 'Cancel' })).toBeVisible();
      await panel.getByRole('button', { name: 'Cancel' }).click();

      await panel.getByRole('button', { name: 'Send test e-mail' }).click();
      await expect(page.getByTestId('toast-title')).toHaveText('Test email sent!');
      await expect.poll(() => smtp.messages.length).toBe(1);
      expect(smtp.messages[0].to).toEqual([`${username}@example.com`]);
      expect(smtp.messages[0].subject).toBe('Test email from Warranty CRM');
      await closeToast(page);

      await panel.getByRole('button', { name: 'Send test SMS' }).click();
      await expect(page.getByTestId('toast-title')).toHaveText('Failed to send test SMS');
      await expect(page.getByTestId('toast')).toContainText('No phone number configured');
      await closeToast(page);
      await saveScreenshot(page, 'notification-preferences', testInfo);
    } finally {
      await smtp.stop();
    }
  });

  test('each toggle saves at once and the Coming Soon events are disabled', async ({ page }) => {
    await registerByApi(page.request, uniqueName('grid'));
    await openPreferences(page);
    const voicemailEmail = page.getByRole('switch', { name: 'Voicemail or missed call: Email' });
    await expect(voicemailEmail).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'New ticket: SMS' })).toBeChecked();
    // The click shows at once: read in the click's own task, before its save or the cache's update.
    expect(await voicemailEmail.evaluate((input: HTMLInputElement) => (input.click(), input.checked))).toBe(true);
    await expect(voicemailEmail).toBeChecked();
    await expect(page.getByTestId('preference-mentioned_note')).toContainText('Coming Soon');
    await expect(page.getByRole('switch', { name: 'Mentioned in a note: In-App' })).toBeDisabled();
    await expect
      .poll(async () => (await (await page.request.get('/api/notification-preferences')).json()).find((p: { event_type: string }) => p.event_type === 'text_voicemail_missed').email)
      .toBe(true);
    await openPreferences(page); // a fresh load of the page, the section opened again
    await expect(page.getByRole('switch', { name: 'Voicemail or missed call: Email' })).toBeChecked();
  });

  test('a toggle whose save fails shows its saved state again and says so', async ({ page }) => {
    await registerByApi(page.request, uniqueName('gridfail'));
    await openPreferences(page);
    const voicemailEmail = page.getByRole('switch', { name: 'Voicemail or missed call: Email' });
    await expect(voicemailEmail).not.toBeChecked();
    await page.route('**/api/notification-preferences', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal server error', message: 'Internal server error' } })
        : route.continue(),
    );
    await voicemailEmail.click();
    await expect(page.getByText('Failed to update preference')).toBeVisible();
    await expect(voicemailEmail).not.toBeChecked();
  });
});

/** Settings → Notification Preferences: one section of the settings accordion, opened. */
async function openPreferences(page: Page): Promise<void> {
  await page.goto('/settings');
  await page.locator('#notifications-header').click();
}
