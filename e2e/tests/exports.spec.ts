import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { sql } from './db.js';
import { createTicket, setTicketStatus } from './ticket-factory.js';
import { registerByApi, saveScreenshot, uniqueName } from './support.js';

/** Issue 30: the ticket list's current filter exported to CSV, with a progress bar and the file offered when ready. */

test('exports the filtered ticket list with a progress bar and offers the file', async ({ page }, testInfo) => {
  await registerByApi(page.request, uniqueName('exporter'));
  const me = await (await page.request.get('/api/user')).json();
  const kept = await createTicket(page.request, { issueDescription: 'Export me: the saddle cracked.' });
  const closed = await createTicket(page.request);
  await setTicketStatus(page.request, closed.id, 'Closed');
  // Enough open tickets for the export to take several pages.
  await sql(
    `insert into customers (organization_id, name, email) values ($1, 'Bulk Export Customer', 'bulk-export@example.com')`,
    [me.organization_id],
  );
  await sql(
    `insert into tickets (organization_id, customer_id, ticket_number, product_brand, issue_description, status, priority, created_at, updated_at)
     select $1, (select id from customers where organization_id = $1 and email = 'bulk-export@example.com'), 'BULK-' || g, 'IronJack',
            'Bulk ticket ' || g, 'Open', 'Low', now() - make_interval(days => 1, secs => g), now() - make_interval(days => 1, secs => g)
     from generate_series(1, 20000) g`,
    [me.organization_id],
  );

  await page.goto('/tickets?filter=' + encodeURIComponent(JSON.stringify({ status: 'Open' })));
  await expect(page.getByTestId('ticket-count')).toContainText(/20,?001/);
  await page.getByTestId('export-csv-button').click();
  const dialog = page.getByRole('dialog', { name: 'Export Tickets' });
  await expect(dialog.getByRole('progressbar', { name: 'Export progress' })).toBeVisible();
  await expect(dialog.getByTestId('export-status')).toHaveText('Ready: 20,001 rows. The file is kept for 24 hours.', { timeout: 60_000 });
  await saveScreenshot(page, 'export-ready', testInfo);

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^tickets-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(20_002);
  expect(csv).toContain(kept.ticketNumber);
  expect(csv).not.toContain(closed.ticketNumber);

  // The requester is told, and the export is listed on /exports.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.goto('/exports');
  await expect(page.getByTestId('export-row').first()).toContainText('ready');
});
