import { expect, test } from '@playwright/test';
import { SmtpCatcher } from './fixtures.js';
import { createTicket } from './ticket-factory.js';
import { registerByApi, saveScreenshot, signInByApi, uniqueName } from './support.js';

test.describe('the conversation on a ticket', () => {
  test('replies by e-mail and sees it Sent, adds an internal comment, and sees a message written elsewhere arrive live', async ({ page, browser }, testInfo) => {
    const smtp = await new SmtpCatcher().start();
    try {
      const username = uniqueName('convo');
      await registerByApi(page.request, username);
      await page.request.patch('/api/user/profile', { data: { first_name: 'Alex', last_name: 'Agent' } });
      const settings = await page.request.put('/api/settings', { data: { smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_from_email: 'support@jacks.example' } });
      expect(settings.status(), await settings.text()).toBe(200);
      const ticket = await createTicket(page.request, { customerName: 'Carla Convo', customerEmail: 'carla.convo@example.com' });

      await page.goto(`/tickets/${ticket.id}`);
      const card = page.getByTestId('conversation-card');
      await expect(card.getByTestId('conversation-empty')).toBeVisible();

      // Contact Customer opens the reply box on e-mail.
      await page.getByTestId('contact-customer-button').click();
      await expect(page.getByTestId('reply-channel-email')).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('reply-body')).toBeFocused();
      await expect(page.getByTestId('reply-send')).toBeDisabled();
      await page.getByTestId('reply-body').fill('Hi Carla, could you send a photo of the leaking seal?');
      await page.getByTestId('reply-send').click();
      await expect(page.getByTestId('toast-title')).toHaveText('Reply Queued');

      const reply = card.getByTestId('conversation-message').filter({ hasText: 'could you send a photo' });
      await expect(reply).toHaveAttribute('data-side', 'agent');
      await expect(reply.getByTestId('message-author')).toHaveText('Alex Agent');
      // Sent by the queue; the status follows through the live stream.
      await expect(reply.getByTestId('message-status')).toHaveText('Sent', { timeout: 30_000 });
      await expect.poll(() => smtp.to('carla.convo@example.com').filter(m => m.text.includes('could you send a photo')).length).toBe(1);
      await expect(page.getByTestId('reply-body')).toHaveValue('');

      // An internal comment: marked Internal, no status, never mailed.
      await page.getByTestId('reply-channel-comment').click();
      await page.getByTestId('reply-body').fill('Customer called twice; prioritise.');
      await page.getByTestId('reply-send').click();
      const comment = card.getByTestId('conversation-message').filter({ hasText: 'Customer called twice' });
      await expect(comment).toHaveAttribute('data-side', 'internal');
      await expect(comment.getByTestId('message-internal')).toHaveText('Internal');
      await expect(comment.getByTestId('message-status')).toHaveCount(0);

      // A teammate's comment written in another session appears without reloading, newest last.
      const teammate = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
      try {
        await signInByApi(teammate.request, username, 'secret123');
        const written = await teammate.request.post(`/api/tickets/${ticket.id}/messages`, { data: { channel: 'comment', body: 'Written from the other tab' } });
        expect(written.status(), await written.text()).toBe(201);
      } finally {
        await teammate.close();
      }
      await expect(card.getByTestId('conversation-message').last()).toContainText('Written from the other tab');
      await expect(card.getByTestId('message-body')).toHaveText([
        'Hi Carla, could you send a photo of the leaking seal?',
        'Customer called twice; prioritise.',
        'Written from the other tab',
      ]);
      expect(smtp.messages.filter(m => m.text.includes('prioritise') || m.text.includes('other tab'))).toEqual([]);
      await saveScreenshot(page, 'ticket-conversation', testInfo);
    } finally {
      await smtp.stop();
    }
  });

  test('shows a refused reply as Failed with the reason, and Retry sends it', async ({ page }) => {
    const smtp = await new SmtpCatcher().start();
    try {
      await registerByApi(page.request, uniqueName('retry'));
      await page.request.put('/api/settings', { data: { smtp_host: '127.0.0.1', smtp_port: smtp.port, smtp_from_email: 'support@jacks.example' } });
      const ticket = await createTicket(page.request, { customerName: 'Rex Retry', customerEmail: 'rex.retry@example.com' });
      smtp.onMessage = mail => {
        if (!mail.text.includes('first try')) return;
        smtp.onMessage = undefined;
        throw Object.assign(new Error('Mailbox full'), { responseCode: 552 });
      };
      await page.goto(`/tickets/${ticket.id}`);
      await expect(page.getByTestId('reply-channel-email')).toHaveAttribute('aria-pressed', 'true');
      await page.getByTestId('reply-body').fill('Our first try at reaching you');
      await page.getByTestId('reply-send').click();
      const reply = page.getByTestId('conversation-message').filter({ hasText: 'first try' });
      await expect(reply.getByTestId('message-status')).toHaveText('Failed', { timeout: 30_000 });
      await expect(reply.getByTestId('message-error')).toContainText('Mailbox full');
      await reply.getByTestId('message-retry').click();
      await expect(reply.getByTestId('message-status')).toHaveText('Sent', { timeout: 30_000 });
      await expect(reply.getByTestId('message-error')).toHaveCount(0);
      const tries = smtp.to('rex.retry@example.com').filter(m => m.text.includes('first try'));
      expect(tries).toHaveLength(2);
      expect(tries[1]!.messageId).toBe(tries[0]!.messageId);
    } finally {
      smtp.onMessage = undefined;
      await smtp.stop();
    }
  });
});
