import { describe, expect, it } from 'vitest';
import { isProtectedPath } from './routes';

describe('isProtectedPath', () => {
  it('knows every signed-in screen of the route table', () => {
    for (const path of ['/', '/tickets', '/tickets/42', '/analytics', '/phone-system', '/users', '/notifications', '/settings', '/profile']) {
      expect(isProtectedPath(path)).toBe(true);
    }
  });
  it('treats any other path as unknown (404)', () => {
    for (const path of ['/nope', '/ticketsx', '/settings/extra', '/login']) {
      expect(isProtectedPath(path)).toBe(false);
    }
  });
});
