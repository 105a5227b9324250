import { initials } from './initials';

/** The name fields every user record carries (the session user and the user list rows). */
export interface NamedUser {
  username: string;
  first_name?: string | null;
  last_name?: string | null;
}

/** "First Last" when either name is set, otherwise the username. */
export function displayName(user: NamedUser): string {
  const full = [user.first_name, user.last_name]
    .map(part => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return full || user.username;
}

/** Avatar initials of the display name (full name, else username); "U" when blank. */
export function userInitials(user: NamedUser | null | undefined): string {
  return user ? initials(displayName(user)) : initials(undefined);
}

/** "Account Owner" or "User". */
export function roleLabel(user: { is_account_owner: boolean }): string {
  return user.is_account_owner ? 'Account Owner' : 'User';
}
