import type { InvitationState, InvitedUser, UserListItem } from '../providers/types';
import type { InviteValues } from './validators';

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
export function credentialsText({ username, temporaryPassword }: Pick<InvitedUser, 'username' | 'temporaryPassword'>): string {
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

/** The credentials dialog's line about the invitation e-mail, and how it looks. */
export function invitationMessage(state: Pick<InvitationState, 'email' | 'status' | 'error'>): { severity: 'info' | 'success' | 'warning' | 'error'; text: string } {
  switch (state.status) {
    case 'queued':
      return { severity: 'info', text: `Sending the invitation e-mail to ${state.email}…` };
    case 'sent':
      return { severity: 'success', text: `Invitation e-mail sent to ${state.email}.` };
    case 'not_sent_no_smtp':
      return { severity: 'warning', text: `Invitation e-mail not sent: no SMTP server is configured (Settings → SMTP Configuration). Share the credentials with ${state.email} yourself.` };
    case 'failed':
      return { severity: 'error', text: `Invitation e-mail to ${state.email} failed${state.error ? `: ${state.error}` : ''}. Share the credentials yourself.` };
  }
}
