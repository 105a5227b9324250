import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
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
  const change = useCrmMutation('user', 'changeTemporaryPassword', {
    onSuccess: async () => {
      await Promise.all([refetchPermissions(), refetchUser()]);
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
        </CardContent>
      </Card>
      {dialog}
    </Box>
  );
}
