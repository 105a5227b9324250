import { describe, expect, it } from '@jest/globals';
import { TICKET_QUESTIONS, warrantyTicketFunction } from '@warranty-crm/contract';
import { validatePayload } from '../../common/http/validate-payload.js';
import { WarrantyTicketArgsDto } from './dto/create-warranty-ticket.dto.js';

/** A value of each property of the schema, as the agent would send it. */
function sample(properties: Record<string, { type: string; format?: string }>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(properties).map(([name, p]) => [name, p.type === 'boolean' ? true : p.format === 'date' ? '2026-01-15' : p.format === 'email' ? 'a@example.com' : `${name} value`]),
  );
}

describe("create_warranty_ticket's definition for Retell", () => {
  it('names only arguments the function accepts, and every question while all are asked', async () => {
    const fn = warrantyTicketFunction([...TICKET_QUESTIONS]);
    expect(fn.name).toBe('create_warranty_ticket');
    const args = sample(fn.parameters.properties);
    // The function's own validation keeps every argument the definition names (whitelist strips unknown ones).
    const parsed = await validatePayload(WarrantyTicketArgsDto, args);
    expect(Object.keys(parsed).sort()).toEqual(Object.keys(args).sort());
    for (const question of TICKET_QUESTIONS) expect(fn.parameters.properties).toHaveProperty(question);
    expect(fn.parameters.required).toEqual(['customer_name', 'issue_description']);
  });

  it('leaves out the questions not asked: injury, damage, the model and the description, which is then not required', () => {
    const fn = warrantyTicketFunction(['purchase_date']);
    expect(Object.keys(fn.parameters.properties)).toEqual(['customer_name', 'customer_email', 'customer_phone', 'product_sku', 'purchase_date', 'order_number', 'serial_number']);
    expect(fn.parameters.required).toEqual(['customer_name', 'product_sku']);
  });
});
