import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from './authProvider';
import { forgetCurrentUser } from './currentUserCache';
import { apiGet } from './httpClient';
import { queryClient } from './queryClient';

const USER = { id: 'u1', username: 'ana', role: 'admin', is_account_owner: true, must_change_password: false, organization_id: 'o1' };

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('authProvider: one GET /api/session per page load (issues 32, 34)', () => {
  let calls: string[];
  beforeEach(() => {
    forgetCurrentUser();
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url === '/api/logout') return jsonResponse(200, { success: true });
        if (url === '/api/login') return jsonResponse(200, USER);
        if (url === '/api/session') return jsonResponse(200, { user: USER });
        return jsonResponse(200, USER);
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const userReads = () => calls.filter(call => call === 'GET /api/session').length;

  it('checkAuth, getPermissions and getIdentity, at once and later, share one request', async () => {
    await Promise.all([authProvider.checkAuth!({}), authProvider.getPermissions!({})]);
    const identity = await authProvider.getIdentity!();
    await authProvider.checkAuth!({});
    expect(identity).toMatchObject({ username: 'ana', fullName: 'ana' });
    expect(userReads()).toBe(1);
  });

  it('asks again after a 401 and after a write to the own account; login answers it; after logout it knows without asking', async () => {
    await authProvider.checkAuth!({});
    await authProvider.logout!({});
    await expect(authProvider.checkAuth!({})).rejects.toMatchObject({ redirectTo: '/auth' });
    expect(userReads()).toBe(1);

    await authProvider.login!({ username: 'ana', password: 'x' });
    await authProvider.getIdentity!();
    expect(userReads()).toBe(1);

    await authProvider.checkError!({ status: 401 }).catch(() => undefined);
    await authProvider.getPermissions!({});
    expect(userReads()).toBe(2);

    await queryClient.getMutationCache().build(queryClient, { mutationKey: ['user', 'updateProfile'], mutationFn: async () => ({}) }).execute(undefined);
    await authProvider.getIdentity!();
    expect(userReads()).toBe(3);
  });

  it('a failed request is not kept: the next read asks again', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(500, { message: 'down' })));
    await expect(authProvider.checkAuth!({})).rejects.toBeTruthy();
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { user: USER })));
    await expect(authProvider.checkAuth!({})).resolves.toBeUndefined();
  });

  it('signed out, it learns so from a 200 (user null) and never asks GET /api/user, whose 401 the console logs (issue 34)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(`GET ${url}`);
        return url === '/api/session' ? jsonResponse(200, { user: null }) : jsonResponse(401, { message: 'Not signed in' });
      }),
    );
    await expect(authProvider.checkAuth!({})).rejects.toMatchObject({ redirectTo: '/auth' });
    await expect(authProvider.getPermissions!({})).resolves.toMatchObject({ isAccountOwner: false, role: 'agent' });
    expect(calls).toEqual(['GET /api/session']);
  });

  it('after logout nothing but the open routes is requested until the next sign-in (issue 34)', async () => {
    await authProvider.checkAuth!({});
    await authProvider.logout!({});
    calls = [];
    await expect(apiGet('/tickets/metrics')).rejects.toMatchObject({ status: 401 });
    await expect(authProvider.checkAuth!({})).rejects.toMatchObject({ redirectTo: '/auth' });
    // react-admin logs out again after that failed check: the session is already gone, nothing is sent
    await authProvider.logout!({});
    expect(calls).toEqual([]);

    await authProvider.login!({ username: 'ana', password: 'x' });
    await apiGet('/tickets/metrics');
    expect(calls).toEqual(['POST /api/login', 'GET /api/tickets/metrics']);
  });
});
