import { describe, expect, it } from 'vitest';
import { isProfileDirty, profilePayload, profileValues } from './profileForm';
import { validatePasswordChange } from './validators';

describe('profileValues', () => {
  it('turns missing fields into empty strings', () => {
    expect(profileValues({ first_name: 'Jane', last_name: null, email: null, phone: '+15551234567' })).toEqual({
      first_name: 'Jane',
      last_name: '',
      email: '',
      phone: '+15551234567',
      address: '',
    });
    expect(profileValues(null)).toEqual({ first_name: '', last_name: '', email: '', phone: '', address: '' });
  });
});

describe('profilePayload', () => {
  it('sends every personal field trimmed, empty strings included (they clear the field)', () => {
    expect(profilePayload({ first_name: ' Jane ', last_name: '', email: 'j@example.com ', phone: '', address: ' 1 Main St' })).toEqual({
      first_name: 'Jane',
      last_name: '',
      email: 'j@example.com',
      phone: '',
      address: '1 Main St',
    });
  });
});

describe('isProfileDirty', () => {
  const saved = profileValues({ first_name: 'Jane' });
  it('is false when nothing changed and true after an edit', () => {
    expect(isProfileDirty({ ...saved }, saved)).toBe(false);
    expect(isProfileDirty({ ...saved, address: 'x' }, saved)).toBe(true);
  });
});

describe('validatePasswordChange', () => {
  it('requires the current password', () => {
    expect(validatePasswordChange({ currentPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toEqual({
      field: 'currentPassword',
      message: 'Current password is required',
    });
  });
  it('rejects a confirmation that differs with the spec message', () => {
    expect(validatePasswordChange({ currentPassword: 'old', newPassword: 'abcdef', confirmPassword: 'abcdeg' })).toEqual({
      field: 'confirmPassword',
      message: 'New passwords do not match',
    });
  });
  it('rejects a new password under 6 characters with the spec message', () => {
    expect(validatePasswordChange({ currentPassword: 'old', newPassword: 'abc', confirmPassword: 'abc' })).toEqual({
      field: 'newPassword',
      message: 'Password must be at least 6 characters',
    });
  });
  it('accepts 6 matching characters', () => {
    expect(validatePasswordChange({ currentPassword: 'old', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });
});
