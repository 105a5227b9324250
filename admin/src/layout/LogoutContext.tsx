import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useNavigate } from 'react-router';
import { useToast } from '../components/useToast';
import { apiSend } from '../providers/httpClient';
import { AUTH_URL } from '../providers/authProvider';
import { endSession } from '../providers/session';

const LogoutContext = createContext<() => void>(() => {});

/** Every Log out entry asks for confirmation first; this holds the one dialog. */
export function useRequestLogout() {
  return useContext(LogoutContext);
}

export function LogoutProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();

  const requestLogout = useCallback(() => setOpen(true), []);

  const confirm = async () => {
    setPending(true);
    try {
      await apiSend('POST', '/api/logout');
      setOpen(false);
      endSession();
      navigate(AUTH_URL, { replace: true });
      toast('Logged out', { description: 'You have been logged out successfully.', variant: 'success' });
    } catch (error) {
      setOpen(false);
      toast('Logout failed', {
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <LogoutContext.Provider value={requestLogout}>
      {children}
      <Dialog
        open={open}
        onClose={() => !pending && setOpen(false)}
        aria-labelledby="logout-dialog-title"
        data-testid="logout-dialog"
      >
        <DialogTitle id="logout-dialog-title">Log out</DialogTitle>
        <DialogContent>
          <DialogContentText>Are you sure you want to log out?</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={pending} data-testid="logout-cancel">
            Cancel
          </Button>
          <Button
            onClick={confirm}
            disabled={pending}
            color="error"
            variant="contained"
            data-testid="logout-confirm"
          >
            Log out
          </Button>
        </DialogActions>
      </Dialog>
    </LogoutContext.Provider>
  );
}
