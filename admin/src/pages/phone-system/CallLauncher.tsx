import CallEndIcon from '@mui/icons-material/CallEnd';
import { Alert, Box, Button, Chip, Stack } from '@mui/material';
import { Form, required, SelectInput, TextInput, useGetList } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { callFailureTitle, checkLauncher, type AgentMethod, type LauncherValues } from '../../lib/phoneSystem';
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

const INITIAL: { from: string; method: AgentMethod; otherPhone: string; to: string } = { from: '', method: 'computer', otherPhone: '', to: '' };

/** The agent method always has a value (computer by default): required, so it offers no empty choice. */
const METHOD_REQUIRED = required();

/** Asked only when the agent talks on another number. */
function OtherNumberInput() {
  const method = useWatch({ name: 'method' }) as AgentMethod | undefined;
  if (method !== 'other') return null;
  return (
    <TextInput source="otherPhone" label="Agent number" size="small" helperText={false} resettable={false}
      slotProps={{ htmlInput: { 'data-testid': 'launcher-other' } }} />
  );
}

/** Provider number, how the agent talks (computer, my phone, another number), the customer, Call. */
export function CallLauncher() {
  const toast = useToast();
  const { user } = useCurrentUser();
  const { data: numbers = [] } = useGetList<PhoneNumber>('phone-numbers', { pagination: { page: 1, perPage: 100 }, sort: { field: 'created_at', order: 'ASC' } });
  const browser = useBrowserCall();
  const { mutateAsync, isPending } = useCrmMutation('call-logs', 'makeCall');

  // the spec's checks answer with toasts (not field messages): they run on submit
  const call = async (values: FieldValues) => {
    const { from, to, method, otherPhone } = values as Partial<Omit<LauncherValues, 'profilePhone'>>;
    const checked = checkLauncher({ from: from ?? '', to: to ?? '', method: method ?? 'computer', otherPhone: otherPhone ?? '', profilePhone: user?.phone });
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
      <Form record={INITIAL} onSubmit={call} noValidate>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} alignItems={{ md: 'center' }}>
          <SelectInput source="from" label="Provider number" size="small" helperText={false} emptyText="" sx={{ minWidth: 200 }}
            choices={numbers.map(n => ({ id: n.phone_number, name: `${n.phone_number}${n.brand ? ` (${n.brand})` : ''}` }))}
            translateChoice={false} slotProps={{ htmlInput: { 'data-testid': 'launcher-from' } }} />
          <SelectInput source="method" label="Agent phone" size="small" helperText={false} sx={{ minWidth: 180 }}
            choices={[
              { id: 'computer', name: 'Computer (browser)' },
              { id: 'profile', name: `My phone${user?.phone ? ` (${user.phone})` : ''}` },
              { id: 'other', name: 'Other number' },
            ]}
            translateChoice={false} validate={METHOD_REQUIRED} slotProps={{ htmlInput: { 'data-testid': 'launcher-method' } }} />
          <OtherNumberInput />
          <TextInput source="to" label="Customer number" size="small" helperText={false} resettable={false} placeholder="+1234567890"
            slotProps={{ htmlInput: { 'data-testid': 'launcher-to' } }} />
          <PendingButton variant="contained" type="submit" pending={isPending} label="Call" pendingLabel="Calling…" data-testid="launcher-call" />
        </Stack>
      </Form>
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
