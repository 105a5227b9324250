<<<<<<< HEAD
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { PendingButton } from '../../components/PendingButton';
=======
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Form, PasswordInput, useAuthenticated } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
>>>>>>> i11
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { useConfirmLogout } from '../../layout/useConfirmLogout';
import { validateNewPassword } from '../../lib/validators';
import { useAccountPermissions, useCurrentUser } from '../../providers/useAccount';
import { useCrmMutation } from '../../providers/useCrm';

<<<<<<< HEAD
/**
 * /change-password: the forced change, the only screen a user with a pending
 * (temporary-password) change can use. It asks for no current password, so the
 * server refuses it to anyone else; they are sent to /profile, whose Change
 * Password card (with the current password) is their way to change it.
 */
const PROFILE_URL = '/profile';

export function ChangePasswordPage() {
  return (
    <LogoutProvider>
      <ChangePasswordForm />
    </LogoutProvider>
  );
=======
interface Values {
  password: string;
  confirmation: string;
>>>>>>> i11
}

/**
 * /change-password: reachable by any signed-in user (react-admin's useAuthenticated sends others
 * to /auth), and the only screen a user with a temporary password can use.
 */
export function ChangePasswordPage() {
  const { isPending: authPending } = useAuthenticated();
  const { permissions, isPending, refetch: refetchPermissions } = useAccountPermissions();
  const { refetch: refetchUser } = useCurrentUser();
  const { requestLogout, dialog } = useConfirmLogout();
  const toast = useToast();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
<<<<<<< HEAD
  const [pending, setPending] = useState(false);

  if (userPending) return <CenteredSpinner />;
  if (!user) return <Navigate to={AUTH_URL} replace />;
  // While a successful change is finishing (pending), the refreshed user no
  // longer must change the password: stay until the redirect to / below.
  if (!user.must_change_password && !pending) return <Navigate to={PROFILE_URL} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateNewPassword(password, confirmation);
    setError(problem);
    if (problem) return;

    setPending(true);
    try {
      await authProvider.changePassword(password);
      await refreshCurrentUser();
=======
  const change = useCrmMutation('user', 'changeTemporaryPassword', {
    onSuccess: async () => {
      await Promise.all([refetchPermissions(), refetchUser()]);
>>>>>>> i11
      toast('Password changed', { description: 'Your password has been updated.', variant: 'success' });
      navigate('/', { replace: true });
    },
    onError: failure => toast('Error', { description: failure.message, variant: 'destructive' }),
  });

  if (authPending || isPending) return <CenteredSpinner />;
  const forced = Boolean(permissions?.mustChangePassword);

  const submit = ({ password, confirmation }: Values) => {
    const problem = validateNewPassword(password ?? '', confirmation ?? '');
    setError(problem);
    if (!problem) change.mutate([password]);
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}>
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 440 }}>
<<<<<<< HEAD
        <CardContent component="form" noValidate onSubmit={submit} sx={{ p: 4 }} data-testid="change-password-form">
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            Change password
          </Typography>
          <Typography variant="body1" sx={{ mt: 1 }}>
            You must change your password before continuing.
          </Typography>
          <Alert severity="info" sx={{ mt: 2 }} data-testid="temporary-password-notice">
            You signed in with a temporary password. Choose a new password of at least 6 characters to
            continue to your account.
          </Alert>
          <Stack spacing={2} sx={{ mt: 3 }}>
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              autoFocus
              value={password}
              onChange={event => setPassword(event.target.value)}
              error={fieldError('password')}
              slotProps={{ htmlInput: { 'data-testid': 'new-password' } }}
            />
            <TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              value={confirmation}
              onChange={event => setConfirmation(event.target.value)}
              error={fieldError('confirmation')}
              slotProps={{ htmlInput: { 'data-testid': 'confirm-password' } }}
            />
            {error ? (
              <Alert severity="error" data-testid="change-password-error">
                {error}
              </Alert>
            ) : null}
            <PendingButton
              type="submit"
              size="large"
              data-testid="change-password-submit"
              pending={pending}
              label="Change password"
              pendingLabel="Changing password..."
            />
            <Button color="inherit" onClick={requestLogout} data-testid="change-password-logout">
              Log out
            </Button>
          </Stack>
=======
        <CardContent sx={{ p: 4 }}>
          <Form noValidate defaultValues={{ password: '', confirmation: '' }} onSubmit={(values: FieldValues) => submit(values as Values)}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              Change password
            </Typography>
            {forced ? (
              <>
                <Typography variant="body1" sx={{ mt: 1 }}>
                  You must change your password before continuing.
                </Typography>
                <Alert severity="info" sx={{ mt: 2 }} data-testid="temporary-password-notice">
                  You signed in with a temporary password. Choose a new password of at least 6 characters to continue to
                  your account.
                </Alert>
              </>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Choose a new password of at least 6 characters.
              </Typography>
            )}
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
              {forced ? (
                <Button color="inherit" onClick={requestLogout} data-testid="change-password-logout">
                  Log out
                </Button>
              ) : (
                <Button component={Link} to="/" color="inherit">
                  Cancel
                </Button>
              )}
            </Stack>
          </Form>
>>>>>>> i11
        </CardContent>
      </Card>
      {dialog}
    </Box>
  );
}
