import { expect, test, type Locator, type Page } from '@playwright/test';
import { searchInWorkerArea } from './phone-support.js';
import { FAKE_TWILIO_URL } from './ports.js';
import { chooseOption, openSection, registerInUi, saveScreenshot, uniqueName } from './support.js';

/**
 * Issue 34, "the first hour": a newcomer without a Twilio account turns on the built-in simulation
 * from the Phone System page (no restart), buys a simulated number in Settings, places a simulated
 * call from the page and watches the voicemail arrive, in this tab and live in another.
 */

const step = (page: Page, key: string) => page.getByTestId(`setup-step-${key}`);
const numberRow = (page: Page, phone: string) => page.locator(`[data-testid="number-row"][data-phone="${phone}"]`);
const CALLER = '+15125550142';
const MESSAGE = 'Hello, my 3-ton jack will not lift. Please call me back.';

async function choose(page: Page, input: Locator, option: string | RegExp) {
  await chooseOption(page, input.locator('..').locator('[role="combobox"]'), option);
}

test('turn the simulation on, buy a number, simulate a call from the page and watch the voicemail arrive', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await registerInUi(page, uniqueName('sim'));
  expect((await page.request.put('/api/settings', { data: { brands: ['Acme'] } })).status()).toBe(200);
  await expect(step(page, 'twilio')).toHaveAttribute('data-done', 'false');

  // the empty state offers the simulation; turning it on needs no restart
  await page.goto('/phone-system');
  const empty = page.getByTestId('phone-system-no-twilio');
  await expect(empty).toContainText('built-in Twilio simulation');
  await empty.getByRole('button', { name: 'Try the built-in simulation' }).click();
  const banner = page.getByTestId('simulation-banner');
  await expect(banner).toContainText('Simulated Twilio — no real calls');
  await expect(empty).toHaveCount(0);
  await expect(banner.getByRole('switch', { name: 'Simulation on' })).toBeChecked();
  await page.goto('/');
  await expect(step(page, 'twilio')).toHaveAttribute('data-done', 'true');

  // buy a number in Settings → Phone Numbers, from the simulation
  await page.goto('/settings');
  await openSection(page, page.getByTestId('settings-phone-numbers').locator('.MuiAccordionSummary-root').first());
  const manager = page.getByTestId('phone-numbers-manager');
  await searchInWorkerArea(page, manager);
  await manager.getByTestId('buy-search').click();
  const first = manager.getByTestId('buy-result').first();
  await expect(first).toBeVisible();
  const bought = (await first.locator('p').first().textContent())!.trim();
  await choose(page, first.getByTestId('buy-result-brand'), 'Acme');
  await first.getByTestId('buy-purchase').click();
  await page.getByTestId('buy-confirm-dialog').getByTestId('buy-confirm-confirm').click();
  await expect(numberRow(page, bought).getByTestId('number-status')).toHaveText('Active');
  // the app's fake Twilio (TWILIO_API_BASE_URL, the "real" Twilio here) never heard of it
  const outside = (await (await page.request.get(`${FAKE_TWILIO_URL}/_fake/requests`)).json()) as { form: Record<string, string> }[];
  expect(outside.filter(r => r.form.PhoneNumber === bought)).toEqual([]);

  // a second tab watches the Phone System while the call is placed from the first
  const watcher = await page.context().newPage();
  await watcher.goto('/phone-system');
  await expect(watcher.getByTestId('simulation-banner')).toBeVisible();
  await expect(watcher.getByTestId('call-row')).toHaveCount(0);

  await page.goto('/phone-system');
  await page.getByTestId('simulate-call-open').click();
  const dialog = page.getByTestId('simulate-call-dialog');
  await expect(dialog.getByRole('combobox')).toContainText(bought);
  await dialog.getByTestId('simulate-call-from').fill('12');
  await dialog.getByTestId('simulate-call-submit').click();
  await expect(dialog).toContainText('Please use E.164 format (e.g., +15551234567)');
  await dialog.getByTestId('simulate-call-from').fill(CALLER);
  await dialog.getByTestId('simulate-call-transcript').fill(MESSAGE);
  await saveScreenshot(page, 'phone-simulation-dialog', testInfo);
  await dialog.getByTestId('simulate-call-submit').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('toast-title').filter({ hasText: 'Call simulated' }).first()).toBeVisible();

  const row = page.getByTestId('call-row').filter({ hasText: CALLER });
  await expect(row).toHaveAttribute('data-unread', 'true');
  await expect(watcher.getByTestId('call-row').filter({ hasText: CALLER })).toBeVisible();
  await row.click();
  await expect(page.getByTestId('call-detail-caller')).toHaveText(CALLER);
  await expect(page.getByTestId('call-detail-brand')).toHaveText('Acme');
  await expect(page.getByTestId('call-transcription')).toHaveText(MESSAGE);
  await expect(page.getByTestId('recording-ready')).toBeVisible();
  await saveScreenshot(page, 'phone-simulation-voicemail', testInfo);
  await watcher.close();

  // off: the banner goes, the empty state is back
  await page.getByTestId('simulation-banner').getByRole('switch', { name: 'Simulation on' }).click();
  await expect(page.getByTestId('simulation-banner')).toHaveCount(0);
  await expect(page.getByTestId('phone-system-no-twilio')).toBeVisible();
  await expect(page.getByTestId('phone-system-no-twilio').getByRole('button', { name: 'Try the built-in simulation' })).toBeVisible();
});
