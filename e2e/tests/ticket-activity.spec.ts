import { expect, test, type Page } from '@playwright/test';
import { SmtpCatcher } from './fixtures.js';
import { createTicket } from './ticket-factory.js';
import { registerByApi, saveScreenshot, uniqueName } from './support.js';

async function dismissToast(page: Page) {
  const toast = page.getByTestId('toast');
  if (await toast.isVisible()) {
    await toast.getByRole('button', { name: 'Close' }).click();
    await expect(toast).toBeHidden();
  }
}

const kinds = (page: Page) => page.getByTestId('activity-entry').evaluateAll(entries => entries.map(e => e.getAttribute('data-kind')));

test.describe('ticket activity', () => {
  test('the detail page shows the confirmation e-mail and the activity after a status change and a note', async ({ page }, testInfo) => {
    const smtp = await new SmtpCatcher().start();
    try {
      await registerByApi(page.request, uniqueName('activity'));
      await page.request.patch('/api/user/profile', { data: { first_name: 'Alex', last_name: 'Agent' } });
      const settings = await page.request.put('/api/settings', { data: { smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_from_email: 'support@example.com' } });
      expect(settings.status(), await settings.text()).toBe(200);
      const ticket = await createTicket(page.request, { customerName: 'Rita Activity', customerEmail: 'rita.activity@example.com' });

      await page.goto(`/tickets/${ticket.id}`);
      await expect(page.getByTestId('ticket-number')).toHaveText(ticket.ticketNumber);
      // Queued with the ticket; the page reads the ticket again until the outcome arrives.
      await expect(page.getByTestId('confirmation-email-status')).toContainText('Confirmation e-mail sent to rita.activity@example.com at', { timeout: 30_000 });
      await expect.poll(() => smtp.to('rita.activity@example.com').length).toBe(1);
      const card = page.getByTestId('activity-card');
      await expect(card).toContainText('Ticket created from the New Ticket form');
      await expect(card).toContainText('Alex Agent');
      await expect(card).toContainText('Confirmation e-mail sent to rita.activity@example.com');
      await expect(page.getByTestId('timeline-card')).not.toContainText('Last Updated');

      await page.getByRole('button', { name: 'Update Status' }).click();
      const statusDialog = page.getByTestId('update-status-dialog');
      await statusDialog.getByRole('radio', { name: 'Pending' }).check();
      await statusDialog.getByRole('button', { name: 'Update Status' }).click();
      await expect(page.getByTestId('toast-title')).toHaveText('Status Updated');
      await expect(card).toContainText('Status changed from Open to Pending');
      await dismissToast(page);

      await page.getByRole('button', { name: 'Add Note' }).click();
      const noteDialog = page.getByTestId('add-note-dialog');
      await noteDialog.getByTestId('note-input').fill('Asked the customer for a photo of the seal.');
      await noteDialog.getByRole('button', { name: 'Add Note' }).click();
      await expect(page.getByTestId('toast-title')).toHaveText('Note Added');
      await expect(card).toContainText('Note added: Asked the customer for a photo of the seal.');
      await expect(page.getByTestId('timeline-card')).toContainText('Last Updated');
      expect(await kinds(page)).toEqual(['created', 'confirmation_email', 'status_changed', 'note']);
      await saveScreenshot(page, 'ticket-activity', testInfo);
    } finally {
      await smtp.stop();
    }
  });

  test('without SMTP the detail page says no confirmation e-mail was sent', async ({ page }) => {
    await registerByApi(page.request, uniqueName('nosmtp'));
    const ticket = await createTicket(page.request, { customerEmail: 'no.smtp@example.com' });
    await page.goto(`/tickets/${ticket.id}`);
    await expect(page.getByTestId('confirmation-email-status')).toHaveText(
      'No confirmation e-mail was sent: SMTP is not configured (Settings → SMTP Configuration)',
      { timeout: 30_000 },
    );
    await expect(page.getByTestId('activity-card')).toContainText('No confirmation e-mail was sent: SMTP is not configured');
  });
});
