import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { failureMessage } from '../../lib/fieldErrors';
import { removeConfirmText, type UserListItem } from '../../lib/userManagement';
import { usersApi, useRefreshUsers } from './api';

/** Confirms and removes a user from the organization. */
export function RemoveUserDialog({
  user,
  open,
  onClose,
}: {
  /** Stays set while the dialog fades out, so the text does not change under the user's eyes. */
  user: UserListItem | null;
  open: boolean;
  onClose: () => void;
}) {
  const toast = useToast();
  const refresh = useRefreshUsers();
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    if (!user) return;
    setPending(true);
    try {
      await usersApi.remove(user.id);
      toast('User removed', { description: `${user.username} has been removed from your organization.`, variant: 'success' });
      await refresh();
      onClose();
    } catch (failure) {
      toast('Failed to remove user', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open && user !== null} onClose={pending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="remove-user-dialog-title"
      data-testid="remove-user-dialog">
      <DialogTitle id="remove-user-dialog-title">Remove User</DialogTitle>
      <DialogContent>
        <DialogContentText>{removeConfirmText(user?.username ?? '')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit" disabled={pending} data-testid="remove-user-cancel">
          Cancel
        </Button>
        <PendingButton
          color="error"
          onClick={confirm}
          data-testid="remove-user-confirm"
          pending={pending}
          label="Remove"
          pendingLabel="Removing..."
        />
      </DialogActions>
    </Dialog>
  );
}
