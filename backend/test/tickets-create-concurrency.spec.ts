import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ticketPayload } from './factories/tickets.js';
import { registerOwner } from './factories/users.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app.close());

describe('POST /api/tickets in parallel', () => {
  it('makes one customer for parallel creates with the same phone, and one for the same e-mail without a phone', async () => {
    const owner = await registerOwner(app);
    const samePhone = await Promise.all(
      Array.from({ length: 8 }, (_, i) => owner.agent.post('/api/tickets').send(ticketPayload({ customerPhone: '+15125559900', customerEmail: `p${i}@example.org` }))),
    );
    expect(samePhone.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(samePhone.map((r) => r.body.customer.id)).size).toBe(1);

    const sameEmail = await Promise.all(
      Array.from({ length: 8 }, () => owner.agent.post('/api/tickets').send(ticketPayload({ customerPhone: undefined, customerEmail: 'Same@Example.org' }))),
    );
    expect(sameEmail.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(sameEmail.map((r) => r.body.customer.id)).size).toBe(1);

    // Numbers stay gapless and distinct.
    const numbers = [...samePhone, ...sameEmail].map((r) => r.body.ticketNumber).sort();
    expect(numbers).toEqual(Array.from({ length: 16 }, (_, i) => `WC-${String(i + 1).padStart(6, '0')}`));
  });
});
