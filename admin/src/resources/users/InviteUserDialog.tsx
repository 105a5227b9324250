import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { Form, TextInput } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { failureMessage } from '../../lib/fieldErrors';
import { invitePayload } from '../../lib/userManagement';
import { validateInvite, withBlanks, type InviteValues } from '../../lib/validators';
import type { InvitedUser } from '../../providers/types';
import { useCrmMutation } from '../../providers/useCrm';

const field = (name: keyof InviteValues) => ({
  source: name,
  autoComplete: 'off',
  resettable: false,
  helperText: false,
  slotProps: { htmlInput: { 'data-testid': `invite-${name}` }, formHelperText: { 'data-testid': `invite-${name}-error` } as object },
} as const);

/** Invite User: username (required) and an optional e-mail; hands the credentials to onInvited. */
export function InviteUserDialog({ open, onClose, onInvited }: { open: boolean; onClose: () => void; onInvited: (invited: InvitedUser) => void }) {
  const toast = useToast();
  const invite = useCrmMutation('users', 'inviteUser', {
    onSuccess: onInvited,
    onError: failure => toast('Failed to invite user', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' }),
  });
  const close = () => !invite.isPending && onClose();

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="invite-dialog-title" data-testid="invite-dialog">
      <Form noValidate
        defaultValues={{ username: '', email: '' }}
        validate={(values: FieldValues) => validateInvite(withBlanks(values as InviteValues))}
        onSubmit={(values: FieldValues) => invite.mutate([invitePayload(withBlanks(values as InviteValues))])}
        disableInvalidFormNotification
      >
        <DialogTitle id="invite-dialog-title">Invite User</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Create an account for a new team member. They get a temporary password and must change it at first login.
          </DialogContentText>
          <Stack spacing={2}>
            <TextInput {...field('username')} label="Username" isRequired autoFocus />
            <TextInput {...field('email')} label="Email (optional)" type="email" />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} color="inherit" disabled={invite.isPending} data-testid="invite-cancel">
            Cancel
          </Button>
          <PendingButton type="submit" data-testid="invite-submit" pending={invite.isPending} label="Invite User" pendingLabel="Inviting..." />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
