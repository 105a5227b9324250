import { expect, test, type Page } from '@playwright/test';
import { phoneOrganization, simulateVoicemail } from './phone-support.js';
import { chooseOption, chooseSuggestion, openNavigation, saveScreenshot } from './support.js';
import { apiSettled } from './walk.js';

const TRANSCRIPT = 'My floor jack leaks oil from the base';

async function openCall(page: Page, caller: string) {
  // on a phone an open call (also one kept in the address, ?call=, across a reload) hides the list
  // until "← Back to calls"; wait for the page to show one or the other first
  await expect(page.getByTestId('call-row').first().or(page.getByTestId('back-to-calls'))).toBeVisible();
  if (await page.getByTestId('back-to-calls').isVisible()) await page.getByTestId('back-to-calls').click();
  await page.getByTestId('call-row').filter({ hasText: caller }).click();
  await expect(page.getByTestId('call-detail-caller')).toHaveText(caller);
}

test('a simulated voicemail arrives unread, opens read, plays and seeks, keeps notes, is returned, gets a ticket and is deleted', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const { numbers } = await phoneOrganization(page, { buy: 1 });
  await simulateVoicemail(numbers[0], '+15125550123', 6, TRANSCRIPT);
  const product = await page.request.post('/api/products', { data: { brand: 'Acme', sku: 'AC-300', product_name: 'Acme 3-Ton Jack', warranty_term: '1 year', sale_locations: [] } });
  expect(product.status()).toBe(201);

  await page.goto('/phone-system');
  const row = page.getByTestId('call-row').filter({ hasText: '+15125550123' });
  await expect(row).toHaveAttribute('data-unread', 'true');
  await expect(row.getByTestId('call-row-duration')).toHaveText('0:06');
  await expect(row).toContainText('Just now');
  const nav = await openNavigation(page);
  await expect(nav.getByTestId('nav-phone-system-badge')).toHaveText('1');
  await page.keyboard.press('Escape');
  await saveScreenshot(page, 'phone-system-list', testInfo);

  // opening marks it read: the row and the sidebar badge
  await openCall(page, '+15125550123');
  await expect(page.getByTestId('call-detail-brand')).toHaveText('Acme');
  await expect(page.getByTestId('call-detail-duration')).toHaveText('0:06');
  await expect(page.getByTestId('call-transcription')).toHaveText(TRANSCRIPT);
  if (testInfo.project.name === 'phone') {
    await expect(page.getByTestId('call-list')).toHaveCount(0);
    await expect(page.getByTestId('back-to-calls')).toHaveText('← Back to calls');
  }
  const nav2 = await openNavigation(page);
  await expect(nav2.getByTestId('nav-phone-system-badge')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // the recording plays and seeks
  await expect(page.getByTestId('recording-ready')).toBeVisible();
  const audio = page.getByTestId('recording-audio');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration)).toBeGreaterThan(5);
  await audio.evaluate(async (a: HTMLAudioElement) => { a.muted = true; await a.play(); });
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0);
  await audio.evaluate((a: HTMLAudioElement) => { a.pause(); a.currentTime = 4; });
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => Math.round(a.currentTime))).toBe(4);
  await saveScreenshot(page, 'phone-system-detail', testInfo);

  // notes save on blur and survive a reload
  const notes = page.getByTestId('call-notes');
  const saved = page.waitForResponse(r => r.url().includes('/api/call-logs/') && r.request().method() === 'PATCH' && (r.request().postData() ?? '').includes('notes'));
  await notes.fill('Called back, left a message');
  await notes.blur();
  expect((await saved).status()).toBe(200);
  // The voicemail keeps its place while the notes are saved: a write to a call refetches what was read
  // about calls, and a recording refetched would be a new source, stopped and back at 0.
  const source = await audio.getAttribute('src');
  await apiSettled(page);
  expect(await audio.getAttribute('src')).toBe(source);
  expect(Math.round(await audio.evaluate((a: HTMLAudioElement) => a.currentTime))).toBe(4);
  await page.reload();
  await openCall(page, '+15125550123');
  await expect(page.getByTestId('call-notes')).toHaveValue('Called back, left a message');
  const [stored] = await (await page.request.get('/api/call-logs')).json();
  expect(stored).toMatchObject({ is_read: true, notes: 'Called back, left a message' });

  // Mark Returned
  await page.getByTestId('call-mark-returned').click();
  await expect(page.getByText('Marked as returned')).toBeVisible();
  await expect(page.getByTestId('call-mark-returned')).toHaveText('Returned');
  await expect(page.getByTestId('call-mark-returned')).toBeDisabled();

  // the pane is the create-ticket form: the call's brand, the brand's products or free text, the
  // transcription as the description, a priority; creating links the ticket and shows it
  const form = page.getByTestId('call-create-ticket');
  const f = (name: string) => form.locator(`[data-field="${name}"]`);
  await expect(f('brand')).toContainText('Acme');
  await expect(f('issueDescription').locator('textarea').first()).toHaveValue(TRANSCRIPT);
  await expect(f('priority')).toContainText('Medium');
  await chooseSuggestion(page, f('productModel').locator('input'), 'Acme 3', 'Acme 3-Ton Jack',
    async () => (await f('productModel').locator('input').inputValue()) === 'Acme 3-Ton Jack');
  await chooseOption(page, f('priority').locator('[role="combobox"]'), 'High');
  // turning the window across the narrow layout's edge keeps the open form and what it holds
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: viewport.width >= 900 ? 800 : 1200, height: viewport.height });
  await expect(page.getByTestId('back-to-calls')).toHaveCount(viewport.width >= 900 ? 1 : 0);
  await page.setViewportSize(viewport);
  await saveScreenshot(page, 'phone-system-create-ticket', testInfo);
  const created = page.waitForResponse(r => r.url().endsWith('/api/tickets/from-call') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Create Ticket' }).click();
  const ticket = await (await created).json();
  expect((await created).status()).toBe(201);
  expect(ticket).toMatchObject({ product_brand: 'Acme', product_model: 'Acme 3-Ton Jack', product_sku: 'AC-300', priority: 'High', issue_description: TRANSCRIPT, customer: { phone: '+15125550123' } });
  await expect(page.getByTestId('call-linked-ticket-id')).toHaveText(`#${String(ticket.id).slice(0, 8).toUpperCase()}`);
  await expect(page.getByTestId('call-linked-ticket')).toContainText(ticket.ticket_number);
  await expect(page.getByTestId('call-linked-ticket')).toContainText('High');
  await saveScreenshot(page, 'phone-system-linked-ticket', testInfo);
  await page.getByTestId('call-view-ticket').click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.id}$`));
  await page.goBack();
  // back to the call that was open: it is in the address
  await expect(page).toHaveURL(/\/phone-system\?call=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('call-detail-caller')).toHaveText('+15125550123');

  // delete with confirmation
  await openCall(page, '+15125550123');
  await page.getByTestId('call-delete').click();
  await page.getByTestId('call-delete-confirm').click();
  await expect(page.getByText('Call log deleted successfully')).toBeVisible();
  await expect(page.getByTestId('call-row')).toHaveCount(0);
});

test('the calls list searches, filters by status and brand on the server, and arrow keys move through it', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const { numbers } = await phoneOrganization(page, { buy: 1 });
  await simulateVoicemail(numbers[0], '+15125550111', 4, 'First caller');
  await simulateVoicemail(numbers[0], '+15125550222', 75, 'Second caller');
  await page.goto('/phone-system');
  const rows = page.getByTestId('call-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('+15125550222');
  await expect(rows.first().getByTestId('call-row-duration')).toHaveText('1:15');

  // the search goes to the server
  const searched = page.waitForRequest(r => r.url().includes('/api/call-logs?') && decodeURIComponent(r.url()).includes('555 0111'));
  await page.getByTestId('call-search').fill('555 0111');
  await searched;
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('+15125550111');
  await page.getByTestId('call-search').fill('');
  await expect(rows).toHaveCount(2);

  // arrows move the selection (and open the call)
  await rows.first().click();
  await expect(page.getByTestId('call-detail-caller')).toHaveText('+15125550222');
  if (testInfo.project.name === 'desktop') {
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('call-detail-caller')).toHaveText('+15125550111');
    await page.keyboard.press('ArrowUp');
    await expect(page.getByTestId('call-detail-caller')).toHaveText('+15125550222');
  } else {
    await page.getByTestId('back-to-calls').click();
  }

  // Unread Only: the opened call is gone; Brand: another brand has none
  const statusFilter = page.getByTestId('call-status-filter').locator('..').locator('[role="combobox"]');
  const brandFilter = page.getByTestId('call-brand-filter').locator('..').locator('[role="combobox"]');
  await chooseOption(page, statusFilter, 'Unread Only');
  await expect(rows).toHaveCount(testInfo.project.name === 'desktop' ? 0 : 1);
  await chooseOption(page, statusFilter, 'All Calls');
  await chooseOption(page, brandFilter, 'Zeta');
  await expect(page.getByTestId('call-list-empty')).toHaveText('No calls found');
  await chooseOption(page, brandFilter, 'Acme');
  await expect(rows).toHaveCount(2);
});
