import { useGetIdentity, usePermissions, type UserIdentity } from 'react-admin';
import { useCrmQuery } from './useCrm';
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

/**
 * The signed-in user's organization, under its one cache key ['organizations', 'getOrganization', id]
 * (writes to 'organizations' refetch it).
 */
export function useOrganization() {
  const { user } = useCurrentUser();
  const id = user?.organization_id != null ? String(user.organization_id) : '';
  return useCrmQuery('organizations', 'getOrganization', [id], { enabled: id !== '' });
}

/** Whether the organization has a Twilio account connected (undefined while it loads). */
export function useTwilioConnected(): boolean | undefined {
  const { data } = useOrganization();
  return data ? Boolean(data.twilio_subaccount_sid) : undefined;
}
