import { useState } from 'react';
import { useLogout } from 'react-admin';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useToast } from '../components/useToast';

/**
 * Every Log out entry asks first: returns the function that opens the question and the dialog to
 * render. Confirming goes through react-admin's useLogout (authProvider.logout, cache cleared, /auth).
 */
export function useConfirmLogout() {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const logout = useLogout();
  const toast = useToast();

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

  const dialog = (
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
  );
  return { requestLogout: () => setOpen(true), dialog };
}
