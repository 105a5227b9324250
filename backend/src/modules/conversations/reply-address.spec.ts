import { describe, expect, it } from '@jest/globals';
import { subjectTicketNumber } from './inbound/ticket-matcher.js';
import { messageIdsOf, parseReplyAddress, replyAddressFor, replySubject, ticketIdOfToken } from './reply-address.js';

const TICKET = '0b6f2a0e-5c1d-4e8f-9a7b-3c2d1e0f9a8b';

describe('reply addresses', () => {
  it('puts the ticket token on the support mailbox and reads it back, with a display name or in any case', () => {
    const address = replyAddressFor('support@acme.example', TICKET);
    expect(address).toBe('support+0b6f2a0e5c1d4e8f9a7b3c2d1e0f9a8b@acme.example');
    expect(parseReplyAddress(address)).toBe(TICKET);
    expect(parseReplyAddress(`"Acme Support" <${address.toUpperCase()}>`, 'Support@Acme.example')).toBe(TICKET);
    // An existing +tag of the support address is replaced, not stacked.
    expect(replyAddressFor('help+crm@acme.example', TICKET)).toBe('help+0b6f2a0e5c1d4e8f9a7b3c2d1e0f9a8b@acme.example');
  });

  it('finds no ticket in a plain address, a malformed token or another mailbox', () => {
    expect(parseReplyAddress('support@acme.example')).toBeNull();
    expect(parseReplyAddress('support+123@acme.example')).toBeNull();
    expect(parseReplyAddress('support+0b6f2a0e5c1d4e8f9a7b3c2d1e0f9a8b@other.example', 'support@acme.example')).toBeNull();
    expect(parseReplyAddress('sales+0b6f2a0e5c1d4e8f9a7b3c2d1e0f9a8b@acme.example', 'support@acme.example')).toBeNull();
  });

  it('keeps the ticket number in the subject once, and reads it back as the fallback', () => {
    expect(replySubject('WC-000123', 'Your floor jack')).toBe('Re: [#WC-000123] Your floor jack');
    expect(replySubject('WC-000123', 'Re: [#WC-000123] Your floor jack')).toBe('Re: [#WC-000123] Your floor jack');
    expect(replySubject('WC-000123', 'RE: Fwd: Question')).toBe('Re: [#WC-000123] Fwd: Question');
    expect(subjectTicketNumber('Re: Re: [#WC-000123] Your floor jack')).toBe('WC-000123');
    expect(subjectTicketNumber('Hello')).toBeNull();
    expect(ticketIdOfToken('6f1c0c9e4d0b4f439d492b7c7f2a1e33')).toBe('6f1c0c9e-4d0b-4f43-9d49-2b7c7f2a1e33');
    expect(ticketIdOfToken('wc-000042')).toBeNull();
  });

  it('reads Message-IDs of In-Reply-To and References headers without brackets', () => {
    expect(messageIdsOf('<a@x.example> <b@y.example>')).toEqual(['a@x.example', 'b@y.example']);
    expect(messageIdsOf(['<a@x.example>', '<b@y.example>'])).toEqual(['a@x.example', 'b@y.example']);
    expect(messageIdsOf(undefined)).toEqual([]);
  });
});
