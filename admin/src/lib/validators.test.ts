import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { E164_INVALID, EMAIL_INVALID, loginFailureMessage, validateContactMethods, validateNewPassword } from './validators';

describe('validateNewPassword', () => {
  it('asks for a password when it is empty', () => {
    expect(validateNewPassword('', '')).toBe('Please enter a new password.');
  });
  it('rejects passwords shorter than 6 characters', () => {
    expect(validateNewPassword('12345', '12345')).toBe('Password must be at least 6 characters long.');
  });
  it('rejects a confirmation that does not match', () => {
    expect(validateNewPassword('123456', '123457')).toBe('Please make sure your passwords match.');
  });
  it('accepts a matching password of exactly 6 characters', () => {
    expect(validateNewPassword('123456', '123456')).toBeNull();
  });
});

describe('loginFailureMessage', () => {
  it('shows the lock with its wait when the server throttles the sign-in', () => {
    const locked = new HttpError('Too many failed sign-in attempts. Try again in 15 minutes.', 429, {});
    expect(loginFailureMessage(locked)).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
  });
  it('says "Invalid username or password" for a refused password (401) or a failure without a message', () => {
    expect(loginFailureMessage(new HttpError('Unauthorized', 401, {}))).toBe('Invalid username or password');
    expect(loginFailureMessage(new Error(''))).toBe('Invalid username or password');
  });
  it('does not pass a server error off as a wrong password', () => {
    expect(loginFailureMessage(new HttpError('Internal server error', 500, {}))).toBe('Internal server error');
  });
});

describe('validateContactMethods', () => {
  it('lets both be empty (clears them) or well formed', () => {
    expect(validateContactMethods({ notification_email: '', notification_phone: '' })).toEqual({});
    expect(validateContactMethods({ notification_email: ' a@example.com ', notification_phone: '+15551234567' })).toEqual({});
  });

  it("answers the server's messages for a malformed e-mail or a phone that is not E.164", () => {
    expect(validateContactMethods({ notification_email: 'not-an-email', notification_phone: '5551234567' })).toEqual({
      notification_email: EMAIL_INVALID,
      notification_phone: E164_INVALID,
    });
  });
});
