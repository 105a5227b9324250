import { expect, test, type Page } from '@playwright/test';
import { sql } from './db.js';
import { createTicket } from './ticket-factory.js';
import { chooseOption, openSection, registerByApi, saveScreenshot, uniqueName } from './support.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Sets a ticket's promise (and first response) straight in the database. */
async function setPromise(id: string, respondBy: Date, respondedAt: Date | null = null): Promise<void> {
  await sql('update tickets set respond_by = $2, responded_at = $3 where id = $1', [id, respondBy, respondedAt]);
}

async function expectCount(page: Page, n: number) {
  await expect(page.getByTestId('ticket-count')).toHaveText(`Showing ${n} ${n === 1 ? 'ticket' : 'tickets'}`);
}

test.describe('response promises', () => {
  test('the detail page counts down to respond_by, ticks, and tells an overdue or answered ticket apart', async ({ page }, testInfo) => {
    await registerByApi(page.request, uniqueName('sla'));
    const now = Date.now();
    await page.clock.install({ time: new Date(now) });

    const waiting = await createTicket(page.request, { customerName: 'Wanda Waiting' });
    await setPromise(waiting.id, new Date(now + 3 * HOUR + 12 * MINUTE + 40_000));
    await page.goto(`/tickets/${waiting.id}`);
    const chip = page.getByTestId('sla-countdown');
    await expect(chip).toHaveText('Respond within 3h 12m');
    await expect(chip).toHaveAttribute('data-state', 'due_soon');
    // It ticks: half an hour later the chip says so without a reload.
    await page.clock.fastForward(31 * MINUTE);
    await expect(chip).toHaveText('Respond within 2h 41m');

    const overdue = await createTicket(page.request, { customerName: 'Oscar Overdue' });
    await setPromise(overdue.id, new Date(now - HOUR - 5 * MINUTE - 20_000));
    await page.clock.setSystemTime(new Date(now));
    await page.goto(`/tickets/${overdue.id}`);
    await expect(chip).toHaveText('Overdue by 1h 5m');
    await expect(chip).toHaveAttribute('data-state', 'overdue');
    await saveScreenshot(page, 'ticket-response-promise', testInfo);

    // An answered ticket tells how long the answer took.
    const answered = await createTicket(page.request, { customerName: 'Anna Answered' });
    const created = new Date((await sql<{ created_at: Date }>('select created_at from tickets where id = $1', [answered.id]))[0].created_at);
    await setPromise(answered.id, new Date(created.getTime() + 24 * HOUR), new Date(created.getTime() + 2 * HOUR + 3 * MINUTE));
    await page.goto(`/tickets/${answered.id}`);
    await expect(chip).toHaveText('Responded in 2h 3m');
    await expect(chip).toHaveAttribute('data-state', 'met');
  });

  test('the Overdue and Due soon filters list the unanswered tickets past or near their promise, with their total', async ({ page }) => {
    await registerByApi(page.request, uniqueName('slafilter'));
    const late = await createTicket(page.request, { customerName: 'Lars Late' });
    const soon = await createTicket(page.request, { customerName: 'Sonia Soon' });
    const calm = await createTicket(page.request, { customerName: 'Carl Calm' });
    const answered = await createTicket(page.request, { customerName: 'Ada Answered' });
    await setPromise(late.id, new Date(Date.now() - 2 * HOUR));
    await setPromise(soon.id, new Date(Date.now() + 2 * HOUR));
    await setPromise(answered.id, new Date(Date.now() - 3 * HOUR), new Date(Date.now() - 4 * HOUR));

    await page.goto('/tickets');
    await expectCount(page, 4);
    const rows = page.getByTestId('ticket-row');
    const sla = page.getByTestId('filter-sla').locator('[role="combobox"]');
    await sla.click();
    await expect(page.getByRole('option')).toHaveText(['All', 'Due soon', 'Overdue']);
    await page.keyboard.press('Escape');

    // Nothing happens until Apply Filters.
    await chooseOption(page, sla, 'Overdue');
    await expectCount(page, 4);
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expectCount(page, 1);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(late.ticketNumber);

    await chooseOption(page, sla, 'Due soon');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expectCount(page, 1);
    await expect(rows.first()).toContainText(soon.ticketNumber);

    await page.getByRole('button', { name: 'Reset' }).click();
    await expectCount(page, 4);
    await expect(sla).toHaveText('All');
    await expect(rows.filter({ hasText: calm.ticketNumber })).toHaveCount(1);
  });

  test('Settings → Tickets sets the promised hours of new tickets, whole hours from 1 to 720', async ({ page }) => {
    await registerByApi(page.request, uniqueName('slaset'));
    await page.goto('/settings');
    await openSection(page, 'Tickets Configuration');
    const section = page.getByTestId('settings-tickets');
    const warranty = section.getByLabel('Warranty issues (hours)');
    const support = section.getByLabel('Technical support (hours)');
    await expect(warranty).toHaveValue('24');
    await expect(support).toHaveValue('48');

    await warranty.fill('0');
    await section.getByRole('button', { name: 'Save Ticket Settings' }).click();
    await expect(section.getByText('Enter a whole number of hours from 1 to 720')).toBeVisible();
    await warranty.fill('12');
    await support.fill('72');
    await section.getByRole('button', { name: 'Save Ticket Settings' }).click();
    await expect(page.getByTestId('toast-title').filter({ hasText: 'Settings saved' }).first()).toBeVisible();

    const ticket = await createTicket(page.request, { preferredResolution: 'Technical Support Only' });
    const read = await (await page.request.get(`/api/tickets/${ticket.id}`)).json();
    expect((new Date(read.respond_by).getTime() - new Date(read.created_at).getTime()) / HOUR).toBe(72);
    await page.goto(`/tickets/${ticket.id}`);
    await expect(page.getByTestId('sla-countdown')).toHaveText(/^Respond within (3d 0h|2d 23h)$/);
  });
});
