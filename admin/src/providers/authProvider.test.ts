import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from './authProvider';
import { forgetCurrentUser } from './currentUserCache';
import { queryClient } from './queryClient';

const USER = { id: 'u1', username: 'ana', role: 'admin', is_account_owner: true, must_change_password: false, organization_id: 'o1' };

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('authProvider: one GET /api/user per page load (issue 32)', () => {
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
        return jsonResponse(200, USER);
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const userReads = () => calls.filter(call => call === 'GET /api/user').length;

  it('checkAuth, getPermissions and getIdentity, at once and later, share one request', async () => {
    await Promise.all([authProvider.checkAuth!({}), authProvider.getPermissions!({})]);
    const identity = await authProvider.getIdentity!();
    await authProvider.checkAuth!({});
    expect(identity).toMatchObject({ username: 'ana', fullName: 'ana' });
    expect(userReads()).toBe(1);
  });

  it('asks again after logout, after a 401, and after a write to the own account; login answers it', async () => {
    await authProvider.checkAuth!({});
    await authProvider.logout!({});
    await authProvider.checkAuth!({});
    expect(userReads()).toBe(2);

    await authProvider.checkError!({ status: 401 }).catch(() => undefined);
    await authProvider.getPermissions!({});
    expect(userReads()).toBe(3);

    await queryClient.getMutationCache().build(queryClient, { mutationKey: ['user', 'updateProfile'], mutationFn: async () => ({}) }).execute(undefined);
    await authProvider.getIdentity!();
    expect(userReads()).toBe(4);

    await authProvider.login!({ username: 'ana', password: 'x' });
    await authProvider.getIdentity!();
    expect(userReads()).toBe(4);
  });

  it('a failed request is not kept: the next read asks again', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(500, { message: 'down' })));
    await expect(authProvider.checkAuth!({})).rejects.toBeTruthy();
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, USER)));
    await expect(authProvider.checkAuth!({})).resolves.toBeUndefined();
  });
});
