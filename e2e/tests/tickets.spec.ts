import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { sql } from './db.js';
import { createTicket } from './ticket-factory.js';
import { chooseOption, pageSettled, registerByApi, saveScreenshot, uniqueName } from './support.js';

/** The local calendar day `days` before today, as a date input holds it. */
function localDaysAgo(days: number): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A UTC day relative to today (the API's date filters count whole UTC days). */
function utcDay(offset: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** A ticket of the signed-in user's organization, for a customer the tests can recognise. */
function createTicketByApi(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  return createTicket(request, { customerName: 'Maria Gonzalez', purchaseDate: localDaysAgo(10), ...overrides });
}

async function setBrands(request: APIRequestContext, brands: string[], ticketBrand = brands[0]) {
  const res = await request.put('/api/settings', { data: { brands, ticket_brand: ticketBrand } });
  expect(res.status(), await res.text()).toBe(200);
}

async function signIn(page: Page, prefix: string) {
  await registerByApi(page.request, uniqueName(prefix));
}

/** Picks an option of a MUI select identified by its data-field (dialog) or test id (filters). */
async function choose(page: Page, select: Locator, option: string) {
  await chooseOption(page, select.locator('[role="combobox"]'), option);
}

/** Closes the toast on screen (on a phone it sits over the bottom of the page). */
async function dismissToast(page: Page) {
  const toast = page.getByTestId('toast');
  if (await toast.isVisible()) {
    await toast.getByRole('button', { name: 'Close' }).click();
    await expect(toast).toBeHidden();
  }
}

function rows(page: Page) {
  return page.getByTestId('ticket-row');
}

async function expectCount(page: Page, n: number) {
  await expect(page.getByTestId('ticket-count')).toHaveText(`Showing ${n} ${n === 1 ? 'ticket' : 'tickets'}`);
}

test.describe('tickets', () => {
  test('a full page: the rows that fill the screen come first, the rest of the page right after, in order, and nothing moves', async ({ page }) => {
    await signIn(page, 'fullpage');
    const created = [];
    for (let i = 0; i < 25; i++) created.push(await createTicketByApi(page.request, { customerName: `Full Page ${i + 1}` }));
    // the rows (cards on a phone) of the list's first commit, as the browser could paint them
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const shown = [...document.querySelectorAll('[data-testid="ticket-row"]')];
        if (!shown.length) return;
        observer.disconnect();
        (window as unknown as { firstRows: unknown }).firstRows = {
          count: shown.length,
          firstTop: shown[0].getBoundingClientRect().top,
          lastBottom: shown[shown.length - 1].getBoundingClientRect().bottom,
          windowHeight: window.innerHeight,
        };
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/tickets');

    await expect(rows(page)).toHaveCount(25);
    const numbers = await rows(page).evaluateAll(shown => shown.map(row => row.getAttribute('data-ticket-number')));
    expect(numbers).toEqual(created.map(ticket => ticket.ticket_number).reverse());
    const first = await page.evaluate(() => (window as unknown as { firstRows: { count: number; firstTop: number; lastBottom: number; windowHeight: number } }).firstRows);
    expect(first.count).toBeLessThan(25);
    // the first commit filled the window: the rows below it came after
    expect(first.lastBottom).toBeGreaterThanOrEqual(first.windowHeight);
    expect(await rows(page).first().evaluate(row => row.getBoundingClientRect().top)).toBe(first.firstTop);
  });

  test('creates a ticket through the dialog: validation messages, warranty badge, success toast', async ({ page }, testInfo) => {
    await signIn(page, 'create');
    await setBrands(page.request, ['IronJack', 'TorqueLine'], 'IronJack');
    const user = await (await page.request.get('/api/user')).json();
    const org = await (await page.request.get(`/api/organizations/${user.organization_id}`)).json();

    await page.goto('/tickets');
    await expectCount(page, 0);
    await page.getByRole('button', { name: 'New Ticket' }).click();
    const dialog = page.getByTestId('create-ticket-dialog');
    await expect(dialog.getByRole('heading', { name: 'Create New Ticket' })).toBeVisible();
    for (const section of ['Customer Information', 'Order Information', 'Product Details', 'Issue Details', 'Resolution Preference']) {
      await expect(dialog.getByRole('heading', { name: section })).toBeVisible();
    }
    const f = (name: string) => dialog.locator(`[data-field="${name}"]`);

    // defaults
    await expect(f('contactMethod').locator('[role="combobox"]')).toHaveText('Email');
    await expect(dialog.getByRole('radio', { name: 'No' })).toBeChecked();
    await expect(f('troubleshootingSteps')).toHaveCount(0);
    await expect(dialog.getByTestId('description-counter')).toHaveText('0 / 20 characters minimum');
    await expect(dialog.getByTestId('warranty-badge')).toHaveCount(0);

    // options of the selects
    await f('purchaseLocation').locator('[role="combobox"]').click();
    await expect(page.getByRole('option')).toHaveText(['Walmart', org.name, 'Other']);
    await page.keyboard.press('Escape');
    await f('jackModel').locator('[role="combobox"]').click();
    await expect(page.getByRole('option')).toHaveText(['2-Ton Floor Jack', '2.5-Ton Floor Jack', '3-Ton Floor Jack', 'Other']);
    await page.keyboard.press('Escape');
    await f('issueStartTime').locator('[role="combobox"]').click();
    await expect(page.getByRole('option')).toHaveText([
      'First use / brand new',
      'Within first week',
      'Within first month',
      'After 1-3 months',
      'More than 3 months',
    ]);
    await page.keyboard.press('Escape');

    // an empty form: every required field says so
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    const expected: Record<string, string> = {
      customerName: 'Full name is required',
      customerEmail: 'Valid email is required',
      orderNumber: 'Order number is required',
      purchaseDate: 'Purchase date is required',
      purchaseLocation: 'Purchase location is required',
      productSku: 'Product SKU/Model is required',
      jackModel: 'Jack model is required',
      issueCategory: 'Issue category is required',
      issueDescription: 'Issue description must be at least 20 characters',
      issueStartTime: 'Please select when the issue started',
      preferredResolution: 'Please select your preferred resolution',
    };
    for (const [field, message] of Object.entries(expected)) {
      await expect(f(field), field).toContainText(message);
    }
    await saveScreenshot(page, 'create-dialog-errors', testInfo);

    // bad values
    await f('customerEmail').locator('input').fill('maria@');
    await expect(f('customerEmail')).toContainText('Valid email is required');
    await f('purchaseDate').locator('input').fill(localDaysAgo(-2));
    await expect(f('purchaseDate')).toContainText('Purchase date must be within the last 5 years and not in the future');
    await f('purchaseDate').locator('input').fill(localDaysAgo(6 * 365));
    await expect(f('purchaseDate')).toContainText('Purchase date must be within the last 5 years and not in the future');
    await f('issueDescription').locator('textarea').first().fill('Too short');
    await expect(dialog.getByTestId('description-counter')).toHaveText('9 / 20 characters minimum');
    await expect(f('issueDescription')).toContainText('Issue description must be at least 20 characters');
    await dialog.getByRole('radio', { name: 'Yes' }).check();
    await expect(f('troubleshootingSteps')).toBeVisible();
    await expect(f('troubleshootingSteps')).toContainText('Please describe the troubleshooting steps you tried');

    // the warranty badge: 90 days is still under warranty, 91 is not
    await f('purchaseDate').locator('input').fill(localDaysAgo(91));
    await expect(dialog.getByTestId('warranty-badge')).toHaveText('OUT OF WARRANTY');
    await f('purchaseDate').locator('input').fill(localDaysAgo(90));
    await expect(dialog.getByTestId('warranty-badge')).toHaveText('UNDER WARRANTY · 0 days left');
    await expect(f('purchaseDate')).not.toContainText('Purchase date');

    // a valid form
    await f('customerName').locator('input').fill('Dana Whitfield');
    await f('customerEmail').locator('input').fill('dana.whitfield@example.com');
    await f('customerPhone').locator('input').fill('+15125550199');
    await choose(page, f('contactMethod'), 'Phone');
    await f('orderNumber').locator('input').fill('ORD-778899');
    await choose(page, f('purchaseLocation'), org.name);
    await f('productSku').locator('input').fill('FJ-300');
    await choose(page, f('jackModel'), '2.5-Ton Floor Jack');
    await f('serialNumber').locator('input').fill('SN-42');
    await choose(page, f('issueCategory'), "Drops Too Fast / Won't Hold Load");
    await choose(page, f('issueStartTime'), 'Within first month');
    const description = 'The saddle sinks slowly while a car is lifted.';
    await f('issueDescription').locator('textarea').first().fill(description);
    await expect(dialog.getByTestId('description-counter')).toHaveText(`${description.length} / 20 characters minimum`);
    await f('troubleshootingSteps').locator('textarea').first().fill('Bled the air from the system.');
    await dialog.getByRole('radio', { name: 'Repair Parts' }).check();
    for (const field of Object.keys(expected)) await expect(f(field).locator('.Mui-error')).toHaveCount(0);
    await saveScreenshot(page, 'create-dialog-filled', testInfo);

    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('toast-title')).toHaveText('Ticket Created!');
    const toastText = (await page.getByTestId('toast-description').textContent()) ?? '';
    const number = /ticket number is (\S+)\./.exec(toastText)?.[1];
    expect(number).toBeTruthy();
    expect(toastText).toContain('5 minutes');
    // Repair Parts is a warranty issue: the organization's (default) 24 hours, and only that promise
    expect(toastText).toContain('Expected response: 24 hours for warranty issues.');
    expect(toastText).not.toContain('technical support');

    // the list refreshed
    await expectCount(page, 1);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(number!);
    await expect(rows(page).first()).toContainText('Dana Whitfield');
    await expect(rows(page).first()).toContainText('IronJack');
    await expect(rows(page).first()).toContainText('2.5-Ton Floor Jack');

    const list = await (await page.request.get('/api/tickets')).json();
    expect(list[0]).toMatchObject({
      ticket_number: number,
      purchase_location: org.name,
      issue_description: description,
      troubleshooting_attempted: true,
      troubleshooting_steps: 'Bled the air from the system.',
      preferred_resolution: 'Repair Parts',
      contact_method: 'Phone',
      purchase_date: localDaysAgo(90),
    });
  });

  test('shows the server message when creating fails', async ({ page }) => {
    await signIn(page, 'createfail');
    await page.route('**/api/tickets', route =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              statusCode: 400,
              error: 'Order number is required',
              message: 'Order number is required',
              errors: [{ field: 'orderNumber', message: 'Order number is required' }],
            }),
          })
        : route.fallback(),
    );
    await page.goto('/tickets');
    await page.getByRole('button', { name: 'New Ticket' }).click();
    const dialog = page.getByTestId('create-ticket-dialog');
    const f = (name: string) => dialog.locator(`[data-field="${name}"]`);
    await f('customerName').locator('input').fill('Dana');
    await f('customerEmail').locator('input').fill('dana@example.com');
    await f('orderNumber').locator('input').fill('X');
    await f('purchaseDate').locator('input').fill(localDaysAgo(3));
    await choose(page, f('purchaseLocation'), 'Walmart');
    await f('productSku').locator('input').fill('FJ');
    await choose(page, f('jackModel'), 'Other');
    await choose(page, f('issueCategory'), 'Other');
    await choose(page, f('issueStartTime'), 'First use / brand new');
    await f('issueDescription').locator('textarea').first().fill('Twenty characters or more here.');
    await dialog.getByRole('radio', { name: 'Refund' }).check();
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    await expect(page.getByTestId('toast-title')).toHaveText('Error');
    await expect(page.getByTestId('toast-description')).toHaveText('Order number is required');
    await expect(dialog).toBeVisible();
    await expect(f('orderNumber')).toContainText('Order number is required');
  });

  test('filters by status, brand, priority and dates only on Apply, and Reset shows all', async ({ page }, testInfo) => {
    await signIn(page, 'filters');
    await setBrands(page.request, ['IronJack', 'TorqueLine'], 'IronJack');
    const a = await createTicketByApi(page.request, { productBrand: 'IronJack', priority: 'Low', customerName: 'Alice Open' });
    const b = await createTicketByApi(page.request, { productBrand: 'TorqueLine', priority: 'High', customerName: 'Bob Torque' });
    const c = await createTicketByApi(page.request, {
      productBrand: 'IronJack',
      priority: 'Medium',
      customerName: 'Carol NoPhone',
      customerPhone: '',
      issueDescription: 'A very long description of the problem. '.repeat(8).trim(),
    });
    expect((await page.request.patch(`/api/tickets/${a.id}`, { data: { status: 'Pending' } })).status()).toBe(200);

    await page.goto('/tickets');
    await expectCount(page, 3);
    const rowC = rows(page).filter({ hasText: c.ticketNumber });
    await expect(rowC.getByTestId('ticket-customer-phone')).toHaveText('N/A');
    // the long description is cut (wrapped to two lines), the tooltip has it all
    const issue = rowC.getByTestId('ticket-issue');
    expect(await issue.evaluate(el => el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth)).toBe(true);
    await saveScreenshot(page, 'ticket-list', testInfo);
    if (testInfo.project.name === 'desktop') {
      // the tooltip beside the text (LazyTooltip): a hover opens it, though MUI's Tooltip comes once the page is idle
      await issue.hover();
      await expect(page.getByRole('tooltip')).toContainText('A very long description of the problem.');
    }

    // status: nothing happens until Apply Filters
    await choose(page, page.getByTestId('filter-status'), 'Pending');
    await expectCount(page, 3);
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expectCount(page, 1);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(a.ticketNumber);
    await expect(rows(page).first().getByTestId('status-badge')).toHaveText('Pending');

    // reset returns to all
    await page.getByRole('button', { name: 'Reset' }).click();
    await expectCount(page, 3);
    await expect(page.getByTestId('filter-status').locator('[role="combobox"]')).toHaveText('All');

    // brand, from settings
    await page.getByTestId('filter-brand').locator('[role="combobox"]').click();
    await expect(page.getByRole('option')).toHaveText(['All', 'IronJack', 'TorqueLine']);
    await chooseOption(page, page.getByTestId('filter-brand').locator('[role="combobox"]'), 'TorqueLine');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expectCount(page, 1);
    await expect(rows(page).first()).toContainText(b.ticketNumber);

    // priority (brand still applied, then reset)
    await page.getByRole('button', { name: 'Reset' }).click();
    await expectCount(page, 3);
    await choose(page, page.getByTestId('filter-priority'), 'Medium');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expectCount(page, 1);
    await expect(rows(page).first()).toContainText(c.ticketNumber);
    await page.getByRole('button', { name: 'Reset' }).click();

    // dates: inclusive days
    await page.getByTestId('filter-date-from').fill(utcDay(1));
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expectCount(page, 0);
    await expect(page.getByText('No tickets found')).toBeVisible();
    await page.getByTestId('filter-date-from').fill(utcDay(0));
    await page.getByTestId('filter-date-to').fill(utcDay(0));
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expectCount(page, 3);
    await page.getByTestId('filter-date-from').fill('');
    await page.getByTestId('filter-date-to').fill(utcDay(-1));
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expectCount(page, 0);

    await page.getByRole('button', { name: 'Reset' }).click();
    await expectCount(page, 3);
    await expect(page.getByTestId('filter-date-to')).toHaveValue('');
  });

  test('bulk-marks selected tickets and bulk-deletes them after confirming', async ({ page }) => {
    await signIn(page, 'bulk');
    const t1 = await createTicketByApi(page.request);
    const t2 = await createTicketByApi(page.request);
    const t3 = await createTicketByApi(page.request);

    await page.goto('/tickets');
    await expectCount(page, 3);
    await expect(page.getByTestId('bulk-bar')).toHaveCount(0);
    await page.getByRole('checkbox', { name: `Select ticket ${t1.ticketNumber}`, exact: true }).click();
    await page.getByRole('checkbox', { name: `Select ticket ${t2.ticketNumber}`, exact: true }).click();
    const bar = page.getByTestId('bulk-bar');
    await expect(bar).toContainText('2 selected');
    for (const label of ['Mark Open', 'In Progress', 'Resolved', 'Closed', 'Delete']) {
      await expect(bar.getByRole('button', { name: label, exact: true })).toBeVisible();
    }

    await bar.getByRole('button', { name: 'In Progress' }).click();
    await expect(page.getByTestId('toast-title')).toHaveText('Tickets Updated');
    await expect(page.getByTestId('toast-description')).toHaveText('2 ticket(s) updated successfully');
    await expect(rows(page).filter({ hasText: t1.ticketNumber }).getByTestId('status-badge')).toHaveText('Pending');
    await expect(rows(page).filter({ hasText: t2.ticketNumber }).getByTestId('status-badge')).toHaveText('Pending');
    await expect(rows(page).filter({ hasText: t3.ticketNumber }).getByTestId('status-badge')).toHaveText('Open');
    await expect(page.getByTestId('bulk-bar')).toHaveCount(0);

    // select all, Resolved
    await page.getByRole('checkbox', { name: 'Select all' }).click();
    await expect(bar).toContainText('3 selected');
    await bar.getByRole('button', { name: 'Resolved' }).click();
    await expect(page.getByTestId('toast-description')).toHaveText('3 ticket(s) updated successfully');
    await expect(rows(page).getByTestId('status-badge')).toHaveText(['Resolved', 'Resolved', 'Resolved']);

    // delete asks first; cancelling keeps the tickets
    await rows(page).filter({ hasText: t1.ticketNumber }).getByRole('checkbox', { name: /^Select ticket WC-/ }).click();
    await rows(page).filter({ hasText: t3.ticketNumber }).getByRole('checkbox', { name: /^Select ticket WC-/ }).click();
    await bar.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByTestId('bulk-delete-dialog');
    await expect(confirm).toContainText('Are you sure you want to delete 2 ticket(s)?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expectCount(page, 3);
    await bar.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('toast-title')).toHaveText('Tickets Deleted');
    await expectCount(page, 1);
    await expect(rows(page).first()).toContainText(t2.ticketNumber);
    const left = await (await page.request.get('/api/tickets')).json();
    expect(left.map((t: { id: string }) => t.id)).toEqual([t2.id]);
  });

  test('shows the server message when a bulk update fails', async ({ page }) => {
    await signIn(page, 'bulkfail');
    await createTicketByApi(page.request);
    await page.route('**/api/tickets/bulk-update', route =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ statusCode: 500, error: 'Database is down' }) }),
    );
    await page.goto('/tickets');
    await page.getByRole('checkbox', { name: 'Select all' }).click();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Closed' }).click();
    await expect(page.getByTestId('toast-title')).toHaveText('Error');
    await expect(page.getByTestId('toast-description')).toHaveText('Database is down');
  });

  test('opens a ticket, changes its status, adds a note and toggles purchase verification', async ({ page }, testInfo) => {
    await signIn(page, 'detail');
    const ticket = await createTicketByApi(page.request, {
      customerName: 'Evan Detail',
      customerEmail: 'evan@example.com',
      issueDescription: 'Handle snapped off at the pivot point.',
      injuryReported: true,
    });

    await page.goto('/tickets');
    await rows(page).filter({ hasText: ticket.ticketNumber }).getByText('Evan Detail').click();
    await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.id}$`));
    await expect(page.getByTestId('ticket-number')).toHaveText(ticket.ticketNumber);
    await expect(page.getByTestId('ticket-created')).toContainText('Created');
    await expect(page.getByTestId('status-badge')).toHaveText('Open');
    await expect(page.getByTestId('priority-badge')).toHaveText('Medium');
    await expect(page.getByTestId('customer-card')).toContainText('evan@example.com');
    await expect(page.getByTestId('customer-address')).toHaveCount(0);
    await expect(page.getByTestId('product-card')).toContainText('Walmart');
    await expect(page.getByTestId('product-card')).toContainText('3-Ton Floor Jack');
    await expect(page.getByTestId('flag-injury')).toHaveText('Injury Reported: Yes');
    await expect(page.getByTestId('flag-damage')).toHaveText('Property Damage: No');
    await expect(page.getByTestId('call-history')).toContainText('No call recordings yet');
    await expect(page.getByTestId('activity-card')).toContainText('Ticket Created');
    await expect(page.getByTestId('timeline-card')).not.toContainText('Last Updated');
    await pageSettled(page);
    await saveScreenshot(page, 'ticket-detail', testInfo);
    // Contact Customer opens the conversation's reply box on e-mail (issue 29), no longer a mailto: link.
    await page.getByTestId('contact-customer-button').click();
    await expect(page.getByTestId('reply-channel-email')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('reply-body')).toBeFocused();

    // status
    await page.getByRole('button', { name: 'Update Status' }).click();
    const statusDialog = page.getByTestId('update-status-dialog');
    await expect(statusDialog.getByRole('radio')).toHaveCount(3);
    for (const s of ['Open', 'Pending', 'Closed']) await expect(statusDialog.getByRole('radio', { name: s })).toBeVisible();
    await expect(statusDialog.getByRole('radio', { name: 'Open' })).toBeChecked();
    await expect(statusDialog.getByRole('button', { name: 'Update Status' })).toBeDisabled();
    await statusDialog.getByRole('radio', { name: 'Pending' }).check();
    await statusDialog.getByRole('button', { name: 'Update Status' }).click();
    await expect(page.getByTestId('toast-title')).toHaveText('Status Updated');
    await expect(page.getByTestId('status-badge')).toHaveText('Pending');
    await expect(page.getByTestId('timeline-card')).toContainText('Last Updated');
    expect((await (await page.request.get(`/api/tickets/${ticket.id}`)).json()).status).toBe('Pending');

    // note: blank cannot be confirmed
    await page.getByRole('button', { name: 'Add Note' }).click();
    const noteDialog = page.getByTestId('add-note-dialog');
    const confirmNote = noteDialog.getByRole('button', { name: 'Add Note' });
    await expect(confirmNote).toBeDisabled();
    await noteDialog.getByTestId('note-input').fill('   ');
    await expect(confirmNote).toBeDisabled();
    await noteDialog.getByTestId('note-input').fill('Customer sent photos of the handle.\nReplacement approved.');
    await confirmNote.click();
    await expect(page.getByTestId('toast-title')).toHaveText('Note Added');
    await expect(page.getByTestId('issue-description')).toContainText('Replacement approved.');
    const saved = (await (await page.request.get(`/api/tickets/${ticket.id}`)).json()).issue_description as string;
    expect(saved).toMatch(
      /^Handle snapped off at the pivot point\.\n\n--- Note added .+ ---\nCustomer sent photos of the handle\.\nReplacement approved\.$/,
    );

    // purchase verification
    const toggle = page.getByRole('switch', { name: 'Purchase Verified' });
    await expect(toggle).not.toBeChecked();
    await dismissToast(page);
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect(page.getByTestId('toast-title')).toHaveText('Purchase Verification Updated');
    expect((await (await page.request.get(`/api/tickets/${ticket.id}`)).json()).purchase_verified).toBe(true);
    await dismissToast(page);
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(page.getByTestId('toast-title')).toHaveText('Purchase Verification Updated');
    await expect.poll(async () => (await (await page.request.get(`/api/tickets/${ticket.id}`)).json()).purchase_verified).toBe(false);

    // back to the list, which shows the new status
    await page.getByTestId('back-link').click();
    await expect(page).toHaveURL(/\/tickets$/);
    await expect(rows(page).first().getByTestId('status-badge')).toHaveText('Pending');
  });

  test('reports failures of the quick actions', async ({ page }) => {
    await signIn(page, 'detailfail');
    const ticket = await createTicketByApi(page.request);
    await page.route(`**/api/tickets/${ticket.id}`, route =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 500, body: 'boom' }) : route.fallback(),
    );
    await page.goto(`/tickets/${ticket.id}`);
    await pageSettled(page);
    await page.getByRole('button', { name: 'Update Status' }).click();
    await page.getByTestId('update-status-dialog').getByRole('radio', { name: 'Closed' }).check();
    await page.getByTestId('update-status-dialog').getByRole('button', { name: 'Update Status' }).click();
    await expect(page.getByTestId('toast-description')).toHaveText('Failed to update ticket status.');
    await page.getByTestId('update-status-dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Add Note' }).click();
    await page.getByTestId('note-input').fill('A note');
    await page.getByTestId('add-note-dialog').getByRole('button', { name: 'Add Note' }).click();
    await expect(page.getByTestId('toast-description')).toHaveText('Failed to add note.');
    await page.getByTestId('add-note-dialog').getByRole('button', { name: 'Cancel' }).click();

    const toggle = page.getByRole('switch', { name: 'Purchase Verified' });
    await dismissToast(page);
    await toggle.click();
    await expect(page.getByTestId('toast-description')).toHaveText('Failed to update purchase verification.');
    await expect(toggle).not.toBeChecked();
  });

  test('Contact Customer without an e-mail on file shows the No Email toast', async ({ page }) => {
    await signIn(page, 'noemail');
    const ticket = await createTicketByApi(page.request);
    // The create payload requires an e-mail; customers who reached us by phone can lack one.
    await sql('update customers set email = null where id = $1', [ticket.customer.id]);
    await page.goto(`/tickets/${ticket.id}`);
    await expect(page.getByTestId('customer-email')).toHaveText('N/A');
    await pageSettled(page);
    await page.getByRole('button', { name: 'Contact Customer' }).click();
    await expect(page.getByTestId('toast')).toHaveAttribute('data-type', 'error');
    await expect(page.getByTestId('toast-title')).toHaveText('No Email');
    await expect(page.getByTestId('toast-description')).toHaveText('This customer does not have an email address on file.');
  });

  test('shows Ticket Not Found for a missing ticket', async ({ page }) => {
    await signIn(page, 'missing');
    await page.goto('/tickets/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Ticket Not Found' })).toBeVisible();
    await expect(page.getByText("The ticket you're looking for doesn't exist.")).toBeVisible();
    await page.getByRole('link', { name: 'Back to Tickets' }).click();
    await expect(page).toHaveURL(/\/tickets$/);
    await expectCount(page, 0);
  });

  test('tells the user when the list cannot be fetched', async ({ page }) => {
    await signIn(page, 'listfail');
    await page.route('**/api/tickets?*', route => route.fulfill({ status: 500, body: 'down' }));
    await page.goto('/tickets');
    await expect(page.getByTestId('toast-description')).toHaveText('Failed to fetch tickets');
    await expect(page.getByTestId('ticket-list-error')).toHaveText('Failed to fetch tickets');
  });
});
