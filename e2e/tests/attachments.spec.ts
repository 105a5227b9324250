import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createTicket } from './ticket-factory.js';
import { chooseOption, registerByApi, saveScreenshot, uniqueName } from './support.js';

/** A real 800 x 600 PNG photo (noise, so it is not a trivial file). */
async function photo(): Promise<Buffer> {
  const width = 800;
  const height = 600;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

async function openTicket(page: Page) {
  await registerByApi(page.request, uniqueName('evid'));
  const ticket = await createTicket(page.request);
  await page.goto(`/tickets/${ticket.id}`);
  await expect(page.getByTestId('ticket-number')).toHaveText(ticket.ticketNumber);
  const card = page.getByTestId('attachments-card');
  await expect(card.getByTestId('no-attachments')).toBeVisible();
  return { ticket, card };
}

const naturalWidth = (page: Page, testId: string) =>
  page.getByTestId(testId).first().evaluate(img => ((img as HTMLImageElement).complete ? (img as HTMLImageElement).naturalWidth : 0));

test.describe('ticket attachments', () => {
  test('uploads a photo with a tag and progress, shows it in the gallery and the viewer, and removes it', async ({ page }, testInfo) => {
    const { card } = await openTicket(page);

    await chooseOption(page, card.getByRole('combobox', { name: 'Tag' }), 'Serial plate');
    await card.getByRole('button', { name: 'Upload Files' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Photos (JPEG, PNG, HEIC, WebP), PDF or videos (MP4, MOV, WebM), up to 25 MB each')).toBeVisible();
    await page.locator('.uppy-Dashboard-input').first().setInputFiles({ name: 'plate.png', mimeType: 'image/png', buffer: await photo() });
    await expect(dialog.getByText('plate.png')).toBeVisible();

    // Hold the PUT until the progress bar has been seen, then let it complete.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/storage/**', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
    await expect(dialog.locator('.uppy-StatusBar.is-uploading')).toBeVisible();
    await expect(dialog.locator('.uppy-StatusBar-progress')).toBeAttached();
    release();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('toast-title')).toHaveText('Attachment added');

    const group = card.locator('[data-testid="attachment-group"][data-tag="serial_plate"]');
    await expect(group).toContainText('Serial plate (1)');
    const tile = group.getByTestId('attachment-tile');
    await expect(tile).toContainText('plate.png');
    // The thumbnail is made by a job; the gallery shows it once it exists.
    await expect.poll(() => naturalWidth(page, 'attachment-thumbnail'), { timeout: 30_000 }).toBe(320);
    await saveScreenshot(page, 'attachments-gallery', testInfo);

    await tile.click();
    const viewer = page.getByTestId('attachment-viewer');
    await expect(viewer.getByRole('heading', { name: 'plate.png' })).toBeVisible();
    await expect.poll(() => naturalWidth(page, 'attachment-viewer-image')).toBe(800);
    await expect(viewer.getByTestId('attachment-download')).toHaveAttribute('href', /\/content\?download=true$/);

    // Filed under the wrong tag: change it in the viewer, the gallery moves it.
    await chooseOption(page, viewer.getByRole('combobox', { name: 'Tag' }), 'Damage');
    await expect(card.locator('[data-testid="attachment-group"][data-tag="damage"]')).toContainText('plate.png');
    await expect(group).toHaveCount(0);

    await viewer.getByTestId('attachment-remove').click();
    const confirm = page.getByTestId('attachment-remove-dialog');
    await expect(confirm).toContainText('"plate.png" will be removed from this ticket.');
    await confirm.getByTestId('attachment-remove-confirm').click();
    await expect(viewer).toBeHidden();
    await expect(card.getByTestId('no-attachments')).toBeVisible();
    await expect(page.getByTestId('activity-card')).toContainText('Attachment added: plate.png (Serial plate)');
    await expect(page.getByTestId('activity-card')).toContainText('Attachment removed: plate.png (Damage)');
  });

  test("shows a file another tab attached, live, without reloading", async ({ page }) => {
    const { ticket, card } = await openTicket(page);
    // Another tab of the organization (the same session through the API) attaches a PDF receipt.
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const target = await page.request.post(`/api/tickets/${ticket.id}/attachments/uploads`, { data: { filename: 'receipt.pdf', type: 'application/pdf', size: pdf.length } });
    expect(target.status(), await target.text()).toBe(200);
    const { uploadURL, headers, objectPath } = await target.json();
    expect((await page.request.put(uploadURL, { headers, data: pdf })).status()).toBe(200);
    const attached = await page.request.post(`/api/tickets/${ticket.id}/attachments`, { data: { object_path: objectPath, tag: 'receipt' } });
    expect(attached.status(), await attached.text()).toBe(201);

    const group = card.locator('[data-testid="attachment-group"][data-tag="receipt"]');
    await expect(group).toContainText('Receipt (1)');
    await expect(group.getByTestId('attachment-tile')).toContainText('receipt.pdf');
    await expect(group.getByTestId('attachment-icon')).toBeVisible();
    await expect(page.getByTestId('activity-card')).toContainText('Attachment added: receipt.pdf (Receipt)');
  });

  test('refuses a file over 25 MB in the browser, before sending anything', async ({ page }) => {
    const { card } = await openTicket(page);
    const puts: string[] = [];
    await page.route('**/api/storage/**', (route) => {
      puts.push(route.request().url());
      return route.continue();
    });
    await card.getByRole('button', { name: 'Upload Files' }).click();
    const dialog = page.getByRole('dialog');
    // The file is made in the page (26 MB sent from here over the protocol took seconds), then chosen as
    // a person's choice would be: the input's files and its change event.
    await page.locator('.uppy-Dashboard-input').first().evaluate((input: HTMLInputElement) => {
      const chosen = new DataTransfer();
      chosen.items.add(new File([new Uint8Array(26 * 1024 * 1024 + 1)], 'long.mp4', { type: 'video/mp4' }));
      input.files = chosen.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await expect(dialog.getByRole('alert').filter({ hasText: 'long.mp4 exceeds maximum allowed size of 25 MB' }).first()).toBeVisible();
    await expect(dialog.getByText('long.mp4', { exact: true })).toHaveCount(0);
    expect(puts).toEqual([]);
  });
});
