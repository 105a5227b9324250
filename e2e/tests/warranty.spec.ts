import { expect, test } from '@playwright/test';
import { SmtpCatcher } from './fixtures.js';
import { createTicket } from './ticket-factory.js';
import { registerByApi, saveScreenshot, uniqueName } from './support.js';

test.describe('warranty resolution', () => {
  test('approves a claim (the customer is mailed), ships a replacement with items, tracking and states, and reads the cost on the Warranty analytics tab', async ({ page }, testInfo) => {
    const smtp = await new SmtpCatcher().start();
    try {
      await registerByApi(page.request, uniqueName('warranty'));
      const settings = await page.request.put('/api/settings', {
        data: { brands: ['Acme'], smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_from_email: 'claims@jacks.example' },
      });
      expect(settings.status(), await settings.text()).toBe(200);
      const ticket = await createTicket(page.request, { customerName: 'Wanda Warranty', customerEmail: 'wanda.warranty@example.com', productBrand: 'Acme', serialNumber: 'SN-E2E-1' });

      await page.goto(`/tickets/${ticket.id}`);
      const card = page.getByTestId('resolution-card');
      await expect(card.getByTestId('no-decision')).toHaveText('No decision yet');

      // Approve: the dialog previews the organization's message to the customer.
      await card.getByTestId('approve-button').click();
      const dialog = page.getByTestId('decision-dialog');
      await dialog.getByTestId('decision-note').fill('A new jack ships today.');
      await expect(dialog.getByTestId('decision-preview')).toContainText(`Hello Wanda,`);
      await expect(dialog.getByTestId('decision-preview')).toContainText(`your warranty claim ${ticket.ticket_number} for your Acme 3-Ton Floor Jack has been approved`);
      await dialog.getByTestId('decision-submit').click();
      await expect(page.getByTestId('toast-title')).toHaveText('Claim approved');
      await expect(card.getByTestId('decision-chip')).toHaveText('Approved');
      await expect.poll(() => smtp.to('wanda.warranty@example.com').filter(m => m.text.includes('has been approved')).length, { timeout: 30_000 }).toBe(1);

      // The resolution: a replacement unit, two items, the outbound tracking.
      const form = card.getByTestId('resolution-form');
      await form.locator('input[name="items.0.sku"]').fill('FJ-300');
      await form.locator('input[name="items.0.description"]').fill('3-Ton Floor Jack');
      await form.locator('input[name="items.0.quantity"]').fill('1');
      await form.locator('input[name="items.0.unit_cost"]').fill('89.99');
      await form.getByRole('button', { name: 'Add' }).click();
      await form.locator('input[name="items.1.sku"]').fill('SEAL-7');
      await form.locator('input[name="items.1.quantity"]').fill('3');
      await form.locator('input[name="items.1.unit_cost"]').fill('4.35');
      await expect(form.getByTestId('resolution-form-total')).toHaveText('Total cost $103.04');
      await form.getByTestId('resolution-outbound_carrier').fill('UPS');
      await form.getByTestId('resolution-outbound_tracking').fill('1Z999AA10123456784');
      await form.getByTestId('resolution-save').click();
      await expect(page.getByTestId('toast-title')).toHaveText('Resolution RMA-000001 created');

      const view = card.getByTestId('resolution-view');
      await expect(view.getByTestId('rma-number')).toHaveText('RMA-000001');
      await expect(view.getByTestId('resolution-total')).toHaveText('$103.04');
      await expect(view.getByTestId('resolution-outbound')).toHaveText('Outbound: UPS 1Z999AA10123456784');
      await expect(view.getByTestId('resolution-state')).toHaveText('State: Awaiting return');
      // Delivered is not offered before it ships.
      await expect(view.getByTestId('resolution-to-delivered')).toHaveCount(0);
      await view.getByTestId('resolution-to-shipped').click();
      await expect(view.getByTestId('resolution-state')).toHaveText('State: Shipped');
      await view.getByTestId('resolution-to-delivered').click();
      await expect(view.getByTestId('resolution-state')).toHaveText('State: Delivered');
      await expect(view.locator('[data-testid^="resolution-to-"]')).toHaveCount(0);
      await expect(page.getByTestId('activity-card')).toContainText('Resolution RMA-000001: Shipped → Delivered');

      // A second claim on the serial is flagged with the first's outcome.
      const second = await createTicket(page.request, { productBrand: 'Acme', serialNumber: 'SN-E2E-1' });
      await page.goto(`/tickets/${second.id}`);
      await expect(page.getByTestId('serial-history-notice')).toHaveText(`Serial SN-E2E-1 was claimed before on #${ticket.ticket_number}: approved, replacement delivered`);
      await page.getByTestId('serial-history-link').click();
      await expect(page).toHaveURL(new RegExp(`/tickets/${ticket.id}$`));

      // The cost chart of the Warranty tab.
      await page.goto('/analytics');
      await page.getByTestId('analytics-tab-warranty').click();
      const tab = page.getByTestId('warranty-tab');
      await expect(tab.getByTestId('warranty-total-cost')).toContainText('$103.04');
      await expect(tab.getByTestId('warranty-cost-chart')).toHaveAttribute('data-total', '103.04');
      await expect(tab.getByTestId('warranty-cost-chart').locator('svg').first()).toBeVisible();
      const month = new Date().toISOString().slice(0, 7);
      await expect(tab.getByTestId('warranty-cost-row')).toHaveText([`${month}Acme$103.04`]);
      await expect(tab.getByTestId('warranty-approval-rate')).toContainText('100%');
      await saveScreenshot(page, 'warranty-analytics', testInfo);
    } finally {
      await smtp.stop();
    }
  });
});
