import { describe, expect, it } from '@jest/globals';
import { messageIdFor } from './outgoing-mail.js';

describe('messageIdFor', () => {
  it('gives every attempt of one delivery the same Message-ID on the sender domain, and other deliveries others', () => {
    const first = messageIdFor('ticket-confirmation:7f1c', 'support@jacks.example.com');
    expect(first).toMatch(/^<[0-9a-f]{40}@jacks\.example\.com>$/);
    expect(messageIdFor('ticket-confirmation:7f1c', 'support@jacks.example.com')).toBe(first);
    expect(messageIdFor('ticket-confirmation:7f1d', 'support@jacks.example.com')).not.toBe(first);
    expect(messageIdFor('notification:ticket.created:1:u1:email', 'crm')).toMatch(/@localhost>$/);
  });
});
