import { expect, test, type Page } from '@playwright/test';
import { createTicket } from './ticket-factory.js';
import { chooseOption, chooseSuggestion, pageSettled, registerByApi, saveScreenshot, uniqueName } from './support.js';

/** Invites a user into the signed-in owner's organization; answers their id and username (their name on screen). */
async function invite(page: Page): Promise<{ id: string; username: string }> {
  const username = uniqueName('agent');
  const res = await page.request.post('/api/users/invite', { data: { username } });
  expect(res.status(), await res.text()).toBe(201);
  const users = await (await page.request.get('/api/tickets/assignees')).json();
  const user = users.find((u: { name: string }) => u.name === username);
  return { id: user.id, username };
}

async function closeToast(page: Page) {
  const toast = page.getByTestId('toast');
  if (await toast.isVisible()) {
    await toast.getByRole('button', { name: 'Close' }).click();
    await expect(toast).toBeHidden();
  }
}

test.describe('assignment', () => {
  test('assigns from the detail page, with the change in the activity', async ({ page }, testInfo) => {
    const owner = uniqueName('assign');
    await registerByApi(page.request, owner);
    const agent = await invite(page);
    const ticket = await createTicket(page.request, { customerName: 'Rosa Assign' });

    await page.goto(`/tickets/${ticket.id}`);
    const card = page.getByTestId('assignee-card');
    const select = card.getByRole('combobox');
    await expect(select).toContainText('Unassigned');
    await chooseOption(page, select, agent.username);
    await expect(page.getByTestId('toast-title')).toHaveText('Ticket assigned');
    await expect(page.getByTestId('activity-card')).toContainText(`Assigned to ${agent.username}`);
    await closeToast(page);

    await card.getByTestId('assign-to-me').click();
    await expect(select).toContainText(owner);
    await expect(page.getByTestId('activity-card')).toContainText(`Reassigned from ${agent.username} to ${owner}`);
    await expect(card.getByTestId('assign-to-me')).toHaveCount(0);
    // Saved: a reload shows it.
    await page.reload();
    await expect(page.getByTestId('assignee-card').getByRole('combobox')).toContainText(owner);
    await saveScreenshot(page, 'assignment-detail', testInfo);
  });

  test('assigns from the bulk bar, and filters Assigned to me and Unassigned with their counts', async ({ page }, testInfo) => {
    const owner = uniqueName('bulk');
    await registerByApi(page.request, owner);
    const agent = await invite(page);
    const tickets = [];
    for (let i = 0; i < 3; i += 1) tickets.push(await createTicket(page.request));

    await page.goto('/tickets');
    await expect(page.getByTestId('ticket-count')).toHaveText('Showing 3 tickets');
    await expect(page.getByTestId('assigned-to-me-count')).toHaveText('0');
    await expect(page.getByTestId('unassigned-count')).toHaveText('3');

    const rows = page.getByTestId('ticket-row');
    await rows.filter({ hasText: tickets[0].ticketNumber }).getByRole('checkbox', { name: /^Select ticket WC-/ }).click();
    await rows.filter({ hasText: tickets[1].ticketNumber }).getByRole('checkbox', { name: /^Select ticket WC-/ }).click();
    await page.getByTestId('bulk-bar').getByTestId('bulk-assign').click();
    await page.getByTestId('bulk-assign-menu').getByRole('menuitem', { name: owner }).click();
    await expect(page.getByTestId('toast-title')).toHaveText('Tickets Updated');
    await expect(page.getByTestId('assigned-to-me-count')).toHaveText('2');
    await expect(page.getByTestId('unassigned-count')).toHaveText('1');
    await expect(rows.filter({ hasText: tickets[0].ticketNumber }).getByTestId('ticket-assignee')).toHaveText(owner);
    await expect(rows.filter({ hasText: tickets[2].ticketNumber }).getByTestId('ticket-assignee')).toHaveText('Unassigned');

    await page.getByTestId('filter-assigned-to-me').click();
    await expect(page.getByTestId('ticket-count')).toHaveText('Showing 2 tickets');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: tickets[2].ticketNumber })).toHaveCount(0);

    await page.getByTestId('filter-unassigned').click();
    await expect(page.getByTestId('ticket-count')).toHaveText('Showing 1 ticket');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(tickets[2].ticketNumber);

    // Another user's ticket is neither mine nor unassigned.
    await rows.first().getByRole('checkbox', { name: /^Select ticket WC-/ }).click();
    await page.getByTestId('bulk-bar').getByTestId('bulk-assign').click();
    await page.getByTestId('bulk-assign-menu').getByRole('menuitem', { name: agent.username }).click();
    await expect(page.getByTestId('unassigned-count')).toHaveText('0');
    await expect(page.getByTestId('ticket-count')).toHaveText('Showing 0 tickets');
    await expect(page.getByTestId('assigned-to-me-count')).toHaveText('2');

    // A second click on the active filter shows every ticket again.
    await page.getByTestId('filter-unassigned').click();
    await expect(page.getByTestId('ticket-count')).toHaveText('Showing 3 tickets');
    await saveScreenshot(page, 'assignment-list', testInfo);
  });

  test('an assignment made elsewhere shows in the open list without a reload', async ({ page }) => {
    const owner = uniqueName('live');
    await registerByApi(page.request, owner);
    const ticket = await createTicket(page.request);
    await page.goto('/tickets');
    const row = page.getByTestId('ticket-row').filter({ hasText: ticket.ticketNumber });
    await expect(row.getByTestId('ticket-assignee')).toHaveText('Unassigned');
    await expect(page.getByTestId('assigned-to-me-count')).toHaveText('0');
    const me = (await (await page.request.get('/api/user')).json()).id;
    // Not through this tab's cache: as a teammate or the round-robin would.
    const res = await page.request.patch(`/api/tickets/${ticket.id}`, { data: { assignee_id: me } });
    expect(res.status()).toBe(200);
    await expect(row.getByTestId('ticket-assignee')).toHaveText(owner);
    await expect(page.getByTestId('assigned-to-me-count')).toHaveText('1');
  });

  test('assigns from the Edit view', async ({ page }) => {
    const owner = uniqueName('edit');
    await registerByApi(page.request, owner);
    const ticket = await createTicket(page.request);
    await page.goto(`/tickets/${ticket.id}/edit`);
    const select = page.getByTestId('edit-assignee-select').getByRole('combobox');
    await chooseOption(page, select, owner);
    await expect(page.getByTestId('toast-title')).toHaveText('Ticket assigned');
    const saved = await (await page.request.get(`/api/tickets/${ticket.id}`)).json();
    expect(saved.assignee.name).toBe(owner);
  });

  test('canned replies are managed in Settings, and automatic assignment is switched on there', async ({ page }, testInfo) => {
    const owner = uniqueName('canned');
    await registerByApi(page.request, owner);
    const agent = await invite(page);
    await page.goto('/settings');
    const summary = page.getByRole('button', { name: /Canned Replies/ });
    await summary.click();
    const section = page.getByTestId('settings-canned-replies');
    await expect(section.getByTestId('canned-replies-empty')).toBeVisible();
    await pageSettled(page);
    // The section has finished opening: a click while its height still grows has been lost (the button
    // focused, no dialog), once in many runs.
    await expect(section.locator('.MuiCollapse-root').first()).toHaveClass(/MuiCollapse-entered/);

    await section.getByTestId('add-canned-reply').click();
    const dialog = page.getByTestId('canned-reply-dialog');
    await dialog.getByTestId('canned-reply-save').click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Reply text is required')).toBeVisible();
    await dialog.getByLabel('Name').fill('Replacement shipped');
    await dialog.getByLabel('Reply text').fill('Hi {{customer_first_name}}, the replacement for {{ticket_number}} shipped.');
    await dialog.getByTestId('canned-reply-save').click();
    await expect(page.getByTestId('toast-title')).toHaveText('Canned reply saved');
    await expect(dialog).toBeHidden();
    const rows = section.getByTestId('canned-reply-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Replacement shipped');

    await rows.first().getByRole('button', { name: 'Edit' }).click();
    await page.getByTestId('canned-reply-dialog').getByLabel('Name').fill('Shipped today');
    await page.getByTestId('canned-reply-dialog').getByTestId('canned-reply-save').click();
    await expect(rows.first()).toContainText('Shipped today');

    // The reply fills from a ticket, as the reply box will insert it.
    const ticket = await createTicket(page.request, { customerName: 'Lena Park' });
    const [reply] = await (await page.request.get('/api/canned-replies')).json();
    const rendered = await (await page.request.get(`/api/tickets/${ticket.id}/canned-replies/${reply.id}/render`)).json();
    expect(rendered.text).toBe(`Hi Lena, the replacement for ${ticket.ticketNumber} shipped.`);

    await rows.first().getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('delete-canned-reply-confirm').click();
    await expect(section.getByTestId('canned-replies-empty')).toBeVisible();

    // Settings → Tickets: automatic assignment among the chosen agents.
    await page.getByRole('button', { name: /Tickets Configuration/ }).click();
    const auto = page.getByTestId('auto-assignment');
    await expect(auto).toBeVisible();
    await pageSettled(page);
    const enabled = auto.getByLabel('Assign new tickets automatically');
    await enabled.check();
    // the switch is on when Save is pressed (not reset by a late render of the section)
    await expect(enabled).toBeChecked();
    await auto.getByTestId('auto-assign-save').click();
    await expect(enabled).toBeChecked();
    await expect(auto.getByText('Choose at least one agent to rotate among')).toBeVisible();
    await chooseSuggestion(page, auto.getByLabel('Agents to rotate among'), agent.username.slice(0, -1), agent.username,
      () => auto.getByRole('button', { name: agent.username }).isVisible());
    await auto.getByTestId('auto-assign-save').click();
    await expect(page.getByTestId('toast-title')).toHaveText('Settings saved');
    const next = await createTicket(page.request);
    await expect.poll(async () => (await (await page.request.get(`/api/tickets/${next.id}`)).json()).assignee_id, { timeout: 20_000 }).toBe(agent.id);
    await saveScreenshot(page, 'assignment-settings', testInfo);
  });
});
