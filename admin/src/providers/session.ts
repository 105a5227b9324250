import { useQuery } from '@tanstack/react-query';
import { HttpError } from 'react-admin';
import { apiGet } from './httpClient';
import { queryClient } from './queryClient';
import type { User } from './types';

/** Query key of the current user: the session's single source of truth. */
export const USER_QUERY_KEY = ['/api/user'] as const;

/** GET /api/user; a 401 means "nobody signed in" and answers null. */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await apiGet<User>('/api/user');
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null;
    throw error;
  }
}

export const userQueryOptions = {
  queryKey: USER_QUERY_KEY,
  queryFn: fetchCurrentUser,
  retry: false,
  staleTime: Infinity,
} as const;

/** The current user (null when signed out), cached until the session changes. */
export function useCurrentUser() {
  return useQuery(userQueryOptions);
}

/** The cached user, fetching it once if needed. */
export function getCurrentUser(): Promise<User | null> {
  return queryClient.fetchQuery(userQueryOptions);
}

/** A new session began (login, registration): forget everything, keep the user. */
export function startSession(user: User) {
  queryClient.clear();
  queryClient.setQueryData(USER_QUERY_KEY, user);
}

/** The session ended: forget everything; the user is none. */
export function endSession() {
  queryClient.clear();
  queryClient.setQueryData(USER_QUERY_KEY, null);
}

/** Fetch the user again (e.g. after the forced password change). */
export function refreshCurrentUser(): Promise<User | null> {
  return queryClient.fetchQuery({ ...userQueryOptions, staleTime: 0 });
}
