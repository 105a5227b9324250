import { describe, expect, it } from 'vitest';
import {
  canRemoveUser,
  credentialsText,
  invitationMessage,
  invitePayload,
  removeConfirmText,
  usersCountText,
} from './userManagement';
import { validateInvite } from './validators';

describe('validateInvite', () => {
  it('requires a username with the spec message', () => {
    expect(validateInvite({ username: '', email: '' })).toEqual({ username: 'Username is required.' });
    expect(validateInvite({ username: '   ', email: '' })).toEqual({ username: 'Username is required.' });
  });
  it('accepts a username without an e-mail', () => {
    expect(validateInvite({ username: 'sam', email: '' })).toEqual({});
  });
  it('rejects a malformed e-mail and accepts a good one', () => {
    expect(validateInvite({ username: 'sam', email: 'not-an-email' })).toEqual({ email: 'Must be a valid email' });
    expect(validateInvite({ username: 'sam', email: ' sam@example.com ' })).toEqual({});
  });
});

describe('invitePayload', () => {
  it('trims the username and leaves out a blank e-mail', () => {
    expect(invitePayload({ username: ' sam ', email: '  ' })).toEqual({ username: 'sam' });
  });
  it('sends a given e-mail trimmed', () => {
    expect(invitePayload({ username: 'sam', email: ' sam@example.com' })).toEqual({ username: 'sam', email: 'sam@example.com' });
  });
});

describe('canRemoveUser', () => {
  it('never offers to remove the account owner', () => {
    expect(canRemoveUser({ id: 'a', is_account_owner: true }, 'b')).toBe(false);
  });
  it('never offers to remove yourself', () => {
    expect(canRemoveUser({ id: 'a', is_account_owner: false }, 'a')).toBe(false);
  });
  it('offers to remove any other user', () => {
    expect(canRemoveUser({ id: 'a', is_account_owner: false }, 'b')).toBe(true);
  });
});

describe('credentialsText', () => {
  it('puts the username and the temporary password on two lines', () => {
    expect(credentialsText({ username: 'sam', temporaryPassword: 'k7Pq2mXw' })).toBe('Username: sam\nTemporary Password: k7Pq2mXw');
  });
});

describe('removeConfirmText', () => {
  it('names the user and says it cannot be undone', () => {
    expect(removeConfirmText('sam')).toBe('Are you sure you want to remove sam from your organization? This action cannot be undone.');
  });
});

describe('usersCountText', () => {
  it('says user for one and users otherwise', () => {
    expect(usersCountText(1)).toBe('1 user in your organization');
    expect(usersCountText(2)).toBe('2 users in your organization');
    expect(usersCountText(0)).toBe('0 users in your organization');
  });
});

describe('invitationMessage', () => {
  it('says whether the invitation e-mail is on its way, went, could not go for want of SMTP, or failed with the reason', () => {
    expect(invitationMessage({ email: 'sam@example.com', status: 'queued', error: null })).toEqual({ severity: 'info', text: 'Sending the invitation e-mail to sam@example.com…' });
    expect(invitationMessage({ email: 'sam@example.com', status: 'sent', error: null })).toEqual({ severity: 'success', text: 'Invitation e-mail sent to sam@example.com.' });
    expect(invitationMessage({ email: 'sam@example.com', status: 'not_sent_no_smtp', error: null }).text).toBe(
      'Invitation e-mail not sent: no SMTP server is configured (Settings → SMTP Configuration). Share the credentials with sam@example.com yourself.',
    );
    expect(invitationMessage({ email: 'sam@example.com', status: 'failed', error: 'Connection refused' })).toEqual({
      severity: 'error',
      text: 'Invitation e-mail to sam@example.com failed: Connection refused. Share the credentials yourself.',
    });
  });
});
