import { expect, test } from '@playwright/test';
import { chooseOption, openNavigation, registerByApi, uniqueName } from './support.js';
import { createTicket } from './ticket-factory.js';

test.describe('cache refresh', () => {
  test("editing a ticket's status on the detail page updates the list and the dashboard counts without a reload", async ({ page }) => {
    await registerByApi(page.context().request, uniqueName('cache'));
    const first = await createTicket(page.context().request, { customerName: 'Fiona First' });
    await createTicket(page.context().request, { customerName: 'Sam Second' });

    await page.goto('/');
    const value = (id: string) => page.getByTestId(id).getByTestId('metric-value');
    await expect(value('metric-open')).toHaveText('2');
    await expect(value('metric-pending')).toHaveText('0');
    // a full page load would lose this mark
    await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));

    // the list, filtered to Open tickets
    await (await openNavigation(page)).getByTestId('nav-tickets').click();
    await expect(page.getByTestId('ticket-count')).toHaveText('Showing 2 tickets');
    await chooseOption(page, page.getByTestId('filter-status').locator('[role="combobox"]'), 'Open');
    // both tickets are Open, so the count does not tell that the filter was applied: its request does
    const filtered = page.waitForResponse(r => r.url().includes('/api/tickets?') && decodeURIComponent(r.url()).includes('"status":"Open"'));
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    expect((await filtered).status()).toBe(200);
    await expect(page.getByTestId('ticket-count')).toHaveText('Showing 2 tickets');

    // the detail page: Open -> Pending
    await page.getByTestId('ticket-row').filter({ hasText: first.ticketNumber }).getByText('Fiona First').click();
    await expect(page.getByTestId('ticket-number')).toHaveText(first.ticketNumber);
    await page.getByRole('button', { name: 'Update Status' }).click();
    await page.getByTestId('update-status-dialog').getByRole('radio', { name: 'Pending' }).check();
    await page.getByTestId('update-status-dialog').getByRole('button', { name: 'Update Status' }).click();
    await expect(page.getByTestId('toast-title')).toHaveText('Status Updated');
    await expect(page.getByTestId('status-badge')).toHaveText('Pending');

    // back in the list (still filtered to Open): the ticket has left it
    await page.getByTestId('back-link').click();
    await expect(page.getByTestId('ticket-count')).toHaveText('Showing 1 ticket');
    await expect(page.getByTestId('ticket-row')).toHaveCount(1);
    await expect(page.getByTestId('ticket-row')).toContainText('Sam Second');

    // the dashboard counts follow
    await (await openNavigation(page)).getByTestId('nav-dashboard').click();
    await expect(value('metric-open')).toHaveText('1');
    await expect(value('metric-pending')).toHaveText('1');
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  });
});

test.describe('the list after a change beyond its page', () => {
  test('its count follows a ticket removed from a later page, whose first page reads the same', async ({ page }) => {
    const request = page.context().request;
    await registerByApi(request, uniqueName('count'));
    const oldest = await createTicket(request, { customerName: 'Olive Oldest' });
    for (let i = 0; i < 25; i++) await createTicket(request, { customerName: `Newer ${i}` });

    await page.goto('/tickets');
    await expect(page.getByTestId('ticket-count')).toHaveText('Showing 26 tickets');
    await expect(page.getByTestId('ticket-row')).toHaveCount(25);

    // The oldest is on the second page: the first page's rows stay the same, its total does not.
    const res = await request.delete('/api/tickets/bulk-delete', { data: { ticketIds: [oldest.id] } });
    expect(res.status(), await res.text()).toBe(200);

    // Read again: a browser that kept the first answer (its HTTP cache) must not keep its count.
    const again = page.waitForResponse((r) => r.url().includes('/api/tickets?') && r.url().includes('view=row'));
    await page.reload();
    expect((await again).status()).toBe(200);
    await expect(page.getByTestId('ticket-row')).toHaveCount(25);
    await expect(page.getByTestId('ticket-count')).toHaveText('Showing 25 tickets');
  });
});
