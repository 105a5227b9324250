import { expect, type APIRequestContext } from '@playwright/test';

let counter = 0;

/** A valid create payload (spec part 1 section 3); override any field. */
export function ticketPayload(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const purchase = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
  return {
    customerName: `Customer ${counter}`,
    customerEmail: `customer${counter}@example.com`,
    customerPhone: `+1512555${String(1000 + counter).slice(-4)}`,
    contactMethod: 'Email',
    orderNumber: `ORD-${100000 + counter}`,
    purchaseDate: purchase,
    purchaseLocation: 'Walmart',
    productSku: 'FJ-250',
    jackModel: '3-Ton Floor Jack',
    issueCategory: 'Hydraulic Oil Leak',
    issueDescription: 'Oil drips from the ram after every lift and the jack sinks slowly.',
    issueStartTime: 'Within first week',
    troubleshootingAttempted: 'No',
    preferredResolution: 'Replacement',
    ...overrides,
  };
}

export interface CreatedTicket {
  id: string;
  ticket_number: string;
  ticketNumber: string;
  product_brand: string | null;
  product_model: string | null;
  customer: { id: string; name: string; email: string | null; phone: string | null };
}

/** Creates a ticket through POST /api/tickets as the context's signed-in user. */
export async function createTicket(request: APIRequestContext, overrides: Record<string, unknown> = {}): Promise<CreatedTicket> {
  const res = await request.post('/api/tickets', { data: ticketPayload(overrides) });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

export async function setTicketStatus(request: APIRequestContext, id: string, status: string): Promise<void> {
  const res = await request.patch(`/api/tickets/${id}`, { data: { status } });
  expect(res.status(), await res.text()).toBe(200);
}
