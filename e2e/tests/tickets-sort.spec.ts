import { expect, test } from '@playwright/test';
import { createTicket } from './ticket-factory.js';
import { registerByApi, uniqueName } from './support.js';

/**
 * The ticket table's sortable headers (desktop only: below md the list is cards, without headers).
 * The first render shows each sortable header without react-admin's tooltip (TicketTable's
 * FirstSortLabel) and react-admin's own header from the next render; both sort the same way.
 */
test("sorts from a column's header, by the server, and the other way on a second click", async ({ page }) => {
  await registerByApi(page.request, uniqueName('sort'));
  const numbers: string[] = [];
  for (let i = 0; i < 3; i++) numbers.push((await createTicket(page.request, { customerName: `Sort ${i}` })).ticketNumber);
  const shown = () => page.getByTestId('ticket-row').evaluateAll(rows => rows.map(row => row.getAttribute('data-ticket-number')));

  await page.goto('/tickets');
  await expect(page.getByTestId('ticket-count')).toHaveText('Showing 3 tickets');
  // newest first (the list's default: created, descending)
  await expect.poll(shown).toEqual([...numbers].reverse());
  await page.getByRole('button', { name: 'Sort by ticket # ascending' }).click();
  await expect.poll(shown).toEqual(numbers);
  await expect(page).toHaveURL(/sort=ticket_number/);
  await page.getByRole('button', { name: 'Sort by ticket # descending' }).click();
  await expect.poll(shown).toEqual([...numbers].reverse());
  await page.getByRole('button', { name: 'Sort by created ascending' }).click();
  await expect.poll(shown).toEqual(numbers);
  await page.getByRole('button', { name: 'Sort by created descending' }).click();
  await expect.poll(shown).toEqual([...numbers].reverse());
});
