import type { User } from './types';

/**
 * The signed-in user as GET /api/session answered it, once per page load (issue 32): the route guard's
 * checkAuth, getPermissions and getIdentity (useCurrentUser) share one request and its answer. It is
 * kept until the session changes: login (its answer is the user), logout, a 401 from any call
 * (authProvider.checkError), or a write to the user's own account (queryClient.ts, before the
 * mutation's own onSuccess refetches the identity). A failed request is not kept.
 */
let current: Promise<User | null> | null = null;
/** Known to have no session: GET /api/session said so, or the user logged out (issue 34). */
let signedOut = false;

export function rememberedUser(fetch: () => Promise<User | null>): Promise<User | null> {
  if (!current) {
    const pending = fetch();
    current = pending;
    pending.then(
      user => {
        if (current === pending) signedOut = user === null;
      },
      () => {
        if (current === pending) current = null;
      },
    );
  }
  return current;
}

export function rememberUser(user: User): void {
  current = Promise.resolve(user);
  signedOut = false;
}

/**
 * Logging out: from now until the next sign-in the API's signed-in routes are not asked at all
 * (httpClient answers them with a local 401), so a screen still mounted while the app leaves for
 * /auth sends nothing that the server would refuse and the console would log (issue 34).
 */
export function rememberSignedOut(): void {
  current = Promise.resolve(null);
  signedOut = true;
}

export function isSignedOut(): boolean {
  return signedOut;
}

/** The next read of the signed-in user asks the server again. */
export function forgetCurrentUser(): void {
  current = null;
}
