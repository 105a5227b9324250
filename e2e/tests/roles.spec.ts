import { expect, test } from '@playwright/test';
import { chooseOption, newBrowserLike, openSection, registerByApi, saveScreenshot, signInByApi, uniqueName } from './support.js';

/** Issue 28: an agent sees the organization's settings read only; the owner sets roles in Users. */

const READ_ONLY = 'Only the account owner and admins can change these settings. Ask them if something here needs to change.';

test.describe('roles', () => {
  test("an agent sees the settings read only, and the server refuses the agent's writes", async ({ page, browser, baseURL }, testInfo) => {
    const owner = uniqueName('owner');
    const member = uniqueName('agent');
    await registerByApi(page.request, owner);
    expect((await page.request.put('/api/settings', { data: { brands: ['Acme'], smtp_host: 'smtp.example.com' } })).status()).toBe(200);
    const invite = await page.request.post('/api/users/invite', { data: { username: member } });
    const { temporaryPassword } = await invite.json();

    const context = await newBrowserLike(browser, testInfo, baseURL);
    const agentPage = await context.newPage();
    await signInByApi(agentPage.request, member, temporaryPassword);
    expect((await agentPage.request.post('/api/change-password', { data: { newPassword: 'agent-pass-1' } })).status()).toBe(200);

    await agentPage.goto('/settings');
    await openSection(agentPage, 'SMTP Configuration');
    await expect(agentPage.getByTestId('settings-smtp-read-only')).toHaveText(READ_ONLY);
    const host = agentPage.getByTestId('settings-smtp').getByRole('textbox').first();
    await expect(host).toHaveValue('smtp.example.com');
    await expect(host).toBeDisabled();
    const buttons = agentPage.getByTestId('settings-smtp').locator('fieldset').getByRole('button');
    expect(await buttons.count()).toBeGreaterThan(0);
    for (const button of await buttons.all()) await expect(button).toBeDisabled();

    await openSection(agentPage, 'Webhook Configuration');
    await expect(agentPage.getByTestId('settings-webhooks-read-only')).toHaveText(READ_ONLY);
    await openSection(agentPage, 'Tickets Configuration');
    await expect(agentPage.getByTestId('settings-tickets-read-only')).toHaveText(READ_ONLY);
    await expect(agentPage.getByTestId('settings-tickets')).toContainText('Acme');
    // their own notification preferences stay theirs to change; the audit log is not theirs to read
    await openSection(agentPage, 'Notification Preferences');
    await expect(agentPage.getByTestId('settings-notifications-read-only')).toHaveCount(0);
    await expect(agentPage.getByTestId('settings-audit-log')).toHaveCount(0);
    await saveScreenshot(agentPage, 'settings-agent-read-only', testInfo);

    // Straight to the API, the agent is refused and nothing changes.
    const put = await agentPage.request.put('/api/settings', { data: { smtp_host: 'evil.example.com' } });
    expect(put.status()).toBe(403);
    expect((await put.json()).error).toBe('Only the account owner and admins can change settings');
    expect((await agentPage.request.get('/api/audit-log')).status()).toBe(403);
    expect((await (await page.request.get('/api/settings')).json()).smtp_host).toBe('smtp.example.com');
    await context.close();
  });

  test('the owner makes an agent an admin in Users; the admin can then change settings, and the change is in the audit log', async ({ page, browser, baseURL }, testInfo) => {
    const owner = uniqueName('owner');
    const member = uniqueName('member');
    await registerByApi(page.request, owner);
    const invite = await page.request.post('/api/users/invite', { data: { username: member } });
    const { temporaryPassword } = await invite.json();

    await page.goto('/users');
    await expect(page.getByTestId(`role-${owner}`)).toHaveText('Owner');
    const select = page.getByRole('combobox', { name: `Role of ${member}` });
    await expect(select).toHaveText('Agent');
    await chooseOption(page, select, 'Admin');
    await expect(page.getByTestId('toast-title').filter({ hasText: 'Role changed' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: `Role of ${member}` })).toHaveText('Admin');
    await saveScreenshot(page, 'users-roles', testInfo);

    const context = await newBrowserLike(browser, testInfo, baseURL);
    const adminPage = await context.newPage();
    await signInByApi(adminPage.request, member, temporaryPassword);
    expect((await adminPage.request.post('/api/change-password', { data: { newPassword: 'admin-pass-1' } })).status()).toBe(200);
    await adminPage.goto('/settings');
    await openSection(adminPage, 'SMTP Configuration');
    await expect(adminPage.getByTestId('settings-smtp-read-only')).toHaveCount(0);
    await expect(adminPage.getByTestId('settings-smtp').getByRole('textbox').first()).toBeEnabled();
    // Twilio and A2P stay the owner's
    await openSection(adminPage, 'Phone Setup');
    await expect(adminPage.getByTestId('settings-phone-setup-read-only')).toHaveText('Only the account owner can connect the Twilio account and manage the A2P registration.');
    await context.close();

    // The owner reads the role change in Settings → Audit Log.
    await page.goto('/settings');
    await openSection(page, 'Audit Log');
    const log = page.getByTestId('settings-audit-log');
    await expect(log).toContainText(`Role changed · ${member}`);
    await expect(log).toContainText('role: agent → admin');
    await expect(log).toContainText(`User invited · ${member}`);
    await saveScreenshot(page, 'settings-audit-log', testInfo);
    // a click on who did it shows only that user's lines: here the admin's sign-in from a new device
    await log.getByRole('button', { name: member, exact: true }).first().click();
    await expect(log.getByTestId('audit-log-actor-filter')).toHaveText(`Only ${member}`);
    await expect(log).not.toContainText('Role changed');
    await expect(log).toContainText(`Sign-in from a new device · ${member}`);
  });
});
