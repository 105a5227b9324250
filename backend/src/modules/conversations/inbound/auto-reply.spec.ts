import { describe, expect, it } from '@jest/globals';
import { automatedReason } from './auto-reply.js';

const person = { address: 'maria@example.com', name: 'Maria' };

describe('automatedReason', () => {
  it('lets a person’s e-mail through', () => {
    expect(automatedReason({ from: person, headers: { 'auto-submitted': 'no', 'content-type': 'text/plain' } })).toBeNull();
  });

  it.each([
    [{ 'auto-submitted': 'auto-replied' }],
    [{ 'x-autoreply': 'yes' }],
    [{ 'x-autorespond': 'Out of office' }],
    [{ precedence: 'bulk' }],
    [{ precedence: 'junk' }],
    [{ precedence: 'auto_reply' }],
    [{ 'list-id': '<news.example.com>' }],
    [{ 'content-type': 'multipart/report; report-type=delivery-status; boundary="x"' }],
  ])('drops machine-written mail (%o)', (headers) => {
    expect(automatedReason({ from: person, headers })).not.toBeNull();
  });

  it('drops mail from the null envelope sender <> (RFC 5321 bounces)', () => {
    expect(automatedReason({ from: person, headers: {}, envelopeSender: '' })).toBe('the null sender <> (a bounce)');
    expect(automatedReason({ from: person, headers: {}, envelopeSender: 'maria@example.com' })).toBeNull();
  });

  it('drops bounces from mailer-daemon and postmaster', () => {
    expect(automatedReason({ from: { address: 'MAILER-DAEMON@mx.example.com', name: null }, headers: {} })).toBe('sent by mailer-daemon');
    expect(automatedReason({ from: { address: 'postmaster@example.com', name: null }, headers: {} })).toBe('sent by postmaster');
  });
});
