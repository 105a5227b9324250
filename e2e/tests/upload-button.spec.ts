import { wavBytes } from './fixtures.js';
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerByApi, saveScreenshot, uniqueName } from './support.js';

/**
 * The UploadButton in the real browser against the real app. No screen uses it yet (the greeting
 * form comes with the phone screens), so the test serves a page holding only the button, built
 * from the admin's sources (admin/harness), on the app's own origin: the session cookie, the data
 * provider's POST /api/objects/upload and the signed PUT to storage are all the real ones.
 */
const ADMIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'admin');
const HARNESS = join(ADMIN, 'dist-harness');

// the harness is built once, before the file's tests, which run one after another in one worker
test.describe.configure({ mode: 'default' });

test.beforeAll(() => {
  execFileSync('npm', ['run', 'build:harness'], { cwd: ADMIN, stdio: 'ignore' });
});

async function openHarness(page: Page) {
  const user = await registerByApi(page.request, uniqueName('upl'));
  await page.route('**/__harness/**', async (route) => {
    const path = new URL(route.request().url()).pathname.replace(/^\/__harness\//, '') || 'index.html';
    const file = normalize(join(HARNESS, path));
    if (!file.startsWith(HARNESS) || !existsSync(file)) return route.fulfill({ status: 404 });
    return route.fulfill({ path: file });
  });
  await page.goto('/__harness/index.html');
  await page.getByRole('button', { name: 'Upload audio' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return { dialog, user };
}

const pick = (page: Page, name: string, mimeType: string, buffer: Buffer) =>
  page.locator('.uppy-Dashboard-input').first().setInputFiles({ name, mimeType, buffer });

test.describe('upload button', () => {
  test('uploads a WAV straight to storage with progress, closes, and hands the caller the object path', async ({ page }, testInfo) => {
    const { dialog, user } = await openHarness(page);
    await expect(dialog.getByText('Drop files here or')).toBeVisible();
    await expect(dialog.getByText('MP3 or WAV, up to 5 MB')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close Modal' })).toBeVisible();

    const bytes = wavBytes(200_000);
    await pick(page, 'greeting.wav', 'audio/wav', bytes);
    await expect(dialog.getByText('greeting.wav')).toBeVisible();
    await expect(dialog.getByText('1 file selected')).toBeVisible();

    // The metadata card: the name given there is the name the file is stored under.
    await dialog.getByRole('button', { name: 'Edit file greeting.wav' }).click();
    const nameField = dialog.locator('#uppy-Dashboard-FileCard-input-name');
    await expect(nameField).toHaveValue('greeting.wav');
    await nameField.fill('Main greeting.wav');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('Main greeting.wav')).toBeVisible();

    // Hold the PUT until the status bar's progress has been seen, then let it complete.
    const puts: string[] = [];
    let releasePut!: () => void;
    const putHeld = new Promise<void>((resolve) => (releasePut = resolve));
    await page.route('**/api/storage/**', async (route) => {
      puts.push(route.request().method());
      await putHeld;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
    await expect(dialog.locator('.uppy-StatusBar.is-uploading')).toBeVisible();
    await expect(dialog.getByText('Uploading', { exact: true })).toBeVisible();
    await expect(dialog.locator('.uppy-StatusBar-progress')).toBeAttached();
    await saveScreenshot(page, 'upload-button-uploading', testInfo);
    releasePut();

    await expect(dialog).toBeHidden();
    expect(puts).toEqual(['PUT']);
    const result = JSON.parse((await page.getByTestId('upload-result').textContent()) ?? '');
    expect(result.failed).toEqual([]);
    expect(result.successful).toHaveLength(1);
    const uploaded = result.successful[0];
    expect(uploaded).toMatchObject({ name: 'Main greeting.wav', type: 'audio/wav', size: bytes.length });
    expect(uploaded.objectPath).toMatch(new RegExp(`^/objects/uploads/${user.organization_id}/[0-9a-f-]{36}-Main-greeting\\.wav$`));

    // What was stored is the file, readable by the organization.
    const stored = await page.request.get(uploaded.objectPath);
    expect(stored.status()).toBe(200);
    expect(stored.headers()['content-type']).toBe('audio/wav');
    expect(Buffer.compare(await stored.body(), bytes)).toBe(0);
  });

  test("refuses a file over 5 MB and a file that is not MP3 or WAV with Uppy's messages", async ({ page }) => {
    const { dialog } = await openHarness(page);
    await pick(page, 'long.wav', 'audio/wav', wavBytes(5_242_880 - 43));
    await expect(dialog.getByRole('alert').filter({ hasText: 'long.wav exceeds maximum allowed size of 5 MB' }).first()).toBeVisible();
    await pick(page, 'notes.txt', 'text/plain', Buffer.from('not audio'));
    await expect(dialog.getByRole('alert').filter({ hasText: 'You can only upload: .mp3, .wav' }).first()).toBeVisible();
    await expect(dialog.getByText('Drop files here or')).toBeVisible(); // nothing was added
  });

  test('closes with Escape and with Close Modal without uploading', async ({ page }) => {
    const { dialog } = await openHarness(page);
    await pick(page, 'greeting.wav', 'audio/wav', wavBytes(100));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Upload audio' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close Modal' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('upload-result')).toHaveText('');
  });

  test('retries a refused PUT with a fresh URL, then shows "Upload failed" and "Request has expired"', async ({ page }) => {
    // The page's clock runs as the real one, and is moved on through the retries' waits.
    await page.clock.install();
    const { dialog } = await openHarness(page);
    let attempts = 0;
    await page.route('**/api/storage/**', (route) => {
      attempts += 1;
      return route.fulfill({ status: 403, contentType: 'application/json', body: '{"statusCode":403,"error":"Request has expired","message":"Request has expired"}' });
    });
    await pick(page, 'greeting.wav', 'audio/wav', wavBytes(100));
    await dialog.getByRole('button', { name: 'Upload 1 file' }).click();

    // The first try and four retries (after 0, 1, 3 and 5 seconds), each with a fresh URL; then it stops.
    await expect.poll(() => attempts).toBeGreaterThanOrEqual(2);
    for (const [done, wait] of [[2, 1_000], [3, 3_000], [4, 5_000]]) {
      await expect.poll(() => attempts).toBe(done);
      await page.clock.fastForward(wait);
    }
    await expect.poll(() => attempts).toBe(5);
    await page.clock.fastForward(10_000);
    expect(attempts).toBe(5);
    await expect(dialog.getByText('Upload failed')).toBeVisible();
    let details = '';
    page.once('dialog', (alert) => {
      details = alert.message();
      void alert.dismiss();
    });
    await dialog.getByRole('button', { name: 'Show error details' }).click();
    await expect.poll(() => details).toContain('Upload failed');
    expect(details).toContain('Request has expired');
    await expect(dialog).toBeVisible(); // a failed upload keeps the dialog open
    await expect(page.getByTestId('upload-result')).toHaveText(/"failed":\[\{"name":"greeting.wav","error":"Request has expired"\}\]/);
  });
});
