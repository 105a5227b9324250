import { describe, expect, it } from 'vitest';
import { receiverStatusText, supportAddressText } from './inboundEmail';

describe('receiverStatusText', () => {
  it('names the address and port the receiver listens on', () => {
    expect(receiverStatusText({ enabled: true, host: '127.0.0.1', port: 2525 })).toBe('SMTP receiver listening on 127.0.0.1:2525');
  });
  it('says how to turn it on when it is off', () => {
    expect(receiverStatusText({ enabled: false, host: null, port: null })).toBe('SMTP receiver off (set INBOUND_SMTP_PORT to receive mail directly)');
  });
});

describe('supportAddressText', () => {
  it('prefers the inbound address and shows its plus form', () => {
    expect(supportAddressText('support@acme.test', 'support@acme.test')).toBe('Mail to support@acme.test (and support+…@acme.test) lands in tickets');
  });
  it('falls back to the SMTP From address, or says none is set', () => {
    expect(supportAddressText(null, 'help@acme.test')).toContain('help@acme.test, the SMTP "From" address');
    expect(supportAddressText(null, null)).toBe('No address yet: set an inbound address, or the SMTP "From" address');
  });
});
