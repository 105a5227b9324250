import { Alert, AlertTitle, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import {
  roleAllows,
  SIMULATE_CALL,
  SIMULATION_BANNER,
  SIMULATION_BANNER_HINT,
  SIMULATION_DEFAULT_CALLER,
  SIMULATION_DEFAULT_TRANSCRIPT,
  SIMULATION_OFFER,
} from '@warranty-crm/contract';
import { useState } from 'react';
import { Form, SelectInput, TextInput, useGetList } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { Link } from 'react-router';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { simulateCallErrors, simulateCallPayload } from '../../lib/phoneSimulation';
import type { PhoneNumber } from '../../providers/types';
import { useAccountPermissions } from '../../providers/useAccount';
import { useCrmMutation, useCrmQuery } from '../../providers/useCrm';

/**
 * The built-in phone simulation's state, read under 'organizations': switching it refetches the
 * organization too (whose Twilio link it changes), so every "Twilio connected" check follows.
 */
export function usePhoneSimulation() {
  return useCrmQuery('organizations', 'getPhoneSimulation', [], { staleTime: 30_000 });
}

function useCanManage(): boolean {
  const { permissions } = useAccountPermissions();
  return roleAllows(permissions?.role, 'admin');
}

function useSwitchSimulation() {
  const toast = useToast();
  return useCrmMutation('organizations', 'setPhoneSimulation', {
    onError: error => toast('Simulation not switched', { description: error.message, variant: 'destructive' }),
  });
}

/** "Try the built-in simulation" in the Phone System's empty state (admins, where it is available). */
export function SimulationOffer() {
  const { data } = usePhoneSimulation();
  const canManage = useCanManage();
  const turn = useSwitchSimulation();
  if (!data?.available || data.enabled || !canManage) return null;
  return (
    <PendingButton size="small" variant="outlined" pending={turn.isPending} label={SIMULATION_OFFER} pendingLabel="Starting…"
      onClick={() => turn.mutate([true])} data-testid="simulation-offer" />
  );
}

/** While the simulation is on: the banner, its switch (off) and "Simulate a call". */
export function SimulationBanner() {
  const { data } = usePhoneSimulation();
  const canManage = useCanManage();
  const turn = useSwitchSimulation();
  const [calling, setCalling] = useState(false);
  if (!data?.enabled) return null;
  return (
    <Alert
      severity="warning"
      data-testid="simulation-banner"
      action={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
          <FormControlLabel
            label="Simulation on"
            control={<Switch checked disabled={!canManage || turn.isPending} onChange={() => turn.mutate([false])} slotProps={{ input: { 'aria-label': 'Simulation on', role: 'switch' } as object }} data-testid="simulation-switch" />}
          />
          {canManage ? (
            <Button size="small" variant="contained" onClick={() => setCalling(true)} data-testid="simulate-call-open">{SIMULATE_CALL}</Button>
          ) : null}
        </Stack>
      }
    >
      <AlertTitle>{SIMULATION_BANNER}</AlertTitle>
      {SIMULATION_BANNER_HINT}
      {calling ? <SimulateCallDialog onClose={() => setCalling(false)} /> : null}
    </Alert>
  );
}

const INITIAL = { number_id: '', from: SIMULATION_DEFAULT_CALLER, transcript: SIMULATION_DEFAULT_TRANSCRIPT };

/** Number, caller's phone, message: the simulated caller leaves that voicemail; the list shows it live. */
function SimulateCallDialog({ onClose }: { onClose(): void }) {
  const toast = useToast();
  const { data: numbers = [], isPending: loading } = useGetList<PhoneNumber>('phone-numbers', { pagination: { page: 1, perPage: 100 }, sort: { field: 'created_at', order: 'ASC' } });
  const place = useCrmMutation('call-logs', 'simulateCall');
  const first = numbers.find(n => n.is_active) ?? numbers[0];

  const submit = async (values: FieldValues) => {
    try {
      await place.mutateAsync([simulateCallPayload(values)]);
      toast('Call simulated', { description: `A voicemail from ${String(values.from).trim()} is arriving`, variant: 'success' });
      onClose();
    } catch (error) {
      toast('Simulated call failed', { description: (error as Error)?.message || 'The simulated call did not go through', variant: 'destructive' });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="simulate-call-dialog" aria-labelledby="simulate-call-title">
      {loading ? null : numbers.length === 0 ? (
        <>
          <DialogTitle id="simulate-call-title">{SIMULATE_CALL}</DialogTitle>
          <DialogContent>
            <Typography data-testid="simulate-call-no-numbers">
              Buy a number first: the simulation sells them under Settings → Phone Numbers.
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" component={Link} to="/settings#phone-numbers" onClick={onClose}>Buy a number</Button>
          </DialogActions>
        </>
      ) : (
        <Form record={{ ...INITIAL, number_id: first?.id ?? '' }} validate={(values: FieldValues) => simulateCallErrors(values)} onSubmit={submit} noValidate>
          <DialogTitle id="simulate-call-title">{SIMULATE_CALL}</DialogTitle>
          <DialogContent>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 1 }}>
              <SelectInput source="number_id" label="Number" translateChoice={false} helperText="The number the caller rings"
                choices={numbers.map(n => ({ id: n.id, name: `${n.phone_number}${n.brand ? ` (${n.brand})` : ''}` }))}
                slotProps={{ htmlInput: { 'data-testid': 'simulate-call-number' } }} />
              <TextInput source="from" label="Caller phone" resettable={false} helperText="E.164, e.g. +15125550123"
                slotProps={{ htmlInput: { 'data-testid': 'simulate-call-from' } }} />
              <TextInput source="transcript" label="Message" multiline minRows={3} resettable={false} helperText="What the caller says (the transcription)"
                slotProps={{ htmlInput: { 'data-testid': 'simulate-call-transcript' } }} />
            </Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <PendingButton type="submit" pending={place.isPending} label="Call" pendingLabel="Calling…" data-testid="simulate-call-submit" />
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
}
