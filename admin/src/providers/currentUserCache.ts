import type { User } from './types';

/**
 * The signed-in user as GET /api/session answered it, once per page load (issue 32): the route guard's
 * checkAuth, getPermissions and getIdentity (useCurrentUser) share one request and its answer. It is
 * kept until the session changes: login (its answer is the user), logout, a 401 from any call
 * (authProvider.checkError), or a write to the user's own account (queryClient.ts, before the
 * mutation's own onSuccess refetches the identity). A failed request is not kept.
 */
let current: Promise<User | null> | null = null;

/**
 * This browser was signed in when it last knew (localStorage, not a secret: the session cookie is
 * httpOnly). The first load of /tickets asks for the list before the session check only then
 * (firstLoad.ts), so a signed-out visit sends nothing the server would refuse (issue 34).
 */
const SIGNED_IN_HINT = 'wcrm.signedIn';

function setSignedInHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT, '1');
    else localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // storage refused (a private window's quota): the first load just waits for the session check
  }
}

export function probablySignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return false;
  }
}
/** Known to have no session: GET /api/session said so, or the user logged out (issue 34). */
let signedOut = false;

export function rememberedUser(fetch: () => Promise<User | null>): Promise<User | null> {
  if (!current) {
    const pending = fetch();
    current = pending;
    pending.then(
      user => {
        if (current !== pending) return;
        signedOut = user === null;
        setSignedInHint(user !== null);
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
  setSignedInHint(true);
}

/**
 * Logging out: from now until the next sign-in the API's signed-in routes are not asked at all
 * (httpClient answers them with a local 401), so a screen still mounted while the app leaves for
 * /auth sends nothing that the server would refuse and the console would log (issue 34).
 */
export function rememberSignedOut(): void {
  current = Promise.resolve(null);
  signedOut = true;
  setSignedInHint(false);
}

export function isSignedOut(): boolean {
  return signedOut;
}

/** The next read of the signed-in user asks the server again. */
export function forgetCurrentUser(): void {
  current = null;
}
