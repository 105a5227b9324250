import CallEndIcon from '@mui/icons-material/CallEnd';
import { Alert, Box, Button, Chip, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetList } from 'react-admin';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { callFailureTitle, checkLauncher, type AgentMethod } from '../../lib/phoneSystem';
import type { MakeCallPayload, PhoneNumber } from '../../providers/types';
import { useCurrentUser } from '../../providers/useAccount';
import { useCrmMutation } from '../../providers/useCrm';
import { useBrowserCall, type BrowserCallState } from './useBrowserCall';

const STATE_LABEL: Record<BrowserCallState, string> = {
  idle: '',
  connecting: 'Connecting…',
  'in-call': 'In call',
  ended: 'Call ended',
  failed: 'Call failed',
};

/** Provider number, how the agent talks (computer, my phone, another number), the customer, Call. */
export function CallLauncher() {
  const toast = useToast();
  const { user } = useCurrentUser();
  const { data: numbers = [] } = useGetList<PhoneNumber>('phone-numbers', { pagination: { page: 1, perPage: 100 }, sort: { field: 'created_at', order: 'ASC' } });
  const [from, setFrom] = useState('');
  const [method, setMethod] = useState<AgentMethod>('computer');
  const [otherPhone, setOtherPhone] = useState('');
  const [to, setTo] = useState('');
  const browser = useBrowserCall();
  const { mutateAsync, isPending } = useCrmMutation('call-logs', 'makeCall');

  const call = async () => {
    const checked = checkLauncher({ from, to, method, otherPhone, profilePhone: user?.phone });
    if ('problem' in checked) {
      toast(checked.problem.title, { description: checked.problem.description, variant: 'destructive' });
      return;
    }
    try {
      const result = await mutateAsync([{ from: checked.from, to: checked.to, agentPhone: checked.agentPhone } as unknown as MakeCallPayload]);
      toast('Call initiated', { description: result.message || `Connecting agent to ${checked.to}`, variant: 'success' });
      if (result.mode === 'computer' && result.params) void browser.start(result.params as Record<string, string>);
    } catch (error) {
      toast(callFailureTitle(error), { description: (error as Error)?.message || 'Could not initiate the call', variant: 'destructive' });
    }
  };

  const inCall = browser.state === 'connecting' || browser.state === 'in-call';
  return (
    <Box data-testid="call-launcher" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} alignItems={{ md: 'center' }}>
        <TextField select size="small" label="Provider number" value={from} onChange={e => setFrom(e.target.value)} sx={{ minWidth: 200 }}
          slotProps={{ htmlInput: { 'data-testid': 'launcher-from' } }}>
          {numbers.map(n => (
            <MenuItem key={n.id} value={n.phone_number}>
              {n.phone_number}{n.brand ? ` (${n.brand})` : ''}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Agent phone" value={method} onChange={e => setMethod(e.target.value as AgentMethod)} sx={{ minWidth: 180 }}
          slotProps={{ htmlInput: { 'data-testid': 'launcher-method' } }}>
          <MenuItem value="computer">Computer (browser)</MenuItem>
          <MenuItem value="profile">My phone{user?.phone ? ` (${user.phone})` : ''}</MenuItem>
          <MenuItem value="other">Other number</MenuItem>
        </TextField>
        {method === 'other' && (
          <TextField size="small" label="Agent number" value={otherPhone} onChange={e => setOtherPhone(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'launcher-other' } }} />
        )}
        <TextField size="small" label="Customer number" placeholder="+1234567890" value={to} onChange={e => setTo(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'launcher-to' } }} />
        <PendingButton variant="contained" onClick={call} pending={isPending} label="Call" pendingLabel="Calling…" data-testid="launcher-call" />
      </Stack>
      {browser.state !== 'idle' && (
        <Stack direction="row" spacing={1} alignItems="center">
          <Chip size="small" label={STATE_LABEL[browser.state]} color={browser.state === 'in-call' ? 'success' : browser.state === 'failed' ? 'error' : 'default'}
            data-testid="browser-call-state" />
          {inCall && (
            <Button size="small" color="error" variant="outlined" startIcon={<CallEndIcon />} onClick={browser.hangUp} data-testid="browser-hang-up">
              Hang up
            </Button>
          )}
        </Stack>
      )}
      {browser.error && <Alert severity="warning" data-testid="browser-call-error">{browser.error}</Alert>}
    </Box>
  );
}
