import { describe, expect, it } from 'vitest';
import { displayName, roleLabel, userInitials } from './userDisplay';

describe('displayName', () => {
  it('joins first and last name', () => {
    expect(displayName({ username: 'jdoe', first_name: 'Jane', last_name: 'Doe' })).toBe('Jane Doe');
  });
  it('uses whichever name part is set', () => {
    expect(displayName({ username: 'jdoe', first_name: 'Jane', last_name: null })).toBe('Jane');
    expect(displayName({ username: 'jdoe', first_name: '', last_name: 'Doe' })).toBe('Doe');
  });
  it('falls back to the username when no name is set or the names are blank', () => {
    expect(displayName({ username: 'jdoe' })).toBe('jdoe');
    expect(displayName({ username: 'jdoe', first_name: '  ', last_name: null })).toBe('jdoe');
  });
});

describe('userInitials', () => {
  it('takes the initials of the full name', () => {
    expect(userInitials({ username: 'jdoe', first_name: 'jane', last_name: 'doe' })).toBe('JD');
  });
  it('takes the initial of the username without a name', () => {
    expect(userInitials({ username: 'sam' })).toBe('S');
  });
  it('answers "U" without a user', () => {
    expect(userInitials(null)).toBe('U');
  });
});

describe('roleLabel', () => {
  it('names the account owner and an ordinary user', () => {
    expect(roleLabel({ is_account_owner: true })).toBe('Account Owner');
    expect(roleLabel({ is_account_owner: false })).toBe('User');
  });
});
