import { expect, type APIRequestContext, type Page } from '@playwright/test';

let counter = 0;

/** A username no other test uses, within one server run. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/** Registers through the sign-in screen and waits for the dashboard. */
export async function registerInUi(page: Page, username: string, password = 'secret123'): Promise<void> {
  await page.goto('/auth');
  await page.getByTestId('auth-tab-register').click();
  await expect(page.getByText('Create an account')).toBeVisible();
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/$/);
}

/** Registers an owner through the API of a browser context (shares its cookies). */
export async function registerByApi(request: APIRequestContext, username: string, password = 'secret123') {
  const res = await request.post('/api/register', { data: { username, password } });
  expect(res.status()).toBe(201);
  return res.json();
}
