import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { PendingButton } from '../../components/PendingButton';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { useToast } from '../../components/useToast';
import { validateNewPassword } from '../../lib/password';
import { AUTH_URL, authProvider } from '../../providers/authProvider';
import { refreshCurrentUser, useCurrentUser } from '../../providers/session';
import { LogoutProvider, useRequestLogout } from '../../layout/LogoutContext';

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
}

function ChangePasswordForm() {
  const requestLogout = useRequestLogout();
  const { data: user, isPending: userPending } = useCurrentUser();
  const toast = useToast();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
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
      toast('Password changed', { description: 'Your password has been updated.', variant: 'success' });
      navigate('/', { replace: true });
    } catch (failure) {
      toast('Error', {
        description: failure instanceof Error ? failure.message : String(failure),
        variant: 'destructive',
      });
      setPending(false);
    }
  };

  const fieldError = (field: 'password' | 'confirmation') =>
    error === null
      ? false
      : field === 'confirmation'
        ? error === 'Please make sure your passwords match.'
        : error !== 'Please make sure your passwords match.';

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 440 }}>
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
        </CardContent>
      </Card>
    </Box>
  );
}
