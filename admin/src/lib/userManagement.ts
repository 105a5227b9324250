/** One row of GET /api/users (owner only). */
export interface UserListItem {
  id: string;
  username: string;
  email: string | null;
  is_account_owner: boolean;
  first_name: string | null;
  last_name: string | null;
  created_at: string;
  last_login: string | null;
}

/** POST /api/users/invite answers the credentials to pass on, shown once. */
export interface InvitedUser {
  username: string;
  temporaryPassword: string;
}

export interface InviteValues {
  username: string;
  email: string;
}

export type InviteErrors = Partial<Record<keyof InviteValues, string>>;

export const USERNAME_REQUIRED = 'Username is required.';
export const EMAIL_INVALID = 'Must be a valid email';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Invite form rules: username required, e-mail optional but well formed when given. */
export function validateInvite(values: InviteValues): InviteErrors {
  const errors: InviteErrors = {};
  if (!values.username.trim()) errors.username = USERNAME_REQUIRED;
  const email = values.email.trim();
  if (email && !EMAIL.test(email)) errors.email = EMAIL_INVALID;
  return errors;
}

/** The invite request body: trimmed username, e-mail only when given. */
export function invitePayload(values: InviteValues): { username: string; email?: string } {
  const email = values.email.trim();
  return email ? { username: values.username.trim(), email } : { username: values.username.trim() };
}

/** The owner and the signed-in user cannot be removed; everyone else can. */
export function canRemoveUser(user: Pick<UserListItem, 'id' | 'is_account_owner'>, currentUserId: string | number | undefined): boolean {
  return !user.is_account_owner && String(user.id) !== String(currentUserId);
}

/** What Copy Credentials puts on the clipboard. */
export function credentialsText({ username, temporaryPassword }: InvitedUser): string {
  return `Username: ${username}\nTemporary Password: ${temporaryPassword}`;
}

/** The remove confirmation's question. */
export function removeConfirmText(username: string): string {
  return `Are you sure you want to remove ${username} from your organization? This action cannot be undone.`;
}

/** The list's count line: "1 user in your organization", "3 users in your organization". */
export function usersCountText(total: number): string {
  return `${total} ${total === 1 ? 'user' : 'users'} in your organization`;
}
