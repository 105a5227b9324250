import { expect, test } from '@playwright/test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extract } from 'tar';
import { createTicket } from './ticket-factory.js';
import { registerByApi, saveScreenshot, uniqueName } from './support.js';

/** Issue 35: a customer's data exported as an archive (with the export's progress) and erased with a typed confirmation. */

test("exports a customer's data with a progress bar, then erases them after the typed name", async ({ page }, testInfo) => {
  await registerByApi(page.request, uniqueName('privacy'));
  const name = `Petra ${uniqueName('erase')}`;
  const ticket = await createTicket(page.request, { customerName: name, issueDescription: 'The release valve of my jack sticks every time.' });
  await page.goto(`/customers/${ticket.customer.id}/show`);
  await expect(page.getByTestId('customer-title')).toHaveText(name);

  // Export data: the export dialog follows the job to the download.
  await page.getByTestId('customer-export-data-button').click();
  const dialog = page.getByRole('dialog', { name: `Export ${name}'s data` });
  await expect(dialog.getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
  await expect(dialog.getByTestId('export-status')).toHaveText('Ready: 1 file. The file is kept for 24 hours.', { timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^customer-data-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
  const out = mkdtempSync(join(tmpdir(), 'customer-data-e2e-'));
  await extract({ file: (await download.path())!, cwd: out });
  const json = JSON.parse(readFileSync(join(out, 'customer.json'), 'utf8'));
  expect(json.customer.name).toBe(name);
  expect(json.tickets.map((t: { id: string }) => t.id)).toEqual([ticket.id]);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Erase: refused until the name is typed exactly.
  await page.getByTestId('customer-erase-button').click();
  const erase = page.getByTestId('customer-erase-dialog');
  await erase.getByTestId('customer-erase-confirm').fill('Petra');
  await erase.getByTestId('customer-erase-submit').click();
  await expect(erase.getByTestId('customer-erase-confirm-error')).toHaveText("Type the customer's name exactly to confirm the erasure");
  await saveScreenshot(page, 'customer-erase-confirm', testInfo);
  await erase.getByTestId('customer-erase-confirm').fill(name);
  await erase.getByTestId('customer-erase-submit').click();
  await expect(erase).toBeHidden();
  await expect(page.getByTestId('customer-title')).toHaveText('Erased customer');
  await expect(page.getByTestId('customer-show-email')).not.toContainText('@');
  const after = await (await page.request.get(`/api/customers/${ticket.customer.id}`)).json();
  expect(after).toMatchObject({ name: 'Erased customer', email: null, phone: null });
});
