import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { failureMessage } from '../../lib/fieldErrors';
import {
  invitePayload,
  validateInvite,
  type InviteErrors,
  type InvitedUser,
  type InviteValues,
} from '../../lib/userManagement';
import { usersApi } from './api';

const EMPTY: InviteValues = { username: '', email: '' };

/** Invite User: username (required) and an optional e-mail; hands the credentials to onInvited. */
export function InviteUserDialog({
  open,
  onClose,
  onInvited,
}: {
  open: boolean;
  onClose: () => void;
  onInvited: (invited: InvitedUser) => void;
}) {
  const toast = useToast();
  const [values, setValues] = useState<InviteValues>(EMPTY);
  const [errors, setErrors] = useState<InviteErrors>({});
  const [pending, setPending] = useState(false);

  const reset = () => {
    setValues(EMPTY);
    setErrors({});
  };

  const close = () => {
    if (pending) return;
    onClose();
  };

  const set = (field: keyof InviteValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues(current => ({ ...current, [field]: event.target.value }));
    setErrors(current => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateInvite(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;

    setPending(true);
    try {
      const invited = await usersApi.invite(invitePayload(values));
      onInvited(invited);
    } catch (failure) {
      toast('Failed to invite user', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="invite-dialog-title"
      data-testid="invite-dialog"
      slotProps={{ transition: { onExited: reset } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="invite-dialog-title">Invite User</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Create an account for a new team member. They get a temporary password and must change it at first login.
          </DialogContentText>
          <Stack spacing={2}>
            <TextField
              label="Username"
              required
              autoFocus
              autoComplete="off"
              value={values.username}
              onChange={set('username')}
              error={Boolean(errors.username)}
              helperText={errors.username}
              slotProps={{
                htmlInput: { 'data-testid': 'invite-username' },
                formHelperText: { 'data-testid': 'invite-username-error' } as object,
              }}
            />
            <TextField
              label="Email (optional)"
              type="email"
              autoComplete="off"
              value={values.email}
              onChange={set('email')}
              error={Boolean(errors.email)}
              helperText={errors.email}
              slotProps={{
                htmlInput: { 'data-testid': 'invite-email' },
                formHelperText: { 'data-testid': 'invite-email-error' } as object,
              }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} color="inherit" disabled={pending} data-testid="invite-cancel">
            Cancel
          </Button>
          <PendingButton
            type="submit"
            data-testid="invite-submit"
            pending={pending}
            label="Invite User"
            pendingLabel="Inviting..."
          />
        </DialogActions>
      </form>
    </Dialog>
  );
}
