import { describe, expect, it } from 'vitest';
import { validateNewPassword } from './validators';

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
