import { isRole } from '@warranty-crm/contract';
import { loadAuthScreen } from '../lib/authScreen';
import { HttpError, type AuthProvider } from 'react-admin';
import { apiGet, apiSend } from './httpClient';
import { forgetCurrentUser, isSignedOut, rememberedUser, rememberSignedOut, rememberUser } from './currentUserCache';
import { queryClient } from './queryClient';
import type { Credentials, Permissions, User } from './types';

export const AUTH_URL = '/auth';
export const CHANGE_PASSWORD_URL = '/change-password';

/** `login` signs in, or with `register: true` creates an organization with this user as its owner. */
export type LoginParams = Credentials & { register?: boolean; organizationName?: string };

/**
 * GET /api/session once per page load, kept until the session changes (currentUserCache.ts). It
 * answers 200 with `user: null` when signed out: asked through GET /api/user, every signed-out
 * visit logged a 401 in the console (issue 34).
 */
function fetchUser(): Promise<User | null> {
  return rememberedUser(() => apiGet<{ user: User | null }>('/session').then(session => session.user ?? null));
}

async function signedInUser(): Promise<User> {
  const user = await fetchUser();
  if (!user) throw { redirectTo: AUTH_URL, message: false };
  return user;
}

/**
 * react-admin's auth contract on the session API (a cookie session): POST /api/login,
 * POST /api/register, POST /api/logout and GET /api/user. The route guard (layout/Layout.tsx),
 * the shell and the owner-only screens read it through useAuthState, useGetIdentity and
 * usePermissions; sign-in and sign-out go through useLogin and useLogout.
 */
export const authProvider: AuthProvider = {
  async login({ register, username, password, organizationName }: LoginParams): Promise<User> {
    const body = register && organizationName !== undefined ? { username, password, organization_name: organizationName } : { username, password };
    const user = await apiSend<User>('POST', register ? '/register' : '/login', body);
    // a new session: nothing cached for the previous one survives
    queryClient.clear();
    rememberUser(user);
    return user;
  },

  /** Ends the server session; a session that is already gone (401) counts as logged out. */
  async logout() {
    // already known signed out (react-admin logs out after a failed checkAuth): nothing to end
    const hadSession = !isSignedOut();
    // the screens' queries stop here and ask nothing more until the next sign-in (issue 34: after
    // logout the dashboard's requests still fired, each a 401 in the console)
    rememberSignedOut();
    await queryClient.cancelQueries();
    // the sign-in screen is there before react-admin navigates to it (lib/authScreen.ts: why)
    const authScreen = loadAuthScreen().catch(() => undefined);
    if (!hadSession) {
      await authScreen;
      return AUTH_URL;
    }
    try {
      await apiSend('POST', '/logout');
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 401)) {
        forgetCurrentUser();
        throw error;
      }
    }
    await authScreen;
    return AUTH_URL;
  },

  async checkAuth() {
    await signedInUser();
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      forgetCurrentUser();
      throw { redirectTo: AUTH_URL, message: false };
    }
    // 403 and everything else: keep the session, let the caller show the error
  },

  /** The whole user record, with react-admin's `fullName`. */
  async getIdentity() {
    const user = await signedInUser();
    return { ...user, fullName: user.username };
  },

  /** What the screens may show; a temporary password confines the user to /change-password. */
  async getPermissions(): Promise<Permissions> {
    const user = await fetchUser();
    return {
      isAccountOwner: Boolean(user?.is_account_owner),
      role: isRole(user?.role) ? user.role : 'agent',
      mustChangePassword: Boolean(user?.must_change_password),
    };
  },
};
