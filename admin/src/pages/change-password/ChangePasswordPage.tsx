import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Form, PasswordInput, useAuthenticated } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { useConfirmLogout } from '../../layout/useConfirmLogout';
import { validateNewPassword } from '../../lib/validators';
import { useAccountPermissions, useCurrentUser } from '../../providers/useAccount';
import { useCrmMutation } from '../../providers/useCrm';

interface Values {
  password: string;
  confirmation: string;
}

/**
 * /change-password: the forced change, the only screen a user with a pending (temporary-password)
 * change can use. It asks for no current password, so the server refuses it to anyone else; they
 * are sent to /profile, whose Change Password card (with the current password) is their way.
 */
export function ChangePasswordPage() {
  const { isPending: authPending } = useAuthenticated();
  const { permissions, isPending, refetch: refetchPermissions } = useAccountPermissions();
  const { refetch: refetchUser } = useCurrentUser();
  const { requestLogout, dialog } = useConfirmLogout();
  const toast = useToast();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const change = useCrmMutation('user', 'changeTemporaryPassword', {
    onSuccess: async () => {
      await Promise.all([refetchPermissions(), refetchUser()]);
      toast('Password changed', { description: 'Your password has been updated.', variant: 'success' });
      navigate('/', { replace: true });
    },
    onError: failure => toast('Error', { description: failure.message, variant: 'destructive' }),
  });

  if (authPending || isPending) return <CenteredSpinner />;
  // While a successful change finishes, the refreshed permissions no longer force it: stay until
  // the redirect to / in onSuccess.
  if (!permissions?.mustChangePassword && !change.isPending && !change.isSuccess) return <Navigate to="/profile" replace />;

  const submit = ({ password, confirmation }: Values) => {
    const problem = validateNewPassword(password ?? '', confirmation ?? '');
    setError(problem);
    if (!problem) change.mutate([password]);
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}>
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: 4 }}>
          <Form noValidate defaultValues={{ password: '', confirmation: '' }} onSubmit={(values: FieldValues) => submit(values as Values)}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              Change password
            </Typography>
            <Typography variant="body1" sx={{ mt: 1 }}>
              You must change your password before continuing.
            </Typography>
            <Alert severity="info" sx={{ mt: 2 }} data-testid="temporary-password-notice">
              You signed in with a temporary password. Choose a new password of at least 6 characters to continue to
              your account.
            </Alert>
            <Stack spacing={2} sx={{ mt: 3 }}>
              <PasswordInput source="password" label="New password" autoComplete="new-password" autoFocus helperText={false}
                slotProps={{ htmlInput: { 'data-testid': 'new-password' } }} />
              <PasswordInput source="confirmation" label="Confirm password" autoComplete="new-password" helperText={false}
                slotProps={{ htmlInput: { 'data-testid': 'confirm-password' } }} />
              {error ? (
                <Alert severity="error" data-testid="change-password-error">
                  {error}
                </Alert>
              ) : null}
              <PendingButton type="submit" size="large" data-testid="change-password-submit" pending={change.isPending}
                label="Change password" pendingLabel="Changing password..." />
              <Button color="inherit" onClick={requestLogout} data-testid="change-password-logout">
                Log out
              </Button>
            </Stack>
          </Form>
        </CardContent>
      </Card>
      {dialog}
    </Box>
  );
}
