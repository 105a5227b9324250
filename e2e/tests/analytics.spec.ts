import { expect, test, type Page } from '@playwright/test';
import { backdateTicket } from './db.js';
import { registerByApi, saveScreenshot, uniqueName } from './support.js';
import { createTicket, setTicketStatus } from './ticket-factory.js';

/** Screenshots for people to look at: <outputDir>/screenshots/ (e2e/test-results/screenshots by default). */

/** { brand: "count (percent)" } of the rows on screen. */
async function shares(page: Page, rowTestId: string): Promise<Record<string, string>> {
  const rows = page.getByTestId(rowTestId);
  const result: Record<string, string> = {};
  for (const row of await rows.all()) {
    const key = (await row.getAttribute('data-key')) ?? '';
    result[key] = `${await row.getByTestId(`${rowTestId}-count`).innerText()} (${await row.getByTestId(`${rowTestId}-percent`).innerText()})`;
  }
  return result;
}

test.describe('analytics', () => {
  test('a new organization: empty breakdowns, a flat chart and "Not enough data yet"', async ({ page }) => {
    await registerByApi(page.context().request, uniqueName('nodata'));
    await page.goto('/analytics');

    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    await expect(page.getByTestId('brand-row-empty')).toHaveText('No tickets in this period');
    await expect(page.getByTestId('status-row')).toHaveCount(4);
    expect(await shares(page, 'status-row')).toEqual({ Open: '0 (0%)', Pending: '0 (0%)', Resolved: '0 (0%)', Closed: '0 (0%)' });
    await expect(page.getByTestId('tickets-over-time-chart')).toHaveAttribute('data-points', '30');
    await expect(page.getByTestId('tickets-over-time-chart')).toHaveAttribute('data-peak', '0');
    for (const id of ['avg-response-time', 'avg-resolution-time', 'resolution-rate']) {
      await expect(page.getByTestId(id).getByTestId('not-enough-data')).toHaveText('Not enough data yet');
    }
    await expect(page.getByText('94%')).toHaveCount(0);
  });

  test('the brand period selector changes the counts and shares; measured cards and a real chart', async ({ page }, testInfo) => {
    const request = page.context().request;
    await registerByApi(request, uniqueName('brands'));
    const a = await createTicket(request, { productBrand: 'IronJack' });
    await createTicket(request, { productBrand: 'IronJack' });
    const sixtyDays = await createTicket(request, { productBrand: 'TorqueLine' });
    const twoHundredDays = await createTicket(request, { productBrand: 'IronJack' });
    await backdateTicket(sixtyDays.id, 60);
    await backdateTicket(twoHundredDays.id, 200);
    await setTicketStatus(request, a.id, 'Closed');

    await page.goto('/analytics');
    const brandCard = page.getByTestId('brand-card');
    await expect(brandCard).toContainText('Tickets by Brand');
    await expect(page.getByTestId('brand-row').first()).toBeVisible();
    await expect(page.getByTestId('brand-card-subtitle')).toHaveText('2 tickets created in the last 30 days');
    let brands = await shares(page, 'brand-row');
    expect(brands.IronJack).toBe('2 (100%)');
    expect(brands.TorqueLine ?? '0 (0%)').toBe('0 (0%)');

    await page.getByTestId('brand-period').selectOption('90');
    await expect(page.getByTestId('brand-card-subtitle')).toHaveText('3 tickets created in the last 90 days');
    brands = await shares(page, 'brand-row');
    expect(brands.IronJack).toBe('2 (67%)');
    expect(brands.TorqueLine).toBe('1 (33%)');

    await page.getByTestId('brand-period').selectOption('365');
    await expect(page.getByTestId('brand-card-subtitle')).toHaveText('4 tickets created in the last 365 days');
    brands = await shares(page, 'brand-row');
    expect(brands.IronJack).toBe('3 (75%)');
    expect(brands.TorqueLine).toBe('1 (25%)');
    // Largest first.
    await expect(page.getByTestId('brand-row').first()).toHaveAttribute('data-key', 'IronJack');

    // The chart: 30 zero-filled days, today's two tickets the peak.
    const chart = page.getByTestId('tickets-over-time-chart');
    await expect(chart).toHaveAttribute('data-points', '30');
    await expect(chart).toHaveAttribute('data-peak', '2');
    await expect(chart.locator('svg').first()).toBeVisible();
    await expect(chart.locator('.MuiLineElement-root')).toHaveCount(1);

    // Measured from the status history: one ticket of the last 30 days closed seconds after creation.
    await expect(page.getByTestId('avg-response-time').getByTestId('metric-value')).toHaveText('<1m');
    await expect(page.getByTestId('avg-resolution-time').getByTestId('metric-value')).toHaveText('<1m');
    await expect(page.getByTestId('avg-resolution-time')).toContainText('1 ticket');
    await expect(page.getByTestId('resolution-rate').getByTestId('metric-value')).toHaveText('50%');
    await expect(page.getByTestId('resolution-rate')).toContainText('1 of 2 tickets resolved or closed');

    await page.getByTestId('brand-period').selectOption('30');
    await expect(page.getByTestId('brand-card-subtitle')).toHaveText('2 tickets created in the last 30 days');
    await saveScreenshot(page, 'analytics', testInfo);
  });

  test('the status month selector switches between this month and last month', async ({ page }) => {
    const request = page.context().request;
    await registerByApi(request, uniqueName('months'));
    const open = await createTicket(request);
    const closed = await createTicket(request);
    await setTicketStatus(request, closed.id, 'Closed');
    const lastMonth = await createTicket(request);
    await setTicketStatus(request, lastMonth.id, 'Pending');
    // A day or two before the 1st of this month (UTC) lies in last month.
    await backdateTicket(lastMonth.id, new Date().getUTCDate() + 1);
    void open;

    await page.goto('/analytics');
    await expect(page.getByTestId('status-card')).toContainText('Status Distribution');
    await expect(page.getByTestId('status-card-subtitle')).toHaveText('2 tickets created this month');
    expect(await shares(page, 'status-row')).toEqual({ Open: '1 (50%)', Pending: '0 (0%)', Resolved: '0 (0%)', Closed: '1 (50%)' });

    await page.getByTestId('status-month').selectOption('last');
    await expect(page.getByTestId('status-card-subtitle')).toHaveText('1 ticket created last month');
    expect(await shares(page, 'status-row')).toEqual({ Open: '0 (0%)', Pending: '1 (100%)', Resolved: '0 (0%)', Closed: '0 (0%)' });
  });
});
