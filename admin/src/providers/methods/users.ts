import { apiSend } from '../httpClient';
import type { InvitedUser, InviteUserPayload } from '../types';

/** User management beyond the REST verbs (owner only; errors carry the server's text). */
export const userMethods = {
  inviteUser: (payload: InviteUserPayload) => apiSend<InvitedUser>('POST', '/users/invite', payload),
};
