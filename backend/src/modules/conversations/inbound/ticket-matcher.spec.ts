import { describe, expect, it } from '@jest/globals';
import { bareAddress, messageIds } from './inbound-email.js';
import { isMailgunSigned, mailgunSignature } from './mailgun-webhook.js';
import { smsKeyword } from './sms-keywords.js';
import { plusTagTicket, subjectTicketNumber } from './ticket-matcher.js';

describe('matching an inbound message to its ticket', () => {
  it('reads [#<ticket number>] from a subject', () => {
    expect(subjectTicketNumber('Re: [#wc-000042] Your request')).toBe('WC-000042');
    expect(subjectTicketNumber('Re: ticket WC-000042')).toBeNull();
  });

  it('reads a ticket id or number from a plus tag, and nothing else', () => {
    const id = '6f1c0c9e-4d0b-4f43-9d49-2b7c7f2a1e33';
    expect(plusTagTicket(`support+${id}@acme.test`)).toEqual({ id });
    expect(plusTagTicket('support+wc-000042@acme.test')).toEqual({ number: 'WC-000042' });
    expect(plusTagTicket('support+signed.token.abc@acme.test')).toBeNull();
    expect(plusTagTicket('support@acme.test')).toBeNull();
    expect(bareAddress(`support+${id}@acme.test`)).toBe('support@acme.test');
  });

  it('reads Message-IDs with or without angle brackets', () => {
    expect(messageIds('<a@b> <c@d>')).toEqual(['a@b', 'c@d']);
    expect(messageIds('a@b')).toEqual(['a@b']);
    expect(messageIds(undefined)).toEqual([]);
  });
});

describe('Mailgun signatures', () => {
  it('accepts the HMAC of timestamp + token with the key, and nothing else', () => {
    const form = { timestamp: '1764000000', token: 'abc', signature: mailgunSignature('key', '1764000000', 'abc') };
    expect(isMailgunSigned('key', form)).toBe(true);
    expect(isMailgunSigned('other', form)).toBe(false);
    expect(isMailgunSigned('key', { ...form, token: 'abd' })).toBe(false);
    expect(isMailgunSigned(null, form)).toBe(false);
  });
});

describe('SMS keywords', () => {
  it.each([['STOP', 'stop'], ['stopall', 'stop'], [' Unsubscribe. ', 'stop'], ['cancel', 'stop'], ['END', 'stop'], ['quit', 'stop'], ['START', 'start'], ['unstop', 'start'], ['yes', 'start'], ['HELP', 'help'], ['info', 'help']])(
    '%s is %s',
    (body, keyword) => expect(smsKeyword(body)).toBe(keyword),
  );

  it('a sentence is no keyword', () => {
    expect(smsKeyword('Please stop calling me at work')).toBeNull();
  });
});
