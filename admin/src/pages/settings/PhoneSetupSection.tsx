import EditIcon from '@mui/icons-material/EditOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Alert, Box, Button, Chip, Collapse, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, PasswordInput, required, SaveButton, TextInput } from 'react-admin';
import { CopyButton } from '../../components/CopyButton';
import { useToast } from '../../components/useToast';
import { failureMessage } from '../../lib/fieldErrors';
import { A2P_STATUS_LABELS } from '../../lib/settingsRules';
import { voiceWebhookUrl } from '../../providers/methods/settings';
import { useOrganization } from '../../providers/useAccount';
import { crmQueryKey, useCrmMutation } from '../../providers/useCrm';
import type { A2pStatus, Settings } from '../../providers/types';
import { A2pDialog } from './A2pDialog';

const STATUS_COLORS: Record<A2pStatus, 'success' | 'warning' | 'default' | 'error'> = {
  approved: 'success',
  pending_registration: 'warning',
  not_started: 'default',
  failed: 'error',
};

/** Account SID and Auth Token; Connect Twilio Account verifies and connects them. */
function TwilioConnectForm({ settings }: { settings: Settings }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { mutateAsync: connectTwilio } = useCrmMutation('organizations', 'connectTwilio');
  return (
    <Form
      record={{ twilio_account_sid: settings.twilio_account_sid ?? '', twilio_auth_token: '' }}
      onSubmit={async (values: Record<string, any>) => {
        try {
          await connectTwilio([{ twilio_account_sid: String(values.twilio_account_sid ?? '').trim(), twilio_auth_token: String(values.twilio_auth_token ?? '') }]);
          void queryClient.invalidateQueries();
          toast('Twilio account connected', { variant: 'success' });
        } catch (failure) {
          toast('Connection failed', { description: failureMessage(failure, 'Failed to connect Twilio account. Please check your credentials.'), variant: 'destructive' });
        }
      }}
    >
      <Stack spacing={1} sx={{ maxWidth: 560 }}>
        <TextInput source="twilio_account_sid" label="Account SID" validate={required('Account SID is required')} helperText={false} />
        <PasswordInput
          source="twilio_auth_token"
          label="Auth Token"
          autoComplete="new-password"
          validate={required('Auth Token is required')}
          helperText={settings.twilio_auth_token_set ? 'A token is stored; enter it again to reconnect' : false}
        />
        <Box>
          <SaveButton label="Connect Twilio Account" alwaysEnable />
        </Box>
      </Stack>
    </Form>
  );
}

/** Organization name, A2P status and registration, provider credentials, the voice webhook URL. */
export function PhoneSetupSection({ settings }: { settings: Settings }) {
  const { data: organization } = useOrganization();
  const [a2pOpen, setA2pOpen] = useState(false);
  const [providerOpen, setProviderOpen] = useState(false);
  const voiceUrl = voiceWebhookUrl();
  const status: A2pStatus = organization?.a2p_status ?? 'not_started';
  const queryClient = useQueryClient();
  const toast = useToast();
  const refreshA2p = useCrmMutation('organizations', 'refreshA2p', {
    onSuccess: read => queryClient.setQueryData(crmQueryKey('organizations', 'getOrganization', [read.id]), read),
  });
  const checking = refreshA2p.isPending;
  const checkA2p = async () => {
    if (!organization) return;
    try {
      const read = await refreshA2p.mutateAsync([organization.id]);
      toast('A2P status updated', { description: `Twilio reports: ${A2P_STATUS_LABELS[read.a2p_status]}`, variant: 'success' });
    } catch (failure) {
      toast(failureMessage(failure, 'Could not read the A2P registration status from Twilio'), { variant: 'destructive' });
    }
  };
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid="organization-name">
          {organization?.name ?? ''}
        </Typography>
        <Chip size="small" label={A2P_STATUS_LABELS[status]} color={STATUS_COLORS[status]} data-testid="a2p-status" />
        <Button size="small" startIcon={<EditIcon />} onClick={() => setA2pOpen(true)} disabled={!organization}>
          Edit A2P Registration
        </Button>
        {organization?.twilio_subaccount_sid && (
          <Button size="small" startIcon={<RefreshIcon />} onClick={checkA2p} disabled={checking} data-testid="a2p-check">
            {checking ? 'Checking…' : 'Check with Twilio'}
          </Button>
        )}
      </Box>
      {status === 'failed' && (
        <Alert severity="error" data-testid="a2p-failure-reason">
          Twilio rejected the A2P registration: {organization?.a2p_failure_reason ?? 'no reason given'}. Correct it in the Twilio console; the status here follows Twilio's.
        </Alert>
      )}
      {organization?.a2p_checked_at && (
        <Typography variant="caption" color="text.secondary" data-testid="a2p-checked-at">
          Status read from Twilio {new Date(organization.a2p_checked_at).toLocaleString('en-US')}
        </Typography>
      )}
      <Box>
        <Button size="small" onClick={() => setProviderOpen(open => !open)} endIcon={providerOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}>
          Provider information
        </Button>
        <Collapse in={providerOpen} unmountOnExit>
          <Box sx={{ pt: 1 }}>
            <TwilioConnectForm settings={settings} />
          </Box>
        </Collapse>
      </Box>
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          Voice webhook URL
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid="voice-webhook-url">
            {voiceUrl}
          </Typography>
          <CopyButton text={voiceUrl} label="Copy voice webhook URL" />
        </Box>
      </Box>
      {organization && a2pOpen ? <A2pDialog organization={organization} open onClose={() => setA2pOpen(false)} /> : null}
    </Stack>
  );
}
