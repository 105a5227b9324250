import { expect, test } from '@playwright/test';
import nodemailer from 'nodemailer';
import { registerByApi, saveScreenshot, uniqueName } from './support.js';
import { INBOUND_SMTP_PORT } from './ports.js';

test.describe('inbound e-mail', () => {
  test('the owner sets the inbound address and a signing key; an e-mail to it opens a ticket', async ({ page }, testInfo) => {
    test.slow();
    await registerByApi(page.request, uniqueName('inbound'));
    await page.goto('/settings');
    const summary = page.getByRole('button', { name: /Inbound E-mail/ });
    await summary.click();
    const section = page.getByTestId('settings-inbound-email');
    const status = section.getByTestId('inbound-email-status');
    await expect(status).toContainText(`SMTP receiver listening on 127.0.0.1:${INBOUND_SMTP_PORT}`);
    await expect(section.getByLabel('Webhook URL (Mailgun forward())')).toHaveValue(/\/api\/webhooks\/inbound-email$/);

    const address = `${uniqueName('support')}@inbound-e2e.test`;
    await section.getByLabel('Inbound address').fill('not an address');
    await section.getByRole('button', { name: 'Save Inbound E-mail' }).click();
    await expect(section.getByText('Enter a valid e-mail address')).toBeVisible();
    await section.getByLabel('Inbound address').fill(address);
    await section.getByRole('button', { name: 'Save Inbound E-mail' }).click();
    await expect(page.getByTestId('toast-title').filter({ hasText: 'Settings saved' }).first()).toBeVisible();
    await expect(status).toContainText(`Mail to ${address}`);

    await section.getByRole('button', { name: 'Generate signing key' }).click();
    await expect(section.getByTestId('inbound-email-new-key')).toContainText(/[0-9a-f]{64}/);
    await expect(section.getByText('Set: leave blank to keep it')).toBeVisible();
    await saveScreenshot(page, 'inbound-email-settings', testInfo);

    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: INBOUND_SMTP_PORT, secure: false, ignoreTLS: true });
    try {
      await transport.sendMail({ from: 'Olivia Inbound <olivia.inbound@example.com>', to: address, subject: 'My jack sinks overnight', text: 'It slowly lowers by itself.' });
    } finally {
      transport.close();
    }

    await page.goto('/tickets');
    await page.getByText('Olivia Inbound').first().click();
    await expect(page.getByTestId('activity-card')).toContainText('Ticket created from an e-mail to the support address');
    await expect(page.getByText('It slowly lowers by itself.').first()).toBeVisible();
  });
});
