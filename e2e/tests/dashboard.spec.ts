import { expect, test } from '@playwright/test';
import { backdateTicket } from './db.js';
import { registerByApi, saveScreenshot, uniqueName } from './support.js';
import { createTicket, setTicketStatus } from './ticket-factory.js';

/** Screenshots for people to look at: <outputDir>/screenshots/ (e2e/test-results/screenshots by default). */

const shortDate = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

test.describe('dashboard', () => {
  test('a new organization: zeros, no trend badges and the empty state', async ({ page }) => {
    const owner = uniqueName('empty');
    await registerByApi(page.context().request, owner);
    await page.goto('/');

    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // a brand-new owner is welcomed to set the organization up, not "back" (issue 34)
    await expect(page.getByText(`Welcome! Let's set up ${owner}'s organization.`)).toBeVisible();
    for (const [id, title] of [
      ['metric-total', 'Total Tickets'],
      ['metric-open', 'Open Tickets'],
      ['metric-pending', 'Pending'],
      ['metric-closed-today', 'Closed Today'],
    ]) {
      await expect(page.getByTestId(id)).toContainText(title);
      await expect(page.getByTestId(id).getByTestId('metric-value')).toHaveText('0');
      await expect(page.getByTestId(id).getByTestId('metric-trend')).toHaveCount(0);
    }
    await expect(page.getByTestId('metric-total').getByTestId('metric-note')).toHaveText('No change vs. last week');
    await expect(page.getByTestId('metric-closed-today').getByTestId('metric-note')).toHaveText('None closed yesterday');

    const recent = page.getByTestId('recent-tickets');
    await expect(recent).toContainText('Recent Tickets');
    await expect(recent).toContainText('Latest warranty ticket submissions');
    await expect(page.getByTestId('recent-tickets-empty')).toContainText('No tickets found');
    await expect(page.getByTestId('recent-tickets-empty')).toContainText('New tickets will appear here once created');
    await page.getByTestId('recent-tickets-view-all').click();
    await expect(page).toHaveURL(/\/tickets$/);
  });

  test('counts, trends against last week and the latest tickets from the API', async ({ page }, testInfo) => {
    const request = page.context().request;
    await registerByApi(request, uniqueName('dash'));
    // Two tickets from 10 days ago, both closed today; one new ticket today.
    const old1 = await createTicket(request, { productBrand: 'IronJack', customerName: 'Olivia Old' });
    const old2 = await createTicket(request, { productBrand: 'IronJack', customerName: 'Oscar Old' });
    await backdateTicket(old1.id, 10);
    await backdateTicket(old2.id, 10);
    await setTicketStatus(request, old1.id, 'Closed');
    await setTicketStatus(request, old2.id, 'Closed');
    const fresh = await createTicket(request, {
      productBrand: 'TorqueLine',
      jackModel: '2-Ton Floor Jack',
      customerName: 'Maria Gonzalez',
      priority: 'High',
      issueDescription: 'The saddle will not rise under load even after bleeding the air out.',
    });

    await page.goto('/');
    const value = (id: string) => page.getByTestId(id).getByTestId('metric-value');
    const badge = (id: string) => page.getByTestId(id).getByTestId('metric-trend');
    await expect(value('metric-total')).toHaveText('3');
    await expect(value('metric-open')).toHaveText('1');
    await expect(value('metric-pending')).toHaveText('0');
    await expect(value('metric-closed-today')).toHaveText('2');

    // Total 3 now against 2 a week ago: +50%, green and up. Open 1 against 2: -50%, red and down.
    await expect(badge('metric-total')).toHaveText('50%');
    await expect(badge('metric-total')).toHaveAttribute('data-direction', 'up');
    await expect(badge('metric-total')).toHaveCSS('color', 'rgb(21, 128, 61)');
    await expect(page.getByTestId('metric-total')).toContainText('vs. last week');
    await expect(badge('metric-open')).toHaveText('50%');
    await expect(badge('metric-open')).toHaveAttribute('data-direction', 'down');
    await expect(badge('metric-open')).toHaveCSS('color', 'rgb(185, 28, 28)');
    await expect(badge('metric-pending')).toHaveCount(0);
    await expect(badge('metric-closed-today')).toHaveCount(0);
    await expect(page.getByTestId('metric-closed-today').getByTestId('metric-note')).toHaveText('None closed yesterday');

    // The sidebar's Tickets badge reads the same total.
    if (testInfo.project.name === 'desktop') await expect(page.getByTestId('nav-tickets-badge')).toHaveText('3');

    const rows = page.getByTestId('recent-ticket-row');
    await expect(rows).toHaveCount(3);
    const first = rows.first();
    await expect(first.getByTestId('recent-ticket-number')).toHaveText(fresh.ticket_number);
    await expect(first.getByTestId('recent-ticket-customer')).toHaveText('Maria Gonzalez');
    await expect(first.getByTestId('recent-ticket-product')).toHaveText('TorqueLine 2-Ton Floor Jack');
    await expect(first.getByTestId('recent-ticket-issue')).toHaveText(
      'The saddle will not rise under load even after bleeding the air out.',
    );
    await expect(first.getByTestId('status-badge')).toHaveText('Open');
    await expect(first.getByTestId('priority-badge')).toHaveText('High');
    await expect(first.getByTestId('recent-ticket-date')).toHaveText(shortDate(new Date()));
    await expect(rows.nth(1).getByTestId('status-badge')).toHaveText('Closed');
    await expect(rows.nth(1).getByTestId('recent-ticket-date')).toHaveText(shortDate(new Date(Date.now() - 10 * 86_400_000)));

    await saveScreenshot(page, 'dashboard', testInfo);

    await first.click();
    await expect(page).toHaveURL(new RegExp(`/tickets/${fresh.id}$`));
    await page.goto('/');
    await rows.nth(2).getByTestId('recent-ticket-view').click();
    await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    expect([old1.id, old2.id]).toContain(page.url().split('/').pop());
  });

  test('skeletons while loading, and zeros with the empty list when the API fails', async ({ page }) => {
    await registerByApi(page.context().request, uniqueName('slow'));
    let release!: () => void;
    const held = new Promise<void>(resolve => (release = resolve));
    await page.route(/\/api\/tickets\/(metrics|recent)(\?.*)?$/, async route => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500,"error":"Internal server error","message":"Internal server error"}' });
    });

    await page.goto('/');
    await expect(page.getByTestId('recent-tickets-loading')).toBeVisible();
    await expect(page.getByTestId('metric-skeleton')).toHaveCount(4);
    release();

    await expect(page.getByTestId('metric-total').getByTestId('metric-value')).toHaveText('0');
    await expect(page.getByTestId('recent-tickets-empty')).toContainText('No tickets found');
    await expect(page.getByText('Internal server error')).toHaveCount(0);
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });
});
