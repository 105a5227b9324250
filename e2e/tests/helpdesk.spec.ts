import { expect, test } from '@playwright/test';
import nodemailer from 'nodemailer';
import { SmtpCatcher } from './fixtures.js';
import { createTicket } from './ticket-factory.js';
import { registerByApi, saveScreenshot, uniqueName } from './support.js';
import { INBOUND_SMTP_PORT } from './ports.js';

/**
 * Issue 29, as an agent works a claim: take the ticket, answer the customer with a canned reply, and
 * see the customer's e-mailed answer arrive in the thread without reloading.
 */
test('assign a ticket, reply with a canned reply, and see the customer answer arrive live', async ({ page }, testInfo) => {
  test.slow();
  const smtp = await new SmtpCatcher().start();
  const support = `${uniqueName('help')}@helpdesk-e2e.test`;
  try {
    await registerByApi(page.request, uniqueName('helper'));
    await page.request.patch('/api/user/profile', { data: { first_name: 'Hana', last_name: 'Helper' } });
    expect((await page.request.put('/api/settings', { data: { smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_from_email: support } })).status()).toBe(200);
    const canned = await page.request.post('/api/canned-replies', {
      data: { name: 'Ask for a photo', body: 'Hi {{customer_first_name}}, about {{ticket_number}}: please send a photo of the serial plate.' },
    });
    expect(canned.status(), await canned.text()).toBe(201);
    const ticket = await createTicket(page.request, { customerName: 'Dora Answer', customerEmail: 'dora.answer@example.com' });

    await page.goto(`/tickets/${ticket.id}`);
    // Take the ticket.
    await page.getByTestId('assign-to-me').click();
    await expect(page.getByTestId('assignee-card')).toContainText('Hana Helper');

    // Answer with the canned reply, filled from the ticket.
    const card = page.getByTestId('conversation-card');
    await card.getByTestId('canned-reply-picker').click();
    await page.getByTestId('canned-reply-option').filter({ hasText: 'Ask for a photo' }).click();
    await expect(page.getByTestId('reply-body')).toHaveValue(`Hi Dora, about ${ticket.ticketNumber}: please send a photo of the serial plate.`);
    await page.getByTestId('reply-send').click();
    const reply = card.getByTestId('conversation-message').filter({ hasText: 'photo of the serial plate' });
    await expect(reply.getByTestId('message-status')).toHaveText('Sent', { timeout: 30_000 });
    // (Besides the ticket's confirmation e-mail.)
    const replies = () => smtp.to('dora.answer@example.com').filter(m => m.text.includes('photo of the serial plate'));
    await expect.poll(() => replies().length).toBe(1);
    const sent = replies()[0]!;

    // The customer answers from her mail client: to the reply address, in the thread.
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: INBOUND_SMTP_PORT, secure: false, ignoreTLS: true });
    try {
      await transport.sendMail({
        from: 'Dora Answer <dora.answer@example.com>',
        to: sent.replyTo,
        subject: `Re: ${sent.subject}`,
        inReplyTo: sent.messageId,
        references: [sent.messageId],
        text: 'Here it is: serial FJ-250-0099.\n\nOn Monday, Hana Helper wrote:\n> please send a photo of the serial plate.',
      });
    } finally {
      transport.close();
    }
    const answer = card.getByTestId('conversation-message').filter({ hasText: 'serial FJ-250-0099' });
    await expect(answer).toBeVisible();
    await expect(answer).toHaveAttribute('data-side', 'customer');
    await expect(card.getByTestId('conversation-message')).toHaveCount(2);
    await saveScreenshot(page, 'helpdesk-conversation', testInfo);
  } finally {
    await smtp.stop();
  }
});
