import { expect, test, type Page } from '@playwright/test';
import { registerByApi, registerInUi, saveScreenshot, signIn, signOut, uniqueName } from './support.js';

/** Closes the toast on screen: on a phone it covers the bottom of the page, where the card's button is. */
async function dismissToast(page: Page) {
  const toast = page.getByTestId('toast');
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toBeHidden();
}

async function openProfile(page: Page) {
  await page.getByTestId('user-avatar-button').click();
  await page.getByTestId('avatar-menu-profile').click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
}

test.describe('profile', () => {
  test('edits the personal information, resets an edit with Cancel, and keeps the values after a reload', async ({ page }, testInfo) => {
    const username = uniqueName('prof');
    await registerInUi(page, username);
    await openProfile(page);

    await expect(page.getByTestId('profile-initials')).toHaveText('P');
    await expect(page.getByTestId('profile-name')).toHaveText(username);
    await expect(page.getByTestId('profile-role')).toHaveText('Account Owner');
    await expect(page.getByTestId('profile-first-name')).toHaveValue('');

    await page.getByTestId('profile-first-name').fill('Jane');
    await page.getByTestId('profile-last-name').fill('Doe');
    await page.getByTestId('profile-email').fill(`${username}@example.com`);
    await page.getByTestId('profile-phone').fill('+15551234567');
    await page.getByTestId('profile-address').fill('1 Main St, Springfield');
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('toast-title')).toHaveText('Profile updated');
    await expect(page.getByTestId('profile-name')).toHaveText('Jane Doe');
    await expect(page.getByTestId('profile-initials')).toHaveText('JD');

    // The shell reads the refreshed user: its avatar menu shows the new e-mail without a reload.
    await page.getByTestId('user-avatar-button').click();
    await expect(page.getByRole('menu')).toContainText(`${username}@example.com`);
    await page.keyboard.press('Escape');

    // Cancel puts back the saved values.
    await page.getByTestId('profile-first-name').fill('Janet');
    await page.getByTestId('profile-address').fill('');
    await page.getByTestId('profile-cancel').click();
    await expect(page.getByTestId('profile-first-name')).toHaveValue('Jane');
    await expect(page.getByTestId('profile-address')).toHaveValue('1 Main St, Springfield');

    // The server's validation messages show at their fields; nothing is saved.
    await page.getByTestId('profile-phone').fill('555-1234');
    await page.getByTestId('profile-email').fill('not-an-email');
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('toast-title')).toHaveText('Failed to update profile');
    await expect(page.getByTestId('toast')).toHaveAttribute('data-type', 'error');
    await expect(page.getByTestId('profile-phone-error')).toHaveText('Please use E.164 format (e.g., +15551234567)');
    await expect(page.getByTestId('profile-email-error')).toHaveText('Must be a valid email');
    await page.getByTestId('profile-cancel').click();
    await expect(page.getByTestId('profile-phone-error')).toHaveCount(0);
    await expect(page.getByTestId('profile-phone')).toHaveValue('+15551234567');

    await page.reload();
    await expect(page.getByTestId('profile-name')).toHaveText('Jane Doe');
    await expect(page.getByTestId('profile-first-name')).toHaveValue('Jane');
    await expect(page.getByTestId('profile-last-name')).toHaveValue('Doe');
    await expect(page.getByTestId('profile-email')).toHaveValue(`${username}@example.com`);
    await expect(page.getByTestId('profile-phone')).toHaveValue('+15551234567');
    await expect(page.getByTestId('profile-address')).toHaveValue('1 Main St, Springfield');
    await saveScreenshot(page, 'profile', testInfo);

    // Clearing a field saves it empty.
    await page.getByTestId('profile-address').fill('');
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('toast-title')).toHaveText('Profile updated');
    await page.reload();
    await expect(page.getByTestId('profile-address')).toHaveValue('');
    await expect(page.getByTestId('profile-first-name')).toHaveValue('Jane');
  });

  test('changes the password after the checks of the card, and the new password signs in', async ({ page }) => {
    const username = uniqueName('pass');
    await registerByApi(page.request, username);
    // The forced-change screen (no current password) is not for this user: it leads to the profile.
    await page.goto('/change-password');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('profile-password-submit')).toBeVisible();

    const current = page.getByTestId('profile-current-password');
    const next = page.getByTestId('profile-new-password');
    const confirm = page.getByTestId('profile-confirm-password');
    const submit = page.getByTestId('profile-password-submit');

    await current.fill('secret123');
    await next.fill('newpass1');
    await confirm.fill('newpass2');
    await submit.click();
    await expect(page.getByTestId('profile-confirm-password-error')).toHaveText('New passwords do not match');
    await expect(page.getByTestId('toast-description')).toHaveText('New passwords do not match');
    await dismissToast(page);

    await next.fill('abc');
    await confirm.fill('abc');
    await submit.click();
    await expect(page.getByTestId('profile-new-password-error')).toHaveText('Password must be at least 6 characters');
    await dismissToast(page);

    await current.fill('wrong-password');
    await next.fill('newpass1');
    await confirm.fill('newpass1');
    await submit.click();
    await expect(page.getByTestId('toast-description')).toHaveText('Current password is incorrect');
    await expect(page.getByTestId('toast')).toHaveAttribute('data-type', 'error');
    await expect(page.getByTestId('profile-current-password-error')).toHaveText('Current password is incorrect');
    await dismissToast(page);

    await current.fill('secret123');
    await submit.click();
    await expect(page.getByTestId('toast-title')).toHaveText('Password changed');
    await expect(current).toHaveValue('');
    await expect(next).toHaveValue('');

    // Still signed in here; then the old password no longer works and the new one does.
    await page.reload();
    await expect(page.getByTestId('profile-name')).toHaveText(username);
    await signOut(page);
    await signIn(page, username, 'secret123');
    await expect(page.getByTestId('toast-title')).toHaveText('Login failed');
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByTestId('login-password').fill('newpass1');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });
});
