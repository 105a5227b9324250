import type { User } from './types';

/**
 * The signed-in user as GET /api/user answered it, once per page load (issue 32): the route guard's
 * checkAuth, getPermissions and getIdentity (useCurrentUser) share one request and its answer. It is
 * kept until the session changes: login (its answer is the user), logout, a 401 from any call
 * (authProvider.checkError), or a write to the user's own account (queryClient.ts, before the
 * mutation's own onSuccess refetches the identity). A failed request is not kept.
 */
let current: Promise<User | null> | null = null;

export function rememberedUser(fetch: () => Promise<User | null>): Promise<User | null> {
  if (!current) {
    const pending = fetch();
    current = pending;
    pending.catch(() => {
      if (current === pending) current = null;
    });
  }
  return current;
}

export function rememberUser(user: User): void {
  current = Promise.resolve(user);
}

/** The next read of the signed-in user asks the server again. */
export function forgetCurrentUser(): void {
  current = null;
}
