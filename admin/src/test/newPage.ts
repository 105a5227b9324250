import { beforeEach } from 'vitest';
import { forgetCurrentUser, rememberUser } from '../providers/currentUserCache';
import { queryClient } from '../providers/queryClient';
import type { User } from '../providers/types';

/**
 * The test files of a worker share their modules (vite.config.ts: `isolate: false`): each test starts as
 * a new page load does, with nothing known of the session (a test that signed out leaves the module
 * knowing it) and no cached reads, whichever file or test ran before it (`--sequence.shuffle` passes).
 */
beforeEach(() => {
  rememberUser({ id: 'new-page' } as User); // clears "known signed out"…
  forgetCurrentUser(); // …and then forgets the user: the next read asks the server
  queryClient.clear();
});
