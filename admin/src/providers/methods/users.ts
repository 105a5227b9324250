import { apiGet, apiSend } from '../httpClient';
import type { AssignableRole } from '@warranty-crm/contract';
import type { InvitationState, InvitedUser, InviteUserPayload, UserListItem } from '../types';

/** User management beyond the REST verbs (owner only; errors carry the server's text). */
export const userMethods = {
  inviteUser: (payload: InviteUserPayload) => apiSend<InvitedUser>('POST', '/users/invite', payload),
  /** Where the invitation e-mail of an invited user stands (null: invited without an e-mail). */
  getInvitation: async (userId: string) =>
    (await apiGet<{ invitation: InvitationState | null }>(`/users/${encodeURIComponent(userId)}/invitation`)).invitation,
  /** The owner makes a user an admin or an agent (the account owner stays owner). */
  setUserRole: (userId: string, role: AssignableRole) => apiSend<UserListItem>('PATCH', `/users/${encodeURIComponent(userId)}/role`, { role }),
};
