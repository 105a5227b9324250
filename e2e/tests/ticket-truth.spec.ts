import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createTicket } from './ticket-factory.js';
import { chooseOption, pageSettled, registerByApi, uniqueName } from './support.js';

/**
 * Issue 26 "Every screen tells the truth", part B: one warranty rule, one set of statuses, priority
 * in Quick Actions and the bulk bar, the note limit, and texts that say what the organization set.
 */

/** The UTC calendar day `days` before today: the day the server records a ticket on. */
function utcDaysAgo(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

async function signIn(page: Page, prefix: string) {
  await registerByApi(page.request, uniqueName(prefix));
}

async function ok(response: Promise<{ status(): number; text(): Promise<string> }>, status = 200) {
  const res = await response;
  expect(res.status(), await res.text()).toBe(status);
}

async function choose(page: Page, select: Locator, option: string) {
  await chooseOption(page, select.locator('[role="combobox"]'), option);
}

function rows(page: Page) {
  return page.getByTestId('ticket-row');
}

async function ticketById(request: APIRequestContext, id: string) {
  const res = await request.get(`/api/tickets/${id}`);
  expect(res.status()).toBe(200);
  return res.json();
}

/** Fills the create dialog with a valid ticket of this SKU, purchase date and resolution. */
async function fillCreateForm(page: Page, dialog: Locator, values: { sku: string; purchaseDate: string; resolution: string }) {
  const f = (name: string) => dialog.locator(`[data-field="${name}"]`);
  await f('customerName').locator('input').fill('Nora Truth');
  await f('customerEmail').locator('input').fill('nora.truth@example.com');
  await f('orderNumber').locator('input').fill(`ORD-${Date.now()}`);
  await f('purchaseDate').locator('input').fill(values.purchaseDate);
  await choose(page, f('purchaseLocation'), 'Walmart');
  await f('productSku').locator('input').fill(values.sku);
  await choose(page, f('jackModel'), '3-Ton Floor Jack');
  await choose(page, f('issueCategory'), 'Hydraulic Oil Leak');
  await choose(page, f('issueStartTime'), 'Within first month');
  await f('issueDescription').locator('textarea').first().fill('The ram seal weeps oil after every lift.');
  await dialog.getByRole('radio', { name: values.resolution }).check();
}

test.describe('every screen tells the truth', () => {
  test("the create dialog's warranty badge says what the saved ticket says, by the product's term; the toast promises the configured hours", async ({ page }) => {
    await signIn(page, 'truthwarranty');
    await ok(
      page.request.put('/api/settings', {
        data: { brands: ['IronJack', 'TorqueLine'], ticket_brand: 'IronJack', warranty_response_hours: 12, support_response_hours: 36 },
      }),
    );
    // a 1-year product of the default ticket brand, and the same SKU with 30 days under another brand
    await ok(page.request.post('/api/products', { data: { brand: 'TorqueLine', sku: 'YJ-1', product_name: 'Short Jack', warranty_term: '30 days', sale_locations: ['online'] } }), 201);
    await ok(page.request.post('/api/products', { data: { brand: 'IronJack', sku: 'YJ-1', product_name: 'Year Jack', warranty_term: '1 year', sale_locations: ['online'] } }), 201);

    await page.goto('/tickets');
    await expect(page.getByTestId('ticket-count')).toHaveText('Showing 0 tickets');
    await page.getByRole('button', { name: 'New Ticket' }).click();
    const dialog = page.getByTestId('create-ticket-dialog');
    const badge = dialog.getByTestId('warranty-badge');
    const purchaseDate = utcDaysAgo(200);

    // 200 days ago: past the default 90 days, but inside the matching product's year
    await fillCreateForm(page, dialog, { sku: 'NO-SUCH-SKU', purchaseDate, resolution: 'Technical Support Only' });
    await expect(badge).toHaveText('OUT OF WARRANTY');
    await dialog.locator('[data-field="productSku"] input').fill('yj-1');
    await expect(badge).toHaveText('UNDER WARRANTY · 165 days left');
    const shown = await badge.textContent();

    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('toast-title')).toHaveText('Ticket Created!');
    // Technical Support Only: the organization's 36 hours for technical support, not a fixed 48
    await expect(page.getByTestId('toast-description')).toContainText('Expected response: 36 hours for technical support.');
    await expect(page.getByTestId('toast-description')).not.toContainText('48 hours');
    await expect(page.getByTestId('ticket-count')).toHaveText('Showing 1 ticket');

    const [saved] = await (await page.request.get('/api/tickets')).json();
    expect([saved.under_warranty, saved.warranty_days_left]).toEqual([true, 165]);
    await page.goto(`/tickets/${saved.id}`);
    await expect(page.getByTestId('ticket-warranty')).toHaveText(shown!);
  });

  test('Resolved, set in bulk, can be filtered and is shown selected in Update Status, whose Update waits for a change', async ({ page }) => {
    await signIn(page, 'truthstatus');
    const resolved = await createTicket(page.request, { customerName: 'Rita Resolved' });
    const open = await createTicket(page.request, { customerName: 'Otto Open' });

    await page.goto('/tickets');
    await expect(page.getByTestId('ticket-count')).toHaveText('Showing 2 tickets');
    await rows(page).filter({ hasText: resolved.ticketNumber }).getByRole('checkbox', { name: /^Select ticket WC-/ }).click();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Resolved', exact: true }).click();
    await expect(page.getByTestId('toast-description')).toHaveText('1 ticket(s) updated successfully');
    await expect(rows(page).filter({ hasText: resolved.ticketNumber }).getByTestId('status-badge')).toHaveText('Resolved');

    await page.getByTestId('filter-status').locator('[role="combobox"]').click();
    await expect(page.getByRole('option')).toHaveText(['All', 'Open', 'Pending', 'Resolved', 'Closed']);
    await page.getByRole('option', { name: 'Resolved' }).click();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page.getByTestId('ticket-count')).toHaveText('Showing 1 ticket');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(resolved.ticketNumber);
    await expect(rows(page).first()).not.toContainText(open.ticketNumber);

    await rows(page).first().getByText('Rita Resolved').click();
    await expect(page).toHaveURL(new RegExp(`/tickets/${resolved.id}$`));
    await page.getByTestId('update-status-button').click();
    const dialog = page.getByTestId('update-status-dialog');
    await expect(dialog.getByRole('radio')).toHaveCount(4);
    await expect(dialog.getByRole('radio', { name: 'Resolved' })).toBeChecked();
    const update = dialog.getByTestId('update-status-confirm');
    await expect(update).toBeDisabled();
    await dialog.getByRole('radio', { name: 'Closed' }).check();
    await expect(update).toBeEnabled();
    await dialog.getByRole('radio', { name: 'Resolved' }).check();
    await expect(update).toBeDisabled();
    await dialog.getByRole('radio', { name: 'Closed' }).check();
    await update.click();
    await expect(page.getByTestId('toast-title')).toHaveText('Status Updated');
    await expect(page.getByTestId('status-badge')).toHaveText('Closed');
    expect((await ticketById(page.request, resolved.id)).status).toBe('Closed');
  });

  test('priority is set from Quick Actions and from the bulk bar, and recorded in the activity', async ({ page }) => {
    await signIn(page, 'truthpriority');
    const a = await createTicket(page.request, { customerName: 'Paula Priority' });
    const b = await createTicket(page.request, { customerName: 'Ben Bulk' });

    await page.goto(`/tickets/${a.id}`);
    await expect(page.getByTestId('priority-badge')).toHaveText('Medium');
    await pageSettled(page);
    await page.getByTestId('quick-actions').getByRole('button', { name: 'Update Priority' }).click();
    const dialog = page.getByTestId('update-priority-dialog');
    await expect(dialog.getByRole('radio')).toHaveCount(3);
    for (const p of ['High', 'Medium', 'Low']) await expect(dialog.getByRole('radio', { name: p })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'Medium' })).toBeChecked();
    await expect(dialog.getByTestId('update-priority-confirm')).toBeDisabled();
    await dialog.getByRole('radio', { name: 'High' }).check();
    await dialog.getByTestId('update-priority-confirm').click();
    await expect(page.getByTestId('toast-title')).toHaveText('Priority Updated');
    await expect(page.getByTestId('priority-badge')).toHaveText('High');
    await expect(page.getByTestId('activity-card')).toContainText('Priority changed from Medium to High');
    expect((await ticketById(page.request, a.id)).priority).toBe('High');

    await page.goto('/tickets');
    await page.getByRole('checkbox', { name: 'Select all' }).click();
    const bar = page.getByTestId('bulk-bar');
    await expect(bar).toContainText('2 selected');
    for (const label of ['High Priority', 'Medium Priority', 'Low Priority']) await expect(bar.getByRole('button', { name: label })).toBeVisible();
    await bar.getByRole('button', { name: 'Low Priority' }).click();
    await expect(page.getByTestId('toast-title')).toHaveText('Tickets Updated');
    await expect(page.getByTestId('toast-description')).toHaveText('2 ticket(s) updated successfully');
    await expect(rows(page).getByTestId('priority-badge')).toHaveText(['Low', 'Low']);
    expect([(await ticketById(page.request, a.id)).priority, (await ticketById(page.request, b.id)).priority]).toEqual(['Low', 'Low']);
    expect((await ticketById(page.request, b.id)).status).toBe('Open');

    await page.goto(`/tickets/${b.id}`);
    await expect(page.getByTestId('activity-card')).toContainText('Priority changed from Medium to Low');
  });

  test('Add Note counts to the 2000-character limit, and a long note shows its first lines below the Quick Actions, which never move', async ({ page }) => {
    await signIn(page, 'truthnote');
    const ticket = await createTicket(page.request, { customerName: 'Nick Note' });
    await page.goto(`/tickets/${ticket.id}`);
    const quickActions = page.getByTestId('quick-actions');
    await expect(page.getByTestId('activity-card')).toContainText('Ticket Created');

    await quickActions.getByRole('button', { name: 'Add Note' }).click();
    const dialog = page.getByTestId('add-note-dialog');
    const confirm = dialog.getByTestId('add-note-confirm');
    await expect(dialog.getByTestId('note-counter')).toHaveText('0 / 2000 characters');
    await dialog.getByTestId('note-input').fill('x'.repeat(2001));
    await expect(dialog.getByTestId('note-counter')).toHaveText('2001 / 2000 characters');
    await expect(dialog.getByTestId('note-error')).toHaveText('Note must be at most 2000 characters');
    await expect(confirm).toBeDisabled();

    const note = 'The customer read the whole manual to me. '.repeat(48).slice(0, 2000);
    await dialog.getByTestId('note-input').fill(note);
    await expect(dialog.getByTestId('note-counter')).toHaveText(`${note.trim().length} / 2000 characters`);
    await expect(dialog.getByTestId('note-error')).toHaveText('');
    await confirm.click();
    await expect(page.getByTestId('toast-title')).toHaveText('Note Added');
    expect((await ticketById(page.request, ticket.id)).issue_description).toContain(note.trim());

    // the activity shows the note's first lines (all of it on demand), below the Quick Actions: they never move
    const entry = page.getByTestId('activity-entry').filter({ hasText: 'Note added' });
    await expect(entry).toBeVisible();
    // where the card sits on the page (not in the viewport, which scrolls to what is clicked)
    const pageTop = () => quickActions.evaluate(card => card.getBoundingClientRect().top + window.scrollY);
    const before = await pageTop();
    const clamped = (await entry.boundingBox())!.height;
    expect(clamped).toBeLessThan(250);
    await entry.getByTestId('activity-text-toggle').click();
    await expect(entry.getByTestId('activity-text-toggle')).toHaveText('Show less');
    expect((await entry.boundingBox())!.height - clamped).toBeGreaterThan(250);
    expect(await pageTop()).toBe(before);
  });
});
