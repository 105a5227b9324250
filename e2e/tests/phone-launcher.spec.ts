import { expect, test, type Page } from '@playwright/test';
import { phoneOrganization } from './phone-support.js';
import { chooseOption, saveScreenshot } from './support.js';

async function pick(page: Page, testId: string, option: string | RegExp) {
  await chooseOption(page, page.getByTestId('call-launcher').locator(`[data-testid="${testId}"]`).locator('..').locator('[role="combobox"]'), option);
}

async function expectToast(page: Page, title: string, description: string) {
  await expect(page.getByTestId('toast-title').filter({ hasText: title }).first()).toBeVisible();
  await expect(page.getByTestId('toast-description').filter({ hasText: description }).first()).toBeVisible();
}

test('the call launcher checks its fields with the spec’s messages', async ({ page }) => {
  const { numbers } = await phoneOrganization(page, { buy: 1 });
  await page.goto('/phone-system');
  const call = page.getByTestId('launcher-call');

  await call.click();
  await expectToast(page, 'Missing information', 'Please fill in all required fields');

  await pick(page, 'launcher-from', new RegExp(numbers[0].replace('+', '\\+')));
  await page.getByTestId('launcher-to').fill('0-12');
  await call.click();
  await expectToast(page, 'Invalid customer number', 'Please enter a valid phone number (E.164 format recommended, e.g., +1234567890)');

  await page.getByTestId('launcher-to').fill('(512) 555-0142');
  await pick(page, 'launcher-method', /^My phone/);
  await call.click();
  await expectToast(page, 'Missing phone number', 'Please add a phone number to your profile first');

  await pick(page, 'launcher-method', 'Other number');
  await call.click();
  await expectToast(page, 'Missing agent phone', 'Please enter the phone number to call you on');
  await page.getByTestId('launcher-other').fill('12345678901234567');
  await call.click();
  await expectToast(page, 'Invalid agent phone', 'Please enter a valid phone number (E.164 format recommended, e.g., +1234567890)');

  // "12" fits the launcher's pattern (2 to 15 digits), but no phone has it: the server refuses it and dials nothing.
  await page.getByTestId('launcher-other').fill('12');
  const refused = page.waitForResponse(r => r.url().endsWith('/api/phone-numbers/make-call'));
  await call.click();
  expect((await refused).status()).toBe(400);
  await expect(page.getByTestId('toast-title').last()).toHaveText('Invalid agent phone');
  await expect(page.getByTestId('toast-description').last()).toHaveText('Please enter a valid phone number (E.164 format recommended, e.g., +1234567890)');
});

test('the launcher calls through the agent’s profile phone and another number', async ({ page }) => {
  const { numbers } = await phoneOrganization(page, { buy: 1 });
  const profile = await page.request.patch('/api/user/profile', { data: { phone: '+15125550199' } });
  expect(profile.status()).toBe(200);
  await page.goto('/phone-system');
  await pick(page, 'launcher-from', new RegExp(numbers[0].replace('+', '\\+')));
  await page.getByTestId('launcher-to').fill('+1 (512) 555-0142');

  await pick(page, 'launcher-method', /^My phone/);
  let request = page.waitForRequest(r => r.url().endsWith('/api/phone-numbers/make-call'));
  await page.getByTestId('launcher-call').click();
  expect((await request).postDataJSON()).toEqual({ from: numbers[0], to: '+15125550142', agentPhone: '+15125550199' });
  await expectToast(page, 'Call initiated', 'Connecting agent to +15125550142');

  await pick(page, 'launcher-method', 'Other number');
  await page.getByTestId('launcher-other').fill('+44 20 7946 0958');
  request = page.waitForRequest(r => r.url().endsWith('/api/phone-numbers/make-call'));
  await page.getByTestId('launcher-call').click();
  const other = await request;
  expect(other.postDataJSON()).toMatchObject({ agentPhone: '+442079460958' });
  expect((await other.response())?.ok()).toBe(true);
  await expectToast(page, 'Call initiated', 'Connecting agent to +15125550142');
});

/**
 * The browser path: make-call answers with the Device params, the token comes from the API and
 * the Voice SDK Device is created and opens its signalling connection to Twilio. Twilio is out of
 * reach here: the test answers that WebSocket itself and keeps it silent, so the call stays
 * connecting (as it would until Twilio answers) and its hang-up is there to press.
 */
test('a computer call fetches a voice token, creates the Device and shows the call state and hang-up', async ({ page, context }, testInfo) => {
  await context.grantPermissions(['microphone']);
  const signalling: string[] = [];
  await page.routeWebSocket(/twilio\.com/, ws => {
    signalling.push(ws.url());
  });
  const { numbers } = await phoneOrganization(page, { buy: 1 });
  await page.goto('/phone-system');
  await pick(page, 'launcher-from', new RegExp(numbers[0].replace('+', '\\+')));
  await page.getByTestId('launcher-to').fill('+15125550142');
  const madeCall = page.waitForResponse(r => r.url().endsWith('/api/phone-numbers/make-call'));
  const token = page.waitForResponse(r => r.url().endsWith('/api/phone-numbers/voice-token'));
  await page.getByTestId('launcher-call').click();
  const made = await madeCall;
  expect(made.request().postDataJSON()).toMatchObject({ agentPhone: 'computer' });
  expect((await made.json()).mode).toBe('computer');
  expect((await token).status()).toBe(200);
  await expectToast(page, 'Call initiated', 'Connecting agent to +15125550142');
  await expect.poll(() => signalling.length).toBeGreaterThan(0);
  await expect(page.getByTestId('browser-call-state')).toHaveText('Connecting…');
  await saveScreenshot(page, 'phone-launcher-computer', testInfo);
  await page.getByTestId('browser-hang-up').click();
  await expect(page.getByTestId('browser-call-state')).toHaveText('Call ended');
  await expect(page.getByTestId('browser-hang-up')).toHaveCount(0);
});

test('a computer call without microphone permission says so', async ({ page }) => {
  const { numbers } = await phoneOrganization(page, { buy: 1 });
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await page.goto('/phone-system');
  await pick(page, 'launcher-from', new RegExp(numbers[0].replace('+', '\\+')));
  await page.getByTestId('launcher-to').fill('+15125550142');
  await page.getByTestId('launcher-call').click();
  await expect(page.getByTestId('browser-call-error')).toHaveText(
    'Microphone access was denied. Allow the microphone for this site in your browser to call from the computer.',
  );
  await expect(page.getByTestId('browser-call-state')).toHaveText('Call failed');
});
