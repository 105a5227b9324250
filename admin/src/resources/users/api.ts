import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { InvitedUser } from '../../lib/userManagement';
import { apiSend } from '../../providers/httpClient';

/** The user calls beyond ra-data-simple-rest's getList (owner only; errors carry the server's text). */
export const usersApi = {
  invite: (body: { username: string; email?: string }) => apiSend<InvitedUser>('POST', '/api/users/invite', body),
  remove: (id: string) => apiSend<{ success: boolean }>('DELETE', `/api/users/${encodeURIComponent(id)}`),
};

/** After an invite or a removal the list reads fresh data. */
export function useRefreshUsers() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: ['users'] }), [queryClient]);
}

/**
 * Puts text on the clipboard: the async Clipboard API where the page may use it,
 * else a hidden textarea and the copy command. Resolves false when neither works.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
