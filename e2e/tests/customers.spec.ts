import { expect, test } from '@playwright/test';
import { sql } from './db.js';
import { openNavigation, registerByApi, saveScreenshot, uniqueName } from './support.js';
import { createTicket } from './ticket-factory.js';

test.describe('customers', () => {
  test('the customer page opens from a ticket and lists the tickets with status and warranty, and the list finds the customer', async ({ page }, testInfo) => {
    await registerByApi(page.request, uniqueName('cust'));
    const first = await createTicket(page.request, { customerName: 'Rosa Delgado', customerEmail: 'rosa@example.com', customerPhone: '+15125550871' });
    const second = await createTicket(page.request, {
      customerName: 'Rosa Delgado',
      customerEmail: 'rosa@example.com',
      customerPhone: '+15125550871',
      purchaseDate: new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10),
    });
    await createTicket(page.request, { customerName: 'Someone Else', customerEmail: 'else@example.com', customerPhone: '+15125550872' });
    await sql(`update customers set street = '9 Elm Row', city = 'Austin' where id = $1`, [first.customer.id]);

    await page.goto(`/tickets/${first.id}`);
    await page.getByTestId('customer-page-link').click();
    await expect(page.getByTestId('customer-title')).toHaveText('Rosa Delgado');
    await expect(page.getByTestId('customer-show-email')).toHaveText('rosa@example.com');
    await expect(page.getByTestId('customer-tickets-count')).toHaveText('2');
    const rows = page.getByTestId('customer-ticket-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: second.ticket_number }).getByTestId('customer-ticket-warranty')).toHaveText('OUT OF WARRANTY');
    await expect(rows.filter({ hasText: first.ticket_number }).getByTestId('customer-ticket-warranty')).toContainText('UNDER WARRANTY');
    await expect(rows.filter({ hasText: first.ticket_number }).getByTestId('status-badge')).toHaveText('Open');
    await saveScreenshot(page, 'customer-show', testInfo);

    // a ticket link opens the ticket
    await rows.filter({ hasText: second.ticket_number }).getByTestId('customer-ticket-link').click();
    await expect(page.getByTestId('ticket-number')).toHaveText(second.ticket_number);

    // the Customers menu entry: the list searches by name
    await (await openNavigation(page)).getByTestId('nav-customers').click();
    await expect(page.getByTestId('customer-row-name')).toHaveCount(2);
    await expect(page.getByTestId('customer-count')).toHaveText('2 customers');
    await page.getByPlaceholder('Search name, email or phone').fill('delga');
    await expect(page.getByTestId('customer-row-name')).toHaveText(['Rosa Delgado']);
    await expect(page.getByTestId('customer-count')).toHaveText('1 customer');
    await expect(page.getByTestId('customer-table')).toContainText(second.ticket_number);

    // a row opens the customer's whole record, not the row's columns: its tickets, its address, and the
    // same in the Edit form (in a new load, where the list's rows are all the app has read of them)
    await page.reload();
    await page.getByTestId('customer-row-name').click();
    await expect(page.getByTestId('customer-title')).toHaveText('Rosa Delgado');
    await expect(page.getByTestId('customer-ticket-row')).toHaveCount(2);
    await expect(page.getByTestId('customer-show-address')).toContainText('9 Elm Row');
    await page.getByTestId('customer-edit-link').click();
    await expect(page.getByTestId('customer-edit').getByLabel('Street')).toHaveValue('9 Elm Row');
  });

  test('editing a customer checks the form and refuses another customer’s phone with its name', async ({ page }) => {
    await registerByApi(page.request, uniqueName('custedit'));
    const mine = await createTicket(page.request, { customerName: 'Edgar Pike', customerEmail: 'edgar@example.com', customerPhone: '+15125550881' });
    await createTicket(page.request, { customerName: 'Hannah Owner', customerEmail: 'hannah@example.com', customerPhone: '+15125550882' });

    await page.goto(`/customers/${mine.customer.id}/show`);
    await page.getByTestId('customer-edit-link').click();
    const form = page.getByTestId('customer-edit');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Save Customer' }).click();
    await expect(form.getByText('Valid email is required')).toBeVisible();

    await form.getByLabel('Email').fill('edgar.pike@example.com');
    await form.getByLabel('Phone').fill('(512) 555-0882');
    await form.getByRole('button', { name: 'Save Customer' }).click();
    await expect(form.getByText('Another customer, Hannah Owner, already has this phone number: merge the two customers instead').first()).toBeVisible();

    await form.getByLabel('Phone').fill('(512) 555-0889');
    await form.getByLabel('Street').fill('14 Cedar Lane');
    await form.getByLabel('City').fill('Round Rock');
    await form.getByRole('button', { name: 'Save Customer' }).click();
    await expect(page.getByTestId('customer-show')).toBeVisible();
    await expect(page.getByTestId('customer-show-email')).toHaveText('edgar.pike@example.com');
    await expect(page.getByTestId('customer-show-phone')).toHaveText('+15125550889');
    await expect(page.getByTestId('customer-show-address')).toContainText('14 Cedar Lane');
    const [row] = await sql<{ email: string; phone: string; city: string }>('select email, phone, city from customers where id = $1', [mine.customer.id]);
    expect(row).toEqual({ email: 'edgar.pike@example.com', phone: '+15125550889', city: 'Round Rock' });
  });

  test('merging two customers moves the tickets to the kept one', async ({ page }) => {
    await registerByApi(page.request, uniqueName('custmerge'));
    const keep = await createTicket(page.request, { customerName: 'Kim Keeper', customerEmail: 'kim@example.com', customerPhone: '' });
    const dupA = await createTicket(page.request, { customerName: 'Kimberly Keeper', customerEmail: 'kimberly@example.com', customerPhone: '+15125550891' });
    const dupB = await createTicket(page.request, { customerName: 'Kimberly Keeper', customerEmail: 'kimberly@example.com', customerPhone: '+15125550891' });

    await page.goto(`/customers/${keep.customer.id}/show`);
    await expect(page.getByTestId('customer-tickets-count')).toHaveText('1');
    await page.getByTestId('customer-merge-button').click();
    const dialog = page.getByTestId('customer-merge-dialog');
    await dialog.getByTestId('customer-merge-search').fill('kimberly');
    await page.getByTestId('customer-merge-option').filter({ hasText: 'Kimberly Keeper' }).click();
    await expect(dialog.getByTestId('customer-merge-summary')).toHaveText(
      '2 tickets and 0 calls of Kimberly Keeper (with their messages) will move to Kim Keeper, empty contact fields of Kim Keeper will be filled from Kimberly Keeper, and Kimberly Keeper will be deleted.',
    );
    await dialog.getByTestId('customer-merge-confirm').click();
    await expect(page.getByTestId('toast-title')).toHaveText('Customers merged');
    await expect(page.getByTestId('customer-tickets-count')).toHaveText('3');
    await expect(page.getByTestId('customer-show-phone')).toHaveText('+15125550891');
    await expect(page.getByTestId('customer-ticket-row')).toHaveCount(3);
    const owners = await sql<{ customer_id: string }>('select distinct customer_id from tickets where id = any($1::uuid[])', [[keep.id, dupA.id, dupB.id]]);
    expect(owners).toEqual([{ customer_id: keep.customer.id }]);
    expect(await sql('select id from customers where id = $1', [dupA.customer.id])).toEqual([]);
  });

  test('a duplicate claim is merged into the ticket it duplicates from the notice, with a link back', async ({ page }, testInfo) => {
    await registerByApi(page.request, uniqueName('claimmerge'));
    const original = await createTicket(page.request, { orderNumber: 'ORD-MERGE-E2E', issueDescription: 'The jack will not hold pressure under the car at all.' });
    const dup = await createTicket(page.request, { orderNumber: 'ORD-MERGE-E2E', issueDescription: 'Filed again: jack sinks slowly with a load on the saddle.' });

    await page.goto(`/tickets/${dup.id}`);
    const notice = page.getByTestId('possible-duplicates-card');
    await expect(notice).toContainText(`Possible duplicate of #${original.ticket_number}`);
    await notice.getByTestId('merge-into-button').click();
    await expect(notice.getByTestId('merge-into-button')).toHaveText(`Merge into #${original.ticket_number}`);
    const dialog = page.getByTestId('merge-ticket-dialog');
    await expect(dialog).toContainText(`Calls, notes and messages of ${dup.ticket_number} move to ${original.ticket_number}`);
    await page.getByTestId('merge-ticket-confirm').click();
    await expect(page.getByTestId('toast-title')).toHaveText('Tickets merged');
    await expect(page.getByTestId('merged-into-link')).toHaveText(`Merged into #${original.ticket_number}`);
    await expect(page.getByTestId('status-badge').first()).toHaveText('Closed');
    await saveScreenshot(page, 'ticket-merged', testInfo);

    await page.getByTestId('merged-into-link').click();
    await expect(page.getByTestId('ticket-number')).toHaveText(original.ticket_number);
    await expect(page.getByText('Filed again: jack sinks slowly with a load on the saddle.').first()).toBeVisible();
    await expect(page.getByText(`${dup.ticket_number} merged into this ticket as a duplicate claim`)).toBeVisible();
  });
});
