import { Suspense, useCallback, useState } from 'react';
import { useLogout } from 'react-admin';
import { useToast } from '../components/useToast';
import { lazyScreen, usePreloadWhenIdle } from '../lib/lazyScreen';

// the dialog (a Modal) loads when Log out is first chosen (issue 32: not in the first load)
const ConfirmDialog = lazyScreen(() => import('../components/ConfirmDialog'), 'ConfirmDialog');

/**
 * Every Log out entry asks first: returns the function that opens the question and the dialog to
 * render. Confirming goes through react-admin's useLogout (authProvider.logout, cache cleared, /auth).
 */
export function useConfirmLogout() {
  const [open, setOpen] = useState(false);
  // kept mounted once opened, so that it closes with its transition
  const [asked, setAsked] = useState(false);
  const [pending, setPending] = useState(false);
  const logout = useLogout();
  const toast = useToast();
  usePreloadWhenIdle(ConfirmDialog);

  const confirm = async () => {
    setPending(true);
    try {
      await logout();
      toast('Logged out', { description: 'You have been logged out successfully.', variant: 'success' });
    } catch (error) {
      toast('Logout failed', { description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    } finally {
      setPending(false);
      setOpen(false);
    }
  };

  const dialog = asked ? (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={open}
        title="Log out"
        content="Are you sure you want to log out?"
        confirmLabel="Log out"
        pending={pending}
        testId="logout"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </Suspense>
  ) : null;
  // the same function on every render: the sidebar and the top bar it is given to are memoized (Layout.tsx)
  const requestLogout = useCallback(() => {
    setAsked(true);
    setOpen(true);
  }, []);
  return { requestLogout, dialog };
}
