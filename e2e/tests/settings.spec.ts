import { expect, test, type Page } from '@playwright/test';
import { chooseOption, openSection, registerByApi, saveScreenshot, uniqueName } from './support.js';

/** The toast is shown; it is closed unless a modal dialog hides the page behind it. */
async function expectToast(page: Page, title: string, close = true) {
  await expect(page.getByTestId('toast-title').filter({ hasText: title }).first()).toBeVisible();
  if (!close) return;
  const toast = page.getByTestId('toast').first();
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('toast')).toHaveCount(0);
}

/** Keeps the title of every toast that appears from now on, however briefly (window.__toasts). */
async function recordToasts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(records => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          const titles = node.matches('[data-testid="toast-title"]') ? [node] : [...node.querySelectorAll('[data-testid="toast-title"]')];
          for (const title of titles) seen.push(title.textContent ?? '');
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

async function toastsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}

async function gotoSettings(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

test.describe('settings', () => {
  test('tickets configuration: brand rules, default brand, questions, saved and reloaded', async ({ page }, testInfo) => {
    test.slow(); // saves and reloads: close to a minute on a loaded two-core machine
    await registerByApi(page.request, uniqueName('set'));
    await gotoSettings(page);
    await openSection(page, 'Tickets Configuration');
    const section = page.getByTestId('settings-tickets');

    await expect(section.getByRole('combobox', { name: 'Default brand' })).toHaveAttribute('aria-disabled', 'true');
    const newBrand = section.getByLabel('New brand');
    await newBrand.fill('   ');
    await section.getByRole('button', { name: 'Add Brand' }).click();
    await expect(section.getByText('Please enter a brand name')).toBeVisible();
    await newBrand.fill('  IronJack ');
    await newBrand.press('Enter');
    await newBrand.fill('ironjack');
    await section.getByRole('button', { name: 'Add Brand' }).click();
    await expect(section.getByText('This brand already exists')).toBeVisible();
    await newBrand.fill('TorqueLine');
    await section.getByRole('button', { name: 'Add Brand' }).click();
    await expect(section.getByTestId('brand-row')).toHaveText([/IronJack/, /TorqueLine/]);

    await chooseOption(page, section.getByRole('combobox', { name: 'Default brand' }), 'IronJack');
    await section.getByLabel('Property damage').uncheck();
    await section.getByRole('button', { name: 'Save Ticket Settings' }).click();
    await expectToast(page, 'Settings saved');

    await page.reload();
    await openSection(page, 'Tickets Configuration');
    await expect(section.getByTestId('brand-row')).toHaveText([/IronJack.*Default/, /TorqueLine/]);
    await expect(section.getByLabel('Property damage')).not.toBeChecked();
    await expect(section.getByLabel('Injury reported')).toBeChecked();
    await saveScreenshot(page, 'settings-tickets', testInfo);

    // Removing the default brand clears the default.
    await section.getByRole('button', { name: 'Remove IronJack' }).click();
    await expect(section.locator('input[name="ticket_brand"]')).toHaveValue('');
    await section.getByRole('button', { name: 'Save Ticket Settings' }).click();
    await expectToast(page, 'Settings saved');
    await page.reload();
    await openSection(page, 'Tickets Configuration');
    await expect(section.getByTestId('brand-row')).toHaveText([/TorqueLine/]);
    await expect(section.locator('input[name="ticket_brand"]')).toHaveValue('');
    await expect(section.getByRole('combobox', { name: 'Default brand' })).not.toHaveAttribute('aria-disabled', 'true');
  });

  test('products: add, edit and delete in the Manage Products dialog', async ({ page }, testInfo) => {
    await registerByApi(page.request, uniqueName('prod'));
    await page.request.put('/api/settings', { data: { brands: ['IronJack'] } });
    await gotoSettings(page);
    await openSection(page, 'Tickets Configuration');
    await page.getByTestId('brand-row').filter({ hasText: 'IronJack' }).getByRole('button', { name: 'Manage Products' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Products: IronJack' });
    await expect(dialog.getByText('No products for IronJack yet.')).toBeVisible();

    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expect(dialog.getByText('SKU / Model Number is required')).toBeVisible();
    await dialog.getByLabel('SKU / Model Number').fill('FJ-250');
    await dialog.getByLabel('Product Name').fill('3-Ton Floor Jack');
    await dialog.getByLabel('Warranty Term').fill('1 year');
    await dialog.getByLabel('Online').check();
    const store = dialog.getByLabel('Specific store');
    await store.fill('   ');
    await expect(dialog.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
    await store.fill('Store #12');
    await store.press('Enter');
    await store.fill('Main Street');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expectToast(page, 'Product created', false);
    const card = dialog.getByTestId('product-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('SKU: FJ-250');
    await expect(card).toContainText('3-Ton Floor Jack');
    await expect(card).toContainText('Warranty: 1 year (365 days)');
    await expect(card).toContainText('Sold at: Online, Store #12, Main Street');
    await saveScreenshot(page, 'settings-products', testInfo);

    await card.getByRole('button', { name: 'Edit FJ-250' }).click();
    await expect(dialog.getByLabel('Product Name')).toHaveValue('3-Ton Floor Jack');
    await dialog.getByLabel('Warranty Term').fill('Lifetime');
    await dialog.getByRole('button', { name: 'Update Product' }).click();
    await expectToast(page, 'Product updated', false);
    await expect(card).toContainText('Warranty: Lifetime (Lifetime)');

    await card.getByRole('button', { name: 'Delete FJ-250' }).click();
    await page.getByRole('dialog', { name: 'Delete product' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Product deleted', false);
    await expect(dialog.getByTestId('product-card')).toHaveCount(0);
  });

  test('leaving Settings with a brand added and not saved asks first; products wait for the save', async ({ page }) => {
    await registerByApi(page.request, uniqueName('unsaved'));
    await page.request.put('/api/settings', { data: { brands: ['IronJack'] } });
    await gotoSettings(page);
    await openSection(page, 'Tickets Configuration');
    const section = page.getByTestId('settings-tickets');
    await section.getByLabel('New brand').fill('Fresh');
    await section.getByRole('button', { name: 'Add Brand' }).click();
    // Products belong to saved brands: the new one offers none until the list is saved.
    const fresh = section.getByTestId('brand-row').filter({ hasText: 'Fresh' });
    await expect(fresh.getByTestId('brand-unsaved')).toHaveText('Save to manage products');
    await expect(fresh.getByRole('button', { name: 'Manage Products' })).toHaveCount(0);
    await expect(section.getByTestId('brand-row').filter({ hasText: 'IronJack' }).getByRole('button', { name: 'Manage Products' })).toBeVisible();

    // Leaving through the sidebar asks; staying keeps the unsaved brand.
    const messages: string[] = [];
    page.once('dialog', dialog => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByTestId('nav-dashboard').click();
    await expect.poll(() => messages).toEqual(["Some of your changes weren't saved. Are you sure you want to ignore them?"]);
    await expect(page).toHaveURL(/\/settings$/);
    await expect(fresh).toBeVisible();

    // Reloading asks too (beforeunload); staying keeps it.
    const unload: string[] = [];
    page.once('dialog', dialog => {
      unload.push(dialog.type());
      void dialog.dismiss();
    });
    await page.reload({ timeout: 3_000 }).catch(() => undefined);
    await expect.poll(() => unload).toEqual(['beforeunload']);
    await expect(fresh).toBeVisible();

    // Saved, the brand gets its products, and leaving no longer asks.
    await section.getByRole('button', { name: 'Save Ticket Settings' }).click();
    await expectToast(page, 'Settings saved');
    await expect(fresh.getByRole('button', { name: 'Manage Products' })).toBeVisible();
    page.on('dialog', dialog => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByTestId('nav-dashboard').click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(messages).toHaveLength(1);
  });

  test('a warranty term the rule cannot read is refused with the accepted forms', async ({ page }) => {
    await registerByApi(page.request, uniqueName('term'));
    await page.request.put('/api/settings', { data: { brands: ['IronJack'] } });
    await gotoSettings(page);
    await openSection(page, 'Tickets Configuration');
    await page.getByTestId('brand-row').filter({ hasText: 'IronJack' }).getByRole('button', { name: 'Manage Products' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Products: IronJack' });
    await recordToasts(page);
    await dialog.getByLabel('SKU / Model Number').fill('FJ-9');
    await dialog.getByLabel('Product Name').fill('Floor Jack');
    await dialog.getByLabel('Warranty Term').fill('banana');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expect(dialog.getByText(
      'Warranty Term must be a length of time such as "90 days", "6 months", "1 year" or "1 year 6 months" (days, weeks, months or years), "Lifetime" or "None"',
    )).toBeVisible();
    expect(await (await page.request.get('/api/products')).json()).toEqual([]);

    await dialog.getByLabel('Warranty Term').fill('18 months');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expectToast(page, 'Product created', false);
    await expect(dialog.getByTestId('product-card')).toContainText('FJ-9');
    await expect(dialog.getByTestId('product-card')).toContainText('Warranty: 18 months (540 days)');
    expect(await toastsSeen(page)).toEqual(['Product created']);
  });

  test('a webhook without a name shows one error, once', async ({ page }) => {
    await registerByApi(page.request, uniqueName('hookname'));
    await page.request.put('/api/settings', { data: { brands: ['IronJack'] } });
    await gotoSettings(page);
    await openSection(page, 'Webhook Configuration');
    await recordToasts(page);
    const hooks = page.getByTestId('settings-webhooks');
    await chooseOption(page, hooks.getByRole('combobox', { name: 'Brand' }), 'IronJack');
    await hooks.getByRole('button', { name: 'Create Webhook' }).click();
    await expect(hooks.getByText('Please provide both a name and select a brand')).toBeVisible();
    await expect(page.getByText('Please provide both a name and select a brand')).toHaveCount(1);
    await expect(hooks.getByText('No webhooks yet.')).toBeVisible();

    // Then a valid one: its toast is the only toast of the whole attempt (react-admin's "The form is
    // not valid" toast used to come second after the inline error).
    await hooks.getByLabel('Webhook name').fill('Line 1');
    await hooks.getByRole('button', { name: 'Create Webhook' }).click();
    await expectToast(page, 'Webhook created');
    expect(await toastsSeen(page)).toEqual(['Webhook created']);
  });

  test('webhooks and Retell: create, see its URLs, delete; the Retell key is write-only', async ({ page, baseURL }, testInfo) => {
    test.slow(); // saves and reloads: close to a minute on a loaded two-core machine
    await registerByApi(page.request, uniqueName('hook'));
    await page.request.put('/api/settings', { data: { brands: ['IronJack'] } });
    await gotoSettings(page);
    await openSection(page, 'Webhook Configuration');
    const hooks = page.getByTestId('settings-webhooks');
    await expect(hooks.getByText('No webhooks yet.')).toBeVisible();
    await hooks.getByLabel('Webhook name').fill('   ');
    await hooks.getByRole('button', { name: 'Create Webhook' }).click();
    await expect(hooks.getByText('Please provide both a name and select a brand')).toBeVisible();
    await hooks.getByLabel('Webhook name').fill('IronJack line');
    await chooseOption(page, hooks.getByRole('combobox', { name: 'Brand' }), 'IronJack');
    await hooks.getByRole('button', { name: 'Create Webhook' }).click();
    await expectToast(page, 'Webhook created');
    await expect(hooks.getByTestId('webhook-row')).toHaveCount(1);
    await expect(hooks.getByTestId('webhook-row')).toContainText('IronJack line · IronJack');
    await expect(hooks.getByTestId('webhook-row')).toContainText(`${baseURL}/api/webhooks/retell/`);

    await openSection(page, 'Retell AI Configuration');
    const retell = page.getByTestId('settings-retell');
    await expect(retell.getByTestId('retell-urls')).toContainText(`${baseURL}/api/functions/create_warranty_ticket/`);
    await expect(retell.getByText('Not set')).toBeVisible();
    await retell.getByLabel('API Key').fill('key_live_secret_123');
    await retell.getByLabel('Agent ID').fill('agent_42');
    await retell.getByRole('button', { name: 'Save Retell Settings' }).click();
    await expectToast(page, 'Settings saved');
    await saveScreenshot(page, 'settings-retell', testInfo);

    // while the webhooks load, the section holds their place and does not say there are none
    let release!: () => void;
    const held = new Promise<void>(resolve => (release = resolve));
    await page.route(/\/api\/webhooks(\?.*)?$/, async route => {
      await held;
      await route.continue();
    });
    await page.reload();
    await openSection(page, 'Retell AI Configuration');
    await expect(retell.getByTestId('retell-urls-loading')).toBeVisible();
    await expect(retell.getByText('Create a brand webhook under Webhook Configuration')).toHaveCount(0);
    release();
    await expect(retell.getByTestId('retell-urls')).toContainText('IronJack line (IronJack)');
    await expect(retell.getByTestId('retell-urls-loading')).toHaveCount(0);
    await page.unroute(/\/api\/webhooks(\?.*)?$/);
    await expect(retell.getByLabel('API Key')).toHaveValue('');
    await expect(retell.getByText('Set: leave blank to keep it')).toBeVisible();
    await expect(retell.getByLabel('Agent ID')).toHaveValue('agent_42');
    await expect(page.locator('body')).not.toContainText('key_live_secret_123');

    await openSection(page, 'Webhook Configuration');
    await hooks.getByRole('button', { name: 'Delete IronJack line' }).click();
    await page.getByRole('dialog', { name: 'Delete webhook' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Webhook deleted');
    await expect(hooks.getByText('No webhooks yet.')).toBeVisible();
  });

  test('SMTP saves and reloads, keeps the password write-only, and shows the server message', async ({ page }) => {
    await registerByApi(page.request, uniqueName('smtp'));
    await gotoSettings(page);
    await openSection(page, 'SMTP Configuration');
    const smtp = page.getByTestId('settings-smtp');
    await expect(smtp.getByLabel('Port')).toHaveValue('587');
    await smtp.getByLabel('SMTP Host').fill('smtp bad host');
    await smtp.getByRole('button', { name: 'Save SMTP Settings' }).click();
    await expectToast(page, 'SMTP host must be a host name such as smtp.example.com, or an IP address');

    await smtp.getByLabel('SMTP Host').fill('smtp.example.com');
    await smtp.getByLabel('Port').fill('2525');
    await smtp.getByLabel('Username').fill('mailer');
    await smtp.getByLabel('Password', { exact: true }).fill('hunter2-smtp');
    await smtp.getByLabel('From Email').fill('support@example.com');
    await smtp.getByLabel('From Name').fill('Support');
    await smtp.getByRole('button', { name: 'Save SMTP Settings' }).click();
    await expectToast(page, 'Settings saved');
    await page.reload();
    await openSection(page, 'SMTP Configuration');
    await expect(smtp.getByLabel('SMTP Host')).toHaveValue('smtp.example.com');
    await expect(smtp.getByLabel('Port')).toHaveValue('2525');
    await expect(smtp.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(smtp.getByText('Set: leave blank to keep it')).toBeVisible();
    await expect(page.locator('body')).not.toContainText('hunter2-smtp');
  });

  test('Phone Setup: the A2P dialog validates every field, saves, and the badge shows Pending Registration', async ({ page }, testInfo) => {
    test.slow(); // seventeen fields, a save and a reload: over a minute on a loaded two-core machine
    await registerByApi(page.request, uniqueName('a2p'));
    await gotoSettings(page);
    await openSection(page, 'Phone Setup');
    const phone = page.getByTestId('settings-phone-setup');
    await expect(phone.getByTestId('a2p-status')).toHaveText('Not Started');
    await expect(phone.getByTestId('voice-webhook-url')).toContainText('/api/webhooks/twilio/voice');
    await phone.getByRole('button', { name: 'Edit A2P Registration' }).click();
    const a2p = page.getByRole('dialog', { name: 'A2P 10DLC Registration' });
    await a2p.getByLabel('Business Legal Name').fill('');
    await a2p.getByRole('button', { name: 'Save Registration' }).click();
    await expect(a2p.getByText('Business legal name is required')).toBeVisible();
    await expect(a2p.getByText('EIN/Tax ID is required')).toBeVisible();
    await a2p.getByLabel('State').fill('Texas');
    await expect(a2p.getByLabel('State')).toHaveValue('TE');
    await a2p.getByLabel('Business Website').fill('not a url');
    await a2p.getByLabel('Contact Email').fill('nope');
    await a2p.getByRole('button', { name: 'Save Registration' }).click();
    await expect(a2p.getByText('Must be a valid URL')).toBeVisible();
    await expect(a2p.getByText('Must be a valid email')).toBeVisible();
    await saveScreenshot(page, 'settings-a2p', testInfo);

    // A complete registration saves and moves the badge to Pending Registration, also after a reload.
    const fields: [string, string][] = [
      ['Business Legal Name', 'Acme Jacks LLC'],
      ['EIN/Tax ID', '12-3456789'],
      ['Business Industry', 'Retail'],
      ['Business Street', '1 Main St'],
      ['City', 'Austin'],
      ['State', 'TX'],
      ['ZIP', '73301'],
      ['Business Website', 'https://acme.example'],
      ['Business Description', 'Floor jacks and lifting tools'],
      ['Contact First Name', 'Ann'],
      ['Contact Last Name', 'Lee'],
      ['Contact Email', 'ann@acme.example'],
      ['Contact Phone', '+15125550100'],
    ];
    for (const [label, value] of fields) await a2p.getByLabel(label, { exact: true }).fill(value);
    await chooseOption(page, a2p.getByRole('combobox', { name: 'Business Type' }), 'LLC');
    await a2p.getByRole('button', { name: 'Save Registration' }).click();
    await expectToast(page, 'A2P registration updated');
    await expect(a2p).toBeHidden();
    await expect(phone.getByTestId('a2p-status')).toHaveText('Pending Registration');
    await page.reload();
    await openSection(page, 'Phone Setup');
    await expect(phone.getByTestId('a2p-status')).toHaveText('Pending Registration');
    await phone.getByRole('button', { name: 'Edit A2P Registration' }).click();
    await expect(a2p.getByLabel('Business Legal Name', { exact: true })).toHaveValue('Acme Jacks LLC');
    await a2p.getByRole('button', { name: 'Cancel' }).click();
    await expect(a2p).toBeHidden();
  });
});
