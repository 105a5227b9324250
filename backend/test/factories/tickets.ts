import type TestAgent from 'supertest/lib/agent.js';
import type { TestApp } from '../support/test-app.js';

/** A date-only string `daysAgo` days before today (UTC). */
export function isoDaysAgo(daysAgo: number, from: Date = new Date()): string {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() - daysAgo));
  return date.toISOString().slice(0, 10);
}

let sequence = 0;

/** A valid create payload (spec part 1 section 3); override any field. */
export function ticketPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    customerName: 'Maria Gonzalez',
    customerEmail: `maria${sequence}@example.com`,
    customerPhone: `+1512555${String(1000 + sequence).slice(-4)}`,
    contactMethod: 'Email',
    orderNumber: `ORD-${100000 + sequence}`,
    purchaseDate: isoDaysAgo(30),
    purchaseLocation: 'Walmart',
    productSku: 'FJ-250',
    jackModel: '3-Ton Floor Jack',
    serialNumber: `SN-${sequence}`,
    issueCategory: 'Hydraulic Oil Leak',
    issueDescription: 'Oil is leaking from the ram seal after a week of light use.',
    issueStartTime: 'Within first week',
    troubleshootingAttempted: 'No',
    preferredResolution: 'Replacement',
    ...overrides,
  };
}

export interface CreatedTicket {
  id: string;
  ticketNumber: string;
  ticket_number: string;
  status: string;
  customer: { id: string; name: string; email: string | null; phone: string | null };
  [key: string]: unknown;
}

export async function createTicket(agent: TestAgent, overrides: Record<string, unknown> = {}): Promise<CreatedTicket> {
  const res = await agent.post('/api/tickets').send(ticketPayload(overrides));
  if (res.status !== 201) throw new Error(`create ticket failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as CreatedTicket;
}

/** Moves a ticket's creation (and its initial history row) to a given instant. */
export async function setCreatedAt(app: TestApp, ticketId: string, at: Date): Promise<void> {
  await app.db.query('update tickets set created_at = $2, updated_at = $2 where id = $1', [ticketId, at]);
  await app.db.query('update ticket_status_changes set created_at = $2 where ticket_id = $1 and from_status is null', [ticketId, at]);
}

/** Appends a history row as if the status had changed at `at` (and sets the ticket's status). */
export async function recordStatusChange(app: TestApp, ticketId: string, from: string, to: string, at: Date): Promise<void> {
  await app.db.query(
    `insert into ticket_status_changes (organization_id, ticket_id, from_status, to_status, created_at)
     select organization_id, id, $2, $3, $4 from tickets where id = $1`,
    [ticketId, from, to, at],
  );
  await app.db.query('update tickets set status = $2 where id = $1', [ticketId, to]);
}
