import { expect, test, type Page } from '@playwright/test';
import { openSection, registerByApi, saveScreenshot, uniqueName } from './support.js';

/** Issue 30: products imported from CSV with a preview and per-line errors, nothing written until confirmed. */

async function openManageProducts(page: Page, brand: string) {
  await page.goto('/settings');
  await openSection(page, 'Tickets Configuration');
  await page.getByTestId('brand-row').filter({ hasText: brand }).getByRole('button', { name: 'Manage Products' }).click();
  return page.getByRole('dialog', { name: `Manage Products: ${brand}` });
}

const csv = (lines: string[]) => ({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });

test('previews a products CSV with its errors, and imports the corrected file', async ({ page }, testInfo) => {
  await registerByApi(page.request, uniqueName('importer'));
  await page.request.put('/api/settings', { data: { brands: ['IronJack'] } });
  const manage = await openManageProducts(page, 'IronJack');
  await manage.getByTestId('import-products-button').click();
  const dialog = page.getByRole('dialog', { name: 'Import Products from CSV' });

  await dialog.getByTestId('import-products-file').setInputFiles(
    csv(['SKU,Product Name,Warranty Term,Sale Locations', 'FJ-250,3-Ton Floor Jack,1 year,online;in-store', 'FJ-300,,2 years,', 'FJ-400,Low Jack,sometime,']),
  );
  await expect(dialog.getByTestId('import-products-summary')).toContainText('1 to add, 0 to update, 0 unchanged, 2 lines with errors.');
  await expect(dialog.getByTestId('import-preview-row').nth(1)).toContainText('Product Name is required');
  await expect(dialog.getByTestId('import-products-confirm')).toBeDisabled();
  await saveScreenshot(page, 'product-import-errors', testInfo);
  // Nothing was written by the preview.
  expect(await (await page.request.get('/api/products?brand=IronJack')).json()).toEqual([]);

  await dialog.getByTestId('import-products-file').setInputFiles(
    csv(['SKU,Product Name,Warranty Term,Sale Locations', 'FJ-250,3-Ton Floor Jack,1 year,online;in-store', 'FJ-300,Bottle Jack,2 years,']),
  );
  await expect(dialog.getByTestId('import-products-summary')).toHaveText('2 to add, 0 to update, 0 unchanged.');
  await dialog.getByTestId('import-products-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(manage.getByText('Bottle Jack')).toBeVisible();
  await expect(manage.getByText('3-Ton Floor Jack')).toBeVisible();
});
