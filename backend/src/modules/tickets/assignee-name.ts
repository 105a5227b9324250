import type { User } from '../users/user.entity.js';

/** A user as the team reads them: first and last name, else the username. */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'username'> | null | undefined): string | null {
  if (!user) return null;
  return [user.firstName, user.lastName].filter((p) => p?.trim()).join(' ').trim() || user.username || null;
}
