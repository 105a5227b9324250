import { describe, expect, it } from 'vitest';
import { fillWarrantyTemplate, serialHistoryNotice, warrantyTemplateValues } from '@warranty-crm/contract';
import { formTotal, itemsPayload, resolutionStepper } from './warrantyResolution';

describe('warranty resolution helpers', () => {
  it('fills the template placeholders for the preview as the API does', () => {
    const values = warrantyTemplateValues({ ticket_number: 'WC-000045', customer_name: 'Ana Ruiz', product_brand: 'Acme', product_model: '3-Ton Floor Jack' }, { reason: 'Misuse or damage' });
    expect(fillWarrantyTemplate('Hi {{customer_first_name}}, {{ticket_number}} ({{product}}): {{ reason }} {{unknown}}', values)).toBe(
      'Hi Ana, WC-000045 (Acme 3-Ton Floor Jack): Misuse or damage {{unknown}}',
    );
  });

  it('says what an earlier claim on the serial ended with', () => {
    expect(serialHistoryNotice({ serial_number: 'SN-123', ticket_number: 'WC-000045', decision: 'approved', resolution_type: 'replacement', resolution_state: 'shipped' })).toBe(
      'Serial SN-123 was claimed before on #WC-000045: approved, replacement shipped',
    );
    expect(serialHistoryNotice({ serial_number: 'SN-1', ticket_number: 'WC-000001', decision: 'denied', reason: 'Out of warranty' })).toBe(
      'Serial SN-1 was claimed before on #WC-000001: denied (Out of warranty)',
    );
    expect(serialHistoryNotice({ serial_number: 'SN-1', ticket_number: 'WC-000001', decision: null })).toBe('Serial SN-1 was claimed before on #WC-000001: not decided yet');
  });

  it('totals the items to the cent and drops blank rows', () => {
    const items = [{ sku: 'FJ-300', quantity: 1, unit_cost: 89.99 }, { sku: 'SEAL', quantity: '3', unit_cost: '4.35' }, { sku: ' ', quantity: 9, unit_cost: 9 }];
    expect(itemsPayload(items)).toHaveLength(2);
    expect(formTotal(items)).toBe(103.04);
  });

  it('steps a refund through the return to refunded', () => {
    expect(resolutionStepper('refund', 'received')).toEqual({
      steps: [
        { state: 'awaiting_return', label: 'Awaiting return' },
        { state: 'received', label: 'Received' },
        { state: 'refunded', label: 'Refunded' },
      ],
      active: 1,
    });
    expect(resolutionStepper('replacement', 'delivered').active).toBe(3);
  });
});
