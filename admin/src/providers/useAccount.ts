import { useGetIdentity, usePermissions, type UserIdentity } from 'react-admin';
import type { Permissions, User } from './types';

/** The signed-in user (authProvider.getIdentity), cached by react-admin until the session changes. */
export function useCurrentUser() {
  const { identity, isPending, refetch } = useGetIdentity();
  return { user: identity as (User & UserIdentity) | undefined, isPending, refetch };
}

/** What the signed-in user may see (authProvider.getPermissions). */
export function useAccountPermissions(options: { enabled?: boolean } = {}) {
  return usePermissions<Permissions>(undefined, options);
}
