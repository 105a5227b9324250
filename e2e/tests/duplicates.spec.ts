import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseOption, registerByApi, saveScreenshot, uniqueName } from './support.js';

/** Creates a ticket through the Create New Ticket dialog of /tickets; answers its number from the toast. */
async function createInDialog(page: Page, customer: { name: string; email: string }, orderNumber: string): Promise<string> {
  await page.getByRole('button', { name: 'New Ticket' }).click();
  const dialog = page.getByTestId('create-ticket-dialog');
  await expect(dialog.getByRole('heading', { name: 'Create New Ticket' })).toBeVisible();
  const f = (name: string): Locator => dialog.locator(`[data-field="${name}"]`);
  const choose = (name: string, option: string) => chooseOption(page, f(name).locator('[role="combobox"]'), option);

  await f('customerName').locator('input').fill(customer.name);
  await f('customerEmail').locator('input').fill(customer.email);
  await f('orderNumber').locator('input').fill(orderNumber);
  const purchase = new Date(Date.now() - 20 * 86_400_000);
  await f('purchaseDate').locator('input').fill(
    `${purchase.getFullYear()}-${String(purchase.getMonth() + 1).padStart(2, '0')}-${String(purchase.getDate()).padStart(2, '0')}`,
  );
  await choose('purchaseLocation', 'Walmart');
  await f('productSku').locator('input').fill('FJ-250');
  await choose('jackModel', '3-Ton Floor Jack');
  await choose('issueCategory', 'Hydraulic Oil Leak');
  await choose('issueStartTime', 'Within first week');
  await f('issueDescription').locator('textarea').first().fill('Oil drips from the ram after every lift and the jack sinks.');
  await dialog.getByRole('radio', { name: 'Replacement' }).check();
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast-title')).toHaveText('Ticket Created!');
  const text = (await page.getByTestId('toast-description').textContent()) ?? '';
  const number = /ticket number is (\S+)\./.exec(text)?.[1];
  expect(number, text).toBeTruthy();
  return number!;
}

test.describe('duplicate claims', () => {
  test('a second ticket with the same order number links the first from the toast and from both detail pages', async ({ page }, testInfo) => {
    await registerByApi(page.request, uniqueName('dupes'));
    // The page's clock runs as the real one, and can be moved on (the toast's time on screen, below).
    await page.clock.install();
    await page.goto('/tickets');

    const first = await createInDialog(page, { name: 'Dana Whitfield', email: 'dana@example.com' }, 'ORD-DUP-4411');
    const toast = page.getByTestId('toast');
    // The first ticket has no duplicate: the usual green toast, without links.
    await expect(toast).toHaveAttribute('data-type', 'success');
    await expect(toast.getByTestId('possible-duplicate-link')).toHaveCount(0);
    await toast.getByRole('button', { name: 'Close' }).click();
    await expect(toast).toBeHidden();

    const second = await createInDialog(page, { name: 'Dana Whitfield', email: 'dana.w@example.com' }, 'ORD-DUP-4411');
    expect(second).not.toBe(first);
    const link = toast.getByTestId('possible-duplicate-link');
    await expect(link).toHaveText(`Possible duplicate of #${first}`);
    await expect(toast).toContainText('same order number');
    await expect(toast).toHaveAttribute('data-type', 'warning');
    await saveScreenshot(page, 'duplicate-toast', testInfo);
    // It stays on screen past the usual 5 s, and does not block the page behind it.
    await page.clock.fastForward(6_000);
    await expect(link).toBeVisible();
    await expect(page.getByTestId('ticket-row')).toHaveCount(2);

    // The link opens the first ticket (and closes the toast).
    await link.click();
    await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('ticket-number')).toHaveText(first);
    await expect(toast).toBeHidden();

    // Its detail page names the later ticket; that one's page links back to the first.
    const onFirst = page.getByTestId('possible-duplicates-card');
    await expect(onFirst.getByTestId('possible-duplicate-link')).toHaveText(`Possible duplicate of #${second}`);
    await onFirst.getByTestId('possible-duplicate-link').click();
    await expect(page.getByTestId('ticket-number')).toHaveText(second);
    const onSecond = page.getByTestId('possible-duplicates-card');
    await expect(onSecond.getByTestId('possible-duplicate-link')).toHaveText(`Possible duplicate of #${first}`);
    await expect(onSecond).toContainText('same order number');
    await saveScreenshot(page, 'duplicate-detail', testInfo);
    await onSecond.getByTestId('possible-duplicate-link').click();
    await expect(page.getByTestId('ticket-number')).toHaveText(first);
  });

  test('a ticket without duplicates shows no duplicate card', async ({ page }) => {
    await registerByApi(page.request, uniqueName('nodupes'));
    const res = await page.request.post('/api/tickets', {
      data: {
        customerName: 'Solo Buyer',
        customerEmail: 'solo@example.com',
        orderNumber: 'ORD-SOLO-1',
        purchaseDate: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10),
        purchaseLocation: 'Walmart',
        productSku: 'FJ-250',
        jackModel: '3-Ton Floor Jack',
        issueCategory: 'Hydraulic Oil Leak',
        issueDescription: 'Oil drips from the ram after every lift and the jack sinks.',
        issueStartTime: 'Within first week',
        troubleshootingAttempted: 'No',
        preferredResolution: 'Replacement',
      },
    });
    expect(res.status()).toBe(201);
    const created = await res.json();
    await page.goto(`/tickets/${created.id}`);
    await expect(page.getByTestId('ticket-number')).toHaveText(created.ticketNumber);
    await expect(page.getByTestId('possible-duplicates-card')).toHaveCount(0);
  });
});
