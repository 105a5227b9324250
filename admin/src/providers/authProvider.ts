import type { AuthProvider } from 'react-admin';
import { apiSend } from './httpClient';
import { endSession, getCurrentUser, startSession } from './session';
import type { Credentials, Permissions, User } from './types';

export const AUTH_URL = '/auth';

/**
 * Maps react-admin's auth contract onto the session API (cookie session):
 * POST /api/login, POST /api/register, POST /api/logout, GET /api/user and
 * POST /api/change-password. The current user lives in the query cache under
 * USER_QUERY_KEY, so the route guard, the shell and react-admin agree.
 */
export const authProvider: AuthProvider & {
  register(credentials: Credentials): Promise<User>;
  changePassword(newPassword: string): Promise<void>;
} = {
  async login({ username, password }: Credentials): Promise<User> {
    const user = await apiSend<User>('POST', '/api/login', { username, password });
    startSession(user);
    return user;
  },

  /** Creates a new organization with this user as its owner, and signs in. */
  async register({ username, password }: Credentials): Promise<User> {
    const user = await apiSend<User>('POST', '/api/register', { username, password });
    startSession(user);
    return user;
  },

  /**
   * Used by react-admin when the session is gone (checkAuth/checkError);
   * the shell's own Log out action reports failures itself. Best effort here.
   */
  async logout() {
    try {
      await apiSend('POST', '/api/logout');
    } catch {
      // the session may already be gone
    }
    endSession();
    return AUTH_URL;
  },

  async changePassword(newPassword: string): Promise<void> {
    await apiSend('POST', '/api/change-password', { newPassword });
  },

  async checkAuth() {
    const user = await getCurrentUser();
    if (!user) throw { redirectTo: AUTH_URL, message: false };
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      throw { redirectTo: AUTH_URL, message: false };
    }
    // 403 and everything else: keep the session, let the caller show the error
  },

  async getIdentity() {
    const user = await getCurrentUser();
    if (!user) throw new Error('Not signed in');
    return { id: user.id, fullName: user.username, user };
  },

  async getPermissions(): Promise<Permissions> {
    const user = await getCurrentUser();
    return { isAccountOwner: Boolean(user?.is_account_owner) };
  },
};
