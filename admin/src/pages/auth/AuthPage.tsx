import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import {
  Avatar,
  Box,
  Card,
  CardContent,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { PendingButton } from '../../components/PendingButton';
import SupportIcon from '@mui/icons-material/SupportAgent';
import TicketIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import PhoneIcon from '@mui/icons-material/PhoneInTalkOutlined';
import AnalyticsIcon from '@mui/icons-material/InsightsOutlined';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { useToast } from '../../components/useToast';
import { MIN_PASSWORD_LENGTH } from '../../lib/password';
import { authProvider } from '../../providers/authProvider';
import { useCurrentUser } from '../../providers/session';

type Mode = 'login' | 'register';

/** /auth: Login and Register tabs, with a marketing panel from md up. */
export function AuthPage() {
  const { data: user, isPending } = useCurrentUser();
  const [mode, setMode] = useState<Mode>('login');

  if (isPending) return <CenteredSpinner />;
  if (user) return <Navigate to="/" replace />;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      <Box
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: { xs: 2, sm: 4 },
        }}
      >
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
            <Tabs
              value={mode}
              onChange={(_, value: Mode) => setMode(value)}
              variant="fullWidth"
              sx={{ borderBottom: 1, borderColor: 'divider' }}
            >
              <Tab value="login" label="Login" data-testid="auth-tab-login" />
              <Tab value="register" label="Register" data-testid="auth-tab-register" />
            </Tabs>
            <CardContent sx={{ p: 3 }}>
              {mode === 'login' ? <LoginForm /> : <RegisterForm />}
            </CardContent>
          </Card>
        </Box>
      </Box>
      <MarketingPanel />
    </Box>
  );
}

interface FieldErrors {
  username?: string;
  password?: string;
}

/** What tells the Login and Register tabs apart; the form itself is shared. */
interface CredentialsFormProps {
  /** Prefix of the test ids: `<id>-form`, `<id>-username`, `<id>-password`, `<id>-submit`. */
  id: 'login' | 'register';
  heading: string;
  subtitle: string;
  passwordAutoComplete: 'current-password' | 'new-password';
  passwordHint?: string;
  submitLabel: string;
  pendingLabel: string;
  /** Rules beyond "required" for the password (registration's minimum length). */
  checkPassword?: (password: string) => string | undefined;
  /** Sends the credentials; resolves once signed in (toasts included), rejects on failure. */
  send: (credentials: { username: string; password: string }) => Promise<void>;
}

function CredentialsForm(props: CredentialsFormProps) {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: FieldErrors = {};
    if (!username.trim()) next.username = 'Username is required';
    if (!password) next.password = 'Password is required';
    else next.password = props.checkPassword?.(password);
    setErrors(next);
    if (next.username || next.password) return;

    setPending(true);
    try {
      await props.send({ username: username.trim(), password });
      navigate('/', { replace: true });
    } catch {
      setPending(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid={`${props.id}-form`}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {props.heading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {props.subtitle}
      </Typography>
      <Stack spacing={2}>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoFocus
          required
          value={username}
          onChange={event => setUsername(event.target.value)}
          error={Boolean(errors.username)}
          helperText={errors.username}
          slotProps={{ htmlInput: { 'data-testid': `${props.id}-username` } }}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete={props.passwordAutoComplete}
          required
          value={password}
          onChange={event => setPassword(event.target.value)}
          error={Boolean(errors.password)}
          helperText={errors.password ?? props.passwordHint}
          slotProps={{ htmlInput: { 'data-testid': `${props.id}-password` } }}
        />
        <PendingButton
          type="submit"
          size="large"
          data-testid={`${props.id}-submit`}
          pending={pending}
          label={props.submitLabel}
          pendingLabel={props.pendingLabel}
        />
      </Stack>
    </Box>
  );
}

function LoginForm() {
  const toast = useToast();
  return (
    <CredentialsForm
      id="login"
      heading="Welcome back"
      subtitle="Sign in to your account to manage warranty tickets."
      passwordAutoComplete="current-password"
      submitLabel="Sign in"
      pendingLabel="Signing in..."
      send={async credentials => {
        try {
          const user = await authProvider.login(credentials);
          toast('Login successful', { description: `Welcome back, ${user.username}!`, variant: 'success' });
        } catch (error) {
          toast('Login failed', { description: 'Invalid username or password', variant: 'destructive' });
          throw error;
        }
      }}
    />
  );
}

function RegisterForm() {
  const toast = useToast();
  return (
    <CredentialsForm
      id="register"
      heading="Create an account"
      subtitle="Register a new organization and start tracking warranty tickets."
      passwordAutoComplete="new-password"
      passwordHint={`At least ${MIN_PASSWORD_LENGTH} characters`}
      submitLabel="Create account"
      pendingLabel="Creating account..."
      checkPassword={password =>
        password.length < MIN_PASSWORD_LENGTH ? `Password must be at least ${MIN_PASSWORD_LENGTH} characters` : undefined
      }
      send={async credentials => {
        try {
          const user = await authProvider.register(credentials);
          toast('Registration successful', { description: `Welcome, ${user.username}!`, variant: 'success' });
        } catch (error) {
          const message = error instanceof Error ? error.message : '';
          toast('Registration failed', { description: message || 'Registration failed', variant: 'destructive' });
          throw error;
        }
      }}
    />
  );
}

const FEATURES = [
  {
    icon: <TicketIcon />,
    title: 'Multi-brand warranty tickets',
    text: 'Create, track and resolve warranty claims for every brand you support, with the 90-day warranty window checked for you.',
  },
  {
    icon: <PhoneIcon />,
    title: 'Integrated phone system',
    text: 'Numbers per brand, voicemail with recordings and transcriptions, and click-to-call from the ticket.',
  },
  {
    icon: <AnalyticsIcon />,
    title: 'Analytics',
    text: 'See tickets by brand and status at a glance and keep response times on track.',
  },
];

function MarketingPanel() {
  return (
    <Box
      data-testid="auth-marketing-panel"
      sx={{
        display: { xs: 'none', md: 'flex' },
        flex: 1,
        flexDirection: 'column',
        justifyContent: 'center',
        p: 8,
        color: 'primary.contrastText',
        background: 'linear-gradient(135deg, #1e3a8a 0%, #2563eb 55%, #3b82f6 100%)',
      }}
    >
      <Box sx={{ maxWidth: 520 }}>
        <Typography variant="h3" component="p" sx={{ fontWeight: 800, lineHeight: 1.15 }}>
          Warranty support, all in one place
        </Typography>
        <Typography variant="h6" component="p" sx={{ mt: 2, opacity: 0.85, fontWeight: 400 }}>
          The ticket management system for teams handling warranty claims across multiple brands.
        </Typography>
        <Stack spacing={3} sx={{ mt: 5 }}>
          {FEATURES.map(feature => (
            <Stack key={feature.title} direction="row" spacing={2}>
              <Avatar sx={{ bgcolor: 'rgba(255,255,255,0.15)', color: 'inherit' }}>{feature.icon}</Avatar>
              <Box>
                <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                  {feature.title}
                </Typography>
                <Typography variant="body2" sx={{ opacity: 0.85 }}>
                  {feature.text}
                </Typography>
              </Box>
            </Stack>
          ))}
        </Stack>
      </Box>
    </Box>
  );
}
