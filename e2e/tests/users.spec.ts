import { expect, test } from '@playwright/test';
import { SmtpCatcher } from './fixtures.js';
import { newBrowserLike, openNavigation, registerByApi, registerInUi, saveScreenshot, signIn, signOut, uniqueName } from './support.js';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.describe('user management', () => {
  test('owner invites a user who must change the password, cannot manage users, and is locked out once removed', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const owner = uniqueName('owner');
    const member = uniqueName('member');
    await registerInUi(page, owner);

    // The owner reaches Users from the navigation and is listed with both badges, without a Remove button.
    await openNavigation(page);
    await page.getByTestId('nav-users').click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    const ownerRow = page.getByTestId(`user-row-${owner}`);
    await expect(ownerRow.getByTestId('badge-owner')).toHaveText('Owner');
    await expect(ownerRow.getByTestId('badge-you')).toHaveText('You');
    await expect(ownerRow.getByRole('button', { name: 'Remove' })).toHaveCount(0);

    // Invite: the username is required, the e-mail optional.
    await page.getByTestId('invite-user-button').click();
    const invite = page.getByTestId('invite-dialog');
    await expect(invite.getByRole('heading', { name: 'Invite User' })).toBeVisible();
    await invite.getByTestId('invite-submit').click();
    await expect(invite.getByTestId('invite-username-error')).toHaveText('Username is required.');
    await invite.getByTestId('invite-username').fill(member);
    await invite.getByTestId('invite-email').fill(`${member}@example.com`);
    await invite.getByTestId('invite-submit').click();

    // The credentials are shown once, with the must-change note, and copied to the clipboard.
    const credentials = page.getByTestId('credentials-dialog');
    await expect(credentials.getByTestId('credentials-username')).toHaveText(member);
    const temporaryPassword = ((await credentials.getByTestId('credentials-password').textContent()) ?? '').trim();
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(8);
    await expect(credentials.getByTestId('credentials-note')).toHaveText('The user must change this password at first login.');
    // no SMTP settings in this organization: the dialog says the e-mail did not go
    await expect(credentials.getByTestId('invitation-status')).toHaveText(
      `Invitation e-mail not sent: no SMTP server is configured (Settings → SMTP Configuration). Share the credentials with ${member}@example.com yourself.`,
    );
    await saveScreenshot(page, 'users-credentials', testInfo);
    await credentials.getByTestId('copy-credentials').click();
    await expect(page.getByTestId('toast-title')).toHaveText('Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `Username: ${member}\nTemporary Password: ${temporaryPassword}`,
    );
    await credentials.getByTestId('credentials-done').click();
    await expect(credentials).toBeHidden();

    const memberRow = page.getByTestId(`user-row-${member}`);
    await expect(memberRow).toContainText(`${member}@example.com`);
    await expect(memberRow.getByTestId('badge-owner')).toHaveCount(0);
    await expect(memberRow.getByTestId('badge-you')).toHaveCount(0);
    await expect(page.getByTestId(`remove-user-${member}`)).toBeVisible();
    await expect(page.getByTestId('users-count')).toHaveText('2 users in your organization');
    await saveScreenshot(page, 'users', testInfo);
    await signOut(page);

    // The invited user, in a browser of their own, is held at /change-password until they change it.
    const memberContext = await newBrowserLike(browser, testInfo, baseURL);
    const memberPage = await memberContext.newPage();
    const userListCalls: string[] = [];
    memberPage.on('request', request => {
      if (new URL(request.url()).pathname.startsWith('/api/users')) userListCalls.push(request.url());
    });
    await signIn(memberPage, member, temporaryPassword);
    await expect(memberPage).toHaveURL(/\/change-password$/);
    await expect(memberPage.getByText('You must change your password before continuing.')).toBeVisible();
    await memberPage.goto('/tickets');
    await expect(memberPage).toHaveURL(/\/change-password$/);
    await memberPage.getByTestId('new-password').fill('member-pass-1');
    await memberPage.getByTestId('confirm-password').fill('member-pass-1');
    await memberPage.getByTestId('change-password-submit').click();
    await expect(memberPage).toHaveURL(/\/$/);
    await expect(memberPage.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(memberPage.getByTestId('toast-title')).toHaveText('Password changed');

    // Not an owner: no Users entry, and /users explains instead of asking the API.
    await openNavigation(memberPage);
    await expect(memberPage.getByTestId('nav-settings')).toBeVisible();
    await expect(memberPage.getByTestId('nav-users')).toHaveCount(0);
    await memberPage.goto('/users');
    await expect(memberPage.getByTestId('users-access-denied')).toHaveText(
      'Access Denied: Only account owners can access user management.',
    );
    await expect(memberPage.getByTestId('invite-user-button')).toHaveCount(0);
    await saveScreenshot(memberPage, 'users-access-denied', testInfo);
    expect(userListCalls).toEqual([]);
    await memberPage.goto('/profile');
    await expect(memberPage.getByTestId('profile-role')).toHaveText('User');

    // The owner signs back in and removes the user after the "cannot be undone" confirmation.
    await signIn(page, owner, 'secret123');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/users');
    await page.getByTestId(`remove-user-${member}`).click();
    const confirm = page.getByTestId('remove-user-dialog');
    await expect(confirm).toContainText(member);
    await expect(confirm).toContainText('cannot be undone');
    await confirm.getByTestId('remove-user-confirm').click();
    await expect(page.getByTestId('toast-title')).toHaveText('User removed');
    await expect(page.getByTestId(`user-row-${member}`)).toHaveCount(0);
    await expect(page.getByTestId('users-count')).toHaveText('1 user in your organization');

    // The removed user's open session no longer works: the next page goes to sign-in.
    await memberPage.goto('/tickets');
    await expect(memberPage).toHaveURL(/\/auth$/);
    expect((await memberContext.request.get('/api/user')).status()).toBe(401);
    await memberContext.close();
  });

  test('an invite with an e-mail sends the invitation through the SMTP settings, and the credentials dialog says it went', async ({ page }, testInfo) => {
    const smtp = await new SmtpCatcher().start();
    try {
      await registerByApi(page.request, uniqueName('owner'));
      const settings = await page.request.put('/api/settings', { data: { smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_from_email: 'team@example.com' } });
      expect(settings.status()).toBe(200);
      const member = uniqueName('mailed');
      await page.goto('/users');
      await page.getByTestId('invite-user-button').click();
      const invite = page.getByTestId('invite-dialog');
      await invite.getByTestId('invite-username').fill(member);
      await invite.getByTestId('invite-email').fill(`${member}@example.com`);
      await invite.getByTestId('invite-submit').click();

      const credentials = page.getByTestId('credentials-dialog');
      const status = credentials.getByTestId('invitation-status');
      await expect(status).toHaveAttribute('data-status', 'sent');
      await expect(status).toHaveText(`Invitation e-mail sent to ${member}@example.com.`);
      const temporaryPassword = ((await credentials.getByTestId('credentials-password').textContent()) ?? '').trim();
      await saveScreenshot(page, 'users-invitation-sent', testInfo);
      expect(smtp.to(`${member}@example.com`)).toHaveLength(1);
      expect(smtp.messages[0].text).toContain(`Username: ${member}`);
      expect(smtp.messages[0].text).toContain(`Temporary password: ${temporaryPassword}`);
    } finally {
      await smtp.stop();
    }
  });

  test("shows the server's reason when an invite or a removal fails", async ({ page }) => {
    const owner = uniqueName('owner');
    const taken = uniqueName('taken');
    await registerByApi(page.request, owner);
    const invited = await page.request.post('/api/users/invite', { data: { username: taken } });
    expect(invited.status()).toBe(201);

    await page.goto('/users');
    await page.getByTestId('invite-user-button').click();
    const invite = page.getByTestId('invite-dialog');
    await invite.getByTestId('invite-username').fill(taken);
    await invite.getByTestId('invite-submit').click();
    await expect(page.getByTestId('toast-title')).toHaveText('Failed to invite user');
    await expect(page.getByTestId('toast-description')).toHaveText('Username already exists');
    await expect(page.getByTestId('toast')).toHaveAttribute('data-type', 'error');
    // the dialog stays open with what was typed, and Cancel closes it
    await expect(invite.getByTestId('invite-username')).toHaveValue(taken);
    await invite.getByTestId('invite-cancel').click();
    await expect(invite).toBeHidden();

    // Someone else removed the user meanwhile: the removal fails with the server's text.
    const row = page.getByTestId(`user-row-${taken}`);
    await expect(row).toBeVisible();
    const users = (await (await page.request.get('/api/users')).json()) as { id: string; username: string }[];
    const target = users.find(user => user.username === taken)!;
    expect((await page.request.delete(`/api/users/${target.id}`)).status()).toBe(200);
    await page.getByTestId(`remove-user-${taken}`).click();
    await page.getByTestId('remove-user-confirm').click();
    await expect(page.getByTestId('toast-title')).toHaveText('Failed to remove user');
    await expect(page.getByTestId('toast-description')).toHaveText('User not found');
  });
});
