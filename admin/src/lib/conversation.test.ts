import { describe, expect, it } from 'vitest';
import { channelChoices, channelLabel, defaultChannel, messageSide, replyBodyError, statusChip } from './conversation';

describe('the reply box channels', () => {
  it('disables e-mail without a customer e-mail and SMS without a phone, saying why', () => {
    const choices = channelChoices({ email: ' ', phone: '+15125550100' });
    expect(choices.map(c => [c.channel, c.label, c.disabled])).toEqual([
      ['email', 'E-mail', true],
      ['sms', 'SMS', false],
      ['comment', 'Internal comment', false],
    ]);
    expect(choices[0]!.reason).toBe('This customer does not have an email address on file.');
    expect(defaultChannel(choices)).toBe('sms');
    expect(defaultChannel(channelChoices({ email: 'a@b.example', phone: null }))).toBe('email');
    expect(defaultChannel(channelChoices(null))).toBe('comment');
    expect(channelChoices({ email: 'a@b.example', phone: null })[1]!.reason).toBe('This customer does not have a phone number on file.');
    const stopped = channelChoices({ email: null, phone: '+15125550100', sms_opted_out: true });
    expect(stopped[1]).toMatchObject({ channel: 'sms', disabled: true, reason: 'This customer opted out of text messages (STOP); they can be texted again once they send START.' });
    expect(defaultChannel(stopped)).toBe('comment');
  });

  it('refuses a blank text and one longer than the channel allows, with the server’s messages', () => {
    expect(replyBodyError('   ', 'email')).toBe('Message is required');
    expect(replyBodyError('x'.repeat(1601), 'sms')).toBe('An SMS must be at most 1600 characters');
    expect(replyBodyError('x'.repeat(1601), 'email')).toBeUndefined();
  });
});

describe('thread entries', () => {
  it('tells customer messages, agent replies and internal comments apart, with a status only on replies', () => {
    expect(messageSide({ direction: 'inbound' })).toBe('customer');
    expect(messageSide({ direction: 'outbound' })).toBe('agent');
    expect(messageSide({ direction: 'internal' })).toBe('internal');
    expect(statusChip({ direction: 'outbound', status: 'queued' })).toEqual({ label: 'Queued', color: 'default' });
    expect(statusChip({ direction: 'outbound', status: 'sent' })).toEqual({ label: 'Sent', color: 'success' });
    expect(statusChip({ direction: 'outbound', status: 'failed' })).toEqual({ label: 'Failed', color: 'error' });
    expect(statusChip({ direction: 'internal', status: 'internal' })).toBeNull();
    expect(channelLabel({ channel: 'comment' })).toBe('Internal');
  });
});
