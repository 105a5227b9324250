import { describe, expect, it } from 'vitest';
import {
  daysAgo,
  descriptionCounter,
  EMPTY_TICKET_FORM,
  fieldErrorsFrom,
  MESSAGES,
  purchaseLocationOptions,
  responsePromiseOf,
  ticketCreatedDescription,
  ticketFormValues,
  toCreatePayload,
  type TicketFormValues,
} from './ticketForm';
import { missingIntakeFields } from '@warranty-crm/contract';
import { isPurchaseDateInWindow, validateTicketForm } from './validators';

const NOW = new Date(2026, 0, 31, 12, 0, 0);

const valid: TicketFormValues = {
  ...EMPTY_TICKET_FORM,
  customerName: 'Maria Gonzalez',
  customerEmail: 'maria@example.com',
  orderNumber: 'ORD-1',
  purchaseDate: '2026-01-15',
  purchaseLocation: 'Walmart',
  productSku: 'FJ-250',
  jackModel: '3-Ton Floor Jack',
  issueCategory: 'Hydraulic Oil Leak',
  issueDescription: 'Oil leaks from the ram after each use.',
  issueStartTime: 'Within first week',
  preferredResolution: 'Replacement',
};

describe('validateTicketForm', () => {
  it('accepts a complete form', () => {
    expect(validateTicketForm(valid, NOW)).toEqual({});
  });

  it('reports every required field of an empty form with the spec messages', () => {
    expect(validateTicketForm(EMPTY_TICKET_FORM, NOW)).toEqual({
      customerName: 'Full name is required',
      customerEmail: 'Valid email is required',
      orderNumber: 'Order number is required',
      purchaseDate: 'Purchase date is required',
      purchaseLocation: 'Purchase location is required',
      productSku: 'Product SKU/Model is required',
      jackModel: 'Jack model is required',
      issueCategory: 'Issue category is required',
      issueDescription: 'Issue description must be at least 20 characters',
      issueStartTime: 'Please select when the issue started',
      preferredResolution: 'Please select your preferred resolution',
    });
  });

  it('rejects a malformed e-mail and a blank-only name', () => {
    const errors = validateTicketForm({ ...valid, customerName: '   ', customerEmail: 'maria@' }, NOW);
    expect(errors).toEqual({ customerName: MESSAGES.customerName, customerEmail: MESSAGES.customerEmail });
  });

  it('rejects a purchase date in the future or more than 5 years ago', () => {
    expect(validateTicketForm({ ...valid, purchaseDate: '2026-02-01' }, NOW).purchaseDate).toBe(
      'Purchase date must be within the last 5 years and not in the future',
    );
    expect(validateTicketForm({ ...valid, purchaseDate: '2021-01-30' }, NOW).purchaseDate).toBe(MESSAGES.purchaseDateWindow);
    expect(validateTicketForm({ ...valid, purchaseDate: '2021-01-31' }, NOW).purchaseDate).toBeUndefined();
    expect(validateTicketForm({ ...valid, purchaseDate: '2026-01-31' }, NOW).purchaseDate).toBeUndefined();
  });

  it('counts the trimmed description against the 20-character minimum', () => {
    expect(validateTicketForm({ ...valid, issueDescription: ' 1234567890123456789 ' }, NOW).issueDescription).toBe(
      MESSAGES.issueDescription,
    );
    expect(validateTicketForm({ ...valid, issueDescription: '12345678901234567890' }, NOW).issueDescription).toBeUndefined();
  });

  it('requires troubleshooting steps only when troubleshooting was attempted', () => {
    expect(validateTicketForm({ ...valid, troubleshootingAttempted: 'No' }, NOW)).toEqual({});
    expect(validateTicketForm({ ...valid, troubleshootingAttempted: 'Yes' }, NOW)).toEqual({
      troubleshootingSteps: 'Please describe the troubleshooting steps you tried',
    });
  });
});

describe('isPurchaseDateInWindow', () => {
  it('refuses impossible calendar dates', () => {
    expect(isPurchaseDateInWindow('2025-02-30', NOW)).toBe(false);
    expect(isPurchaseDateInWindow('01/15/2026', NOW)).toBe(false);
  });
});

describe('descriptionCounter', () => {
  it('shows "N / 20 characters minimum"', () => {
    expect(descriptionCounter('')).toBe('0 / 20 characters minimum');
    expect(descriptionCounter('  abc ')).toBe('3 / 20 characters minimum');
  });
});

describe('purchaseLocationOptions', () => {
  it('offers Walmart, the organization name and Other', () => {
    expect(purchaseLocationOptions('Acme Tools')).toEqual(['Walmart', 'Acme Tools', 'Other']);
  });
  it('leaves out a missing or duplicate host name', () => {
    expect(purchaseLocationOptions(undefined)).toEqual(['Walmart', 'Other']);
    expect(purchaseLocationOptions('walmart')).toEqual(['Walmart', 'Other']);
  });
});

describe('toCreatePayload', () => {
  it('trims, drops blank optional fields and keeps the defaults', () => {
    const payload = toCreatePayload({ ...valid, customerName: ' Maria ', customerPhone: ' ' });
    expect(payload.customerName).toBe('Maria');
    expect(payload).not.toHaveProperty('customerPhone');
    expect(payload.contactMethod).toBe('Email');
    expect(payload.troubleshootingAttempted).toBe('No');
  });
  it('sends troubleshooting steps only when attempted is Yes', () => {
    expect(toCreatePayload({ ...valid, troubleshootingSteps: 'Bled the air' })).not.toHaveProperty('troubleshootingSteps');
    expect(toCreatePayload({ ...valid, troubleshootingAttempted: 'Yes', troubleshootingSteps: 'Bled the air' }).troubleshootingSteps).toBe(
      'Bled the air',
    );
  });
});

describe('fieldErrorsFrom', () => {
  it('maps the server errors to known fields, first message wins', () => {
    const body = {
      statusCode: 400,
      error: 'Full name is required',
      errors: [
        { field: 'customerName', message: 'Full name is required' },
        { field: 'customerName', message: 'second' },
        { field: 'purchaseDate', message: MESSAGES.purchaseDateWindow },
        { field: 'unknown', message: 'ignored' },
      ],
    };
    expect(fieldErrorsFrom(body)).toEqual({ customerName: 'Full name is required', purchaseDate: MESSAGES.purchaseDateWindow });
  });
  it('gives nothing for a body without errors', () => {
    expect(fieldErrorsFrom('oops')).toEqual({});
    expect(fieldErrorsFrom(undefined)).toEqual({});
  });
});

describe('helpers', () => {
  it('daysAgo gives the local calendar day', () => {
    expect(daysAgo(0, NOW)).toBe('2026-01-31');
    expect(daysAgo(90, NOW)).toBe('2025-11-02');
  });
  it('the created toast names the ticket number and the promise for its kind', () => {
    const text = ticketCreatedDescription('WC-000042', { kind: 'warranty', hours: 24 });
    expect(text).toBe(
      'Your ticket number is WC-000042. A confirmation email will be sent within 5 minutes. Expected response: 24 hours for warranty issues.',
    );
    expect(ticketCreatedDescription('WC-000043', { kind: 'technical_support', hours: 1 })).toContain('Expected response: 1 hour for technical support.');
  });
  it("promises the configured hours of the ticket's kind", () => {
    const settings = { warranty_response_hours: 12, support_response_hours: 36 };
    expect(responsePromiseOf({ preferred_resolution: 'Replacement', issue_category: 'Insufficient Height' }, settings)).toEqual({ kind: 'warranty', hours: 12 });
    expect(responsePromiseOf({ preferred_resolution: 'Technical Support Only' }, settings)).toEqual({ kind: 'technical_support', hours: 36 });
    expect(responsePromiseOf({ preferred_resolution: 'Unsure - Need Guidance', issue_category: 'Rust/Corrosion/Maintenance' }, settings)).toEqual({ kind: 'technical_support', hours: 36 });
    expect(responsePromiseOf({ preferred_resolution: 'Technical Support Only' }, undefined)).toEqual({ kind: 'technical_support', hours: 48 });
  });
});

describe('the ticket questions the organization asks', () => {
  const asked = ['product_model', 'issue_description'];

  it('validateTicketForm does not require a question that is not asked', () => {
    const errors = validateTicketForm({ ...EMPTY_TICKET_FORM }, NOW, asked);
    expect(errors).not.toHaveProperty('purchaseDate');
    expect(errors).not.toHaveProperty('purchaseLocation');
    expect(errors.jackModel).toBe('Jack model is required');
    expect(errors.issueDescription).toBe('Issue description must be at least 20 characters');
  });

  it('validateTicketForm refuses a jack model that is not one of the options', () => {
    expect(validateTicketForm({ ...valid, jackModel: 'Old red jack' }, NOW).jackModel).toBe(
      'Jack model must be one of: 2-Ton Floor Jack, 2.5-Ton Floor Jack, 3-Ton Floor Jack, Other',
    );
  });

  it('toCreatePayload sends priority, brand and the flags, and nothing for a question not asked', () => {
    const values = { ...valid, priority: 'High', productBrand: 'IronJack', injuryReported: true, propertyDamage: false };
    expect(toCreatePayload(values)).toMatchObject({ priority: 'High', productBrand: 'IronJack', injuryReported: true, propertyDamage: false, purchaseDate: '2026-01-15' });
    const payload = toCreatePayload(values, asked);
    for (const field of ['purchaseDate', 'purchaseLocation', 'injuryReported', 'propertyDamage']) expect(payload).not.toHaveProperty(field);
    expect(payload).toMatchObject({ jackModel: '3-Ton Floor Jack', priority: 'High' });
  });
});

describe('ticketFormValues and missingIntakeFields', () => {
  const fromCall = {
    customer: { name: 'DANA', email: null, phone: '+15125550177' },
    priority: 'Low',
    product_brand: 'IronJack',
    product_model: 'Old red jack',
    product_sku: null,
    order_number: null,
    purchase_date: null,
    purchase_location: null,
    issue_category: null,
    issue_description: 'The jack drops the car slowly.',
    issue_start_time: null,
    preferred_resolution: null,
    troubleshooting_attempted: false,
    injury_reported: false,
    property_damage: false,
  };

  it("turns a call's ticket into the Edit view's values", () => {
    expect(ticketFormValues(fromCall)).toMatchObject({
      customerName: 'DANA',
      customerEmail: '',
      customerPhone: '+15125550177',
      contactMethod: 'Email',
      jackModel: 'Old red jack',
      priority: 'Low',
      productBrand: 'IronJack',
      troubleshootingAttempted: 'No',
      injuryReported: false,
    });
  });

  it('names what the create form requires and the ticket lacks, except questions not asked', () => {
    expect(missingIntakeFields(fromCall, undefined)).toEqual([
      'Email', 'Order Number', 'Purchase Date', 'Purchase Location', 'Product SKU/Model', 'Jack Model', 'Issue Category', 'When did the issue start?', 'Preferred Resolution',
    ]);
    expect(missingIntakeFields(fromCall, ['issue_description'])).toEqual(['Email', 'Order Number', 'Product SKU/Model', 'Issue Category', 'When did the issue start?', 'Preferred Resolution']);
    expect(missingIntakeFields({ ...fromCall, product_model: '3-Ton Floor Jack' }, undefined)).not.toContain('Jack Model');
  });
});
