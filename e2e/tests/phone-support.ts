import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { APP_URL, FAKE_TWILIO_URL } from './ports.js';
import { chooseOption, registerByApi, uniqueName } from './support.js';

const run = promisify(execFile);

/**
 * The US area code the numbers of this Playwright worker are bought in. Workers run side by side
 * against one app and one fake Twilio, whose catalogue every account shares (as the built-in
 * simulation's): each buys in its own area, so two never race for the same number.
 */
export function workerAreaCode(): string {
  return ['512', '415', '212', '305'][test.info().parallelIndex % 4];
}

/** Fills the Buy a Number form's search with this worker's area code (the first digits), before its Search. */
export async function searchInWorkerArea(page: Page, manager: Locator): Promise<void> {
  await manager.getByTestId('buy-search-text').fill(workerAreaCode());
  await chooseOption(page, manager.getByTestId('buy-match').locator('..').locator('[role="combobox"]'), 'First');
}

export interface FakeAccount {
  sid: string;
  authToken: string;
}

/** A new account at the fake Twilio (its control API). */
export async function fakeAccount(request: APIRequestContext): Promise<FakeAccount> {
  const res = await request.post(`${FAKE_TWILIO_URL}/_fake/accounts`, { data: { friendlyName: 'E2E account' } });
  expect(res.status()).toBe(201);
  return res.json();
}

/** A number that already sits in the fake account (for Import Existing Number). */
export async function fakeOwnedNumber(request: APIRequestContext, accountSid: string, phoneNumber: string): Promise<void> {
  const res = await request.post(`${FAKE_TWILIO_URL}/_fake/numbers`, { data: { accountSid, phoneNumber } });
  expect(res.status()).toBe(201);
}

/**
 * A fresh organization signed in on `page`, with brands and a Twilio account at the fake;
 * `buy` numbers are purchased through the API (the first available ones) for the first brand.
 */
export async function phoneOrganization(page: Page, { brands = ['Acme', 'Zeta'], buy = 0 } = {}) {
  const username = uniqueName('phone');
  await registerByApi(page.request, username);
  const settings = await page.request.put('/api/settings', { data: { brands } });
  expect(settings.status()).toBe(200);
  const account = await fakeAccount(page.request);
  const connect = await page.request.patch('/api/organizations/twilio-credentials', {
    data: { twilio_account_sid: account.sid, twilio_auth_token: account.authToken },
  });
  expect(connect.status()).toBe(200);
  const numbers: string[] = [];
  if (buy > 0) {
    const search = await page.request.get(`/api/phone-numbers/search?country=US&areaCode=${workerAreaCode()}`);
    expect(search.status()).toBe(200);
    const available = (await search.json()) as { phoneNumber: string }[];
    for (const { phoneNumber } of available.slice(0, buy)) {
      const bought = await page.request.post('/api/phone-numbers/purchase', { data: { phoneNumber, brand: brands[0] } });
      expect(bought.status()).toBe(201);
      numbers.push(phoneNumber);
    }
  }
  return { username, account, numbers };
}

/** Rings one of the organization's numbers through `npm run simulate:call` (the built CLI). */
export async function simulateVoicemail(to: string, from: string, seconds: number, transcript: string): Promise<void> {
  await run('node', ['../backend/dist/dev/simulate-call-cli.js', '--to', to, '--from', from, '--seconds', String(seconds),
    '--transcript', transcript, '--app', APP_URL, '--twilio', FAKE_TWILIO_URL], { timeout: 30_000 });
}
