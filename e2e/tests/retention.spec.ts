import { expect, test } from '@playwright/test';
import { backdateTicket } from './db.js';
import { createTicket } from './ticket-factory.js';
import { registerByApi, saveScreenshot, uniqueName } from './support.js';

/** Issue 35: Settings → Data retention: a period saved, the dry run's counts, then the switch turned on. */

test('sets a retention period, runs the dry run, sees the counts, and turns retention on', async ({ page }, testInfo) => {
  await registerByApi(page.request, uniqueName('retention'));
  // One closed ticket untouched for 100 days, one open ticket as old (not closed: kept).
  const closed = await createTicket(page.request, { customerName: `Olga ${uniqueName('old')}` });
  expect((await page.request.patch(`/api/tickets/${closed.id}`, { data: { status: 'Closed' } })).status()).toBe(200);
  await backdateTicket(closed.id, 100);
  const open = await createTicket(page.request, { customerName: `Otto ${uniqueName('open')}` });
  await backdateTicket(open.id, 100);

  await page.goto('/settings#data-retention');
  const section = page.getByTestId('settings-data-retention');
  const toggle = section.getByRole('switch', { name: 'Apply retention daily' });
  await expect(toggle).toBeDisabled();
  await expect(section.getByTestId('retention-hint')).toHaveText('Save at least one period and run a dry run to turn retention on.');

  // Out of bounds: the form's message, nothing saved.
  await section.getByLabel('Closed tickets (days)').fill('10');
  await section.getByRole('button', { name: 'Save Retention' }).click();
  await expect(section.getByText('Enter a whole number of days between 30 and 3650, or leave it empty to keep forever')).toBeVisible();

  await section.getByLabel('Closed tickets (days)').fill('90');
  await section.getByRole('button', { name: 'Save Retention' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(toggle).toBeDisabled();

  await section.getByRole('button', { name: 'Dry run' }).click();
  await expect(section.getByTestId('retention-dry-run')).toHaveText('Now: 0 recordings and 0 attachments would be deleted, 1 closed ticket anonymised.');
  await saveScreenshot(page, 'retention-dry-run', testInfo);
  // Nothing changed.
  const ticket = await (await page.request.get(`/api/tickets/${closed.id}`)).json();
  expect(ticket.customer.name).toBe(closed.customer.name);

  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(page.getByText('Retention turned on')).toBeVisible();
  await expect(toggle).toBeChecked();
  const policy = await (await page.request.get('/api/settings/retention')).json();
  expect(policy).toMatchObject({ closed_tickets_days: 90, recordings_days: null, attachments_days: null, closed_tickets_action: 'anonymise', enabled: true });

  // After a reload the switch is still on.
  await page.reload();
  await expect(page.getByTestId('settings-data-retention').getByRole('switch', { name: 'Apply retention daily' })).toBeChecked();
});
