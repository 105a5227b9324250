import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { sql } from './db.js';
import { registerByApi, uniqueName } from './support.js';
import { createTicket } from './ticket-factory.js';

/** The top bar hides the search box on phones (the shell's layout): there it must stay hidden. */
async function hiddenOnPhone(page: Page, testInfo: TestInfo): Promise<boolean> {
  if (testInfo.project.name === 'desktop') return false;
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByTestId('search-input')).toBeHidden();
  return true;
}

test.describe('top-bar search', () => {
  test('"/" focuses the box; results appear as you type, grouped; arrows and Enter open the record', async ({ page }, testInfo) => {
    const request = page.context().request;
    await registerByApi(request, uniqueName('search'));
    const phoneTicket = await createTicket(request, { customerName: 'Odalys Fairweather', customerPhone: '+15553217788' });
    const orderTicket = await createTicket(request, { orderNumber: 'SRCH-ORDER-4242', customerName: 'Ignatius Pell' });
    const [{ organization_id }] = await sql<{ organization_id: string }>('select organization_id from tickets where id = $1', [phoneTicket.id]);
    await sql(`insert into call_logs (organization_id, call_type, from_phone, transcription) values ($1, 'voicemail', '+15553217788', 'my jack leaks')`, [organization_id]);
    if (await hiddenOnPhone(page, testInfo)) return;

    await page.goto('/');
    const box = page.getByTestId('search-input');
    await expect(box).toBeVisible();
    await page.locator('body').click();
    await page.keyboard.press('/');
    await expect(box).toBeFocused();

    // A phone typed with punctuation finds the customer and the call.
    await page.keyboard.type('(555) 321-7788');
    await expect(page.getByTestId('search-group-customers').getByTestId('search-hit')).toHaveText([/Odalys Fairweather/]);
    await expect(page.getByTestId('search-group-calls').getByTestId('search-hit')).toHaveCount(1);
    await expect(box).toHaveValue('(555) 321-7788');

    // Enter opens the first hit (the customer's newest ticket).
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/tickets/${phoneTicket.id}$`));
    await expect(page.getByTestId('ticket-number')).toHaveText(phoneTicket.ticket_number);

    // Arrow keys move through the hits; Enter opens the selected one.
    await box.fill('');
    await box.pressSequentially('SRCH-ORDER-42');
    const hits = page.getByTestId('search-hit');
    await expect(page.getByTestId('search-group-tickets').getByTestId('search-hit')).toHaveText([new RegExp(orderTicket.ticket_number)]);
    await expect(page.getByTestId('search-group-customers')).toHaveCount(0);
    await expect(hits.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect(hits.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/tickets/${orderTicket.id}$`));
    await expect(page.getByTestId('ticket-number')).toHaveText(orderTicket.ticket_number);

    // Nothing found says so; Escape closes the results.
    await box.fill('zzqqxx-nothing');
    await expect(page.getByTestId('search-empty')).toHaveText('No results for “zzqqxx-nothing”');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('search-results')).toHaveCount(0);
  });

  test('the search never shows another organization\'s records', async ({ page, browser }, testInfo) => {
    const request = page.context().request;
    await registerByApi(request, uniqueName('searchmine'));
    if (await hiddenOnPhone(page, testInfo)) return;
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await registerByApi(other.request, uniqueName('searchother'));
    await createTicket(other.request, { customerName: 'Philippa Elsewhere', orderNumber: 'ELSEWHERE-9931' });
    await other.close();

    await page.goto('/');
    await page.getByTestId('search-input').fill('ELSEWHERE-9931');
    await expect(page.getByTestId('search-empty')).toBeVisible();
    await page.getByTestId('search-input').fill('Philippa');
    await expect(page.getByTestId('search-empty')).toBeVisible();
  });
});
