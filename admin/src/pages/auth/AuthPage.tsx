import { useState } from 'react';
import { Navigate } from 'react-router';
import { Avatar, Box, Card, CardContent, Stack, Tab, Tabs, Typography } from '@mui/material';
import SupportIcon from '@mui/icons-material/SupportAgent';
import { useAuthState } from 'react-admin';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { MIN_PASSWORD_LENGTH } from '../../lib/validators';
import { CredentialsForm } from './CredentialsForm';
import { MarketingPanel } from './MarketingPanel';

type Mode = 'login' | 'register';

/** /auth: Login and Register tabs, with a marketing panel from md up; a signed-in user goes to /. */
export function AuthPage() {
  const { authenticated, isPending } = useAuthState(undefined, false);
  const [mode, setMode] = useState<Mode>('login');

  if (isPending) return <CenteredSpinner />;
  if (authenticated) return <Navigate to="/" replace />;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: { xs: 2, sm: 4 } }}>
        <Box sx={{ width: '100%', maxWidth: 420 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 3 }}>
            <Avatar variant="rounded" sx={{ bgcolor: 'primary.main' }}>
              <SupportIcon />
            </Avatar>
            <Typography variant="h6" sx={{ fontWeight: 700 }}>
              Warranty CRM
            </Typography>
          </Stack>
          <Card variant="outlined">
            <Tabs value={mode} onChange={(_, value: Mode) => setMode(value)} variant="fullWidth" sx={{ borderBottom: 1, borderColor: 'divider' }}>
              <Tab value="login" label="Login" data-testid="auth-tab-login" />
              <Tab value="register" label="Register" data-testid="auth-tab-register" />
            </Tabs>
            <CardContent sx={{ p: 3 }}>
              {mode === 'login' ? (
                <CredentialsForm
                  key="login"
                  id="login"
                  heading="Welcome back"
                  subtitle="Sign in to your account to manage warranty tickets."
                  submitLabel="Sign in"
                  pendingLabel="Signing in..."
                />
              ) : (
                <CredentialsForm
                  key="register"
                  id="register"
                  heading="Create an account"
                  subtitle="Register a new organization and start tracking warranty tickets."
                  passwordHint={`At least ${MIN_PASSWORD_LENGTH} characters`}
                  submitLabel="Create account"
                  pendingLabel="Creating account..."
                />
              )}
            </CardContent>
          </Card>
        </Box>
      </Box>
      <MarketingPanel />
    </Box>
  );
}
