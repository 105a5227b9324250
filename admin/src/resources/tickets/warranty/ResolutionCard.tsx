import { useState } from 'react';
import { Box, Button, Chip, Skeleton, Stack, Step, StepLabel, Stepper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ArrayInput, Form, minValue, NumberInput, required, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import {
  RESOLUTION_TYPE_LABELS,
  RESOLUTION_TYPES,
  type ResolutionState,
  type ResolutionType,
  WARRANTY_DECISION_LABELS,
  type WarrantyDecision,
} from '@warranty-crm/contract';
import { PendingButton } from '../../../components/PendingButton';
import { useToast } from '../../../components/useToast';
import { formatDateTime } from '../../../lib/date';
import { failureMessage } from '../../../lib/fieldErrors';
import { formTotal, itemsPayload, type ItemValues, money, NEXT_STATE_ACTIONS, resolutionStepper } from '../../../lib/warrantyResolution';
import type { Resolution, Ticket } from '../../../providers/types';
import { useCrmMutation, useCrmQuery } from '../../../providers/useCrm';
import { InfoCard } from '../cards/InfoCard';
import { DecisionDialog } from './DecisionDialog';

/**
 * Resolution: the claim's decision (Approve / Deny with a dialog), then the approved claim's
 * resolution — type, items with totals, return and outbound shipments, and a stepper of its states
 * with the next allowed actions.
 */
export function ResolutionCard({ ticket }: { ticket: Ticket }) {
  const outcome = useCrmQuery('tickets', 'getWarrantyOutcome', [ticket.id]);
  const [deciding, setDeciding] = useState<WarrantyDecision | null>(null);
  const decision = outcome.data?.decision ?? null;
  const resolution = outcome.data?.resolution ?? null;

  return (
    <InfoCard title="Resolution" testId="resolution-card">
      {outcome.isPending ? (
        <Skeleton height={64} />
      ) : (
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            {decision ? (
              <>
                <Chip
                  data-testid="decision-chip"
                  color={decision.decision === 'approved' ? 'success' : 'error'}
                  label={`${WARRANTY_DECISION_LABELS[decision.decision]}${decision.reason ? `: ${decision.reason}` : ''}`}
                />
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(decision.decided_at)}
                </Typography>
              </>
            ) : (
              <Typography variant="body2" color="text.secondary" data-testid="no-decision">
                No decision yet
              </Typography>
            )}
            {!resolution ? (
              <Box sx={{ ml: 'auto', display: 'flex', gap: 1 }}>
                <Button size="small" variant="contained" color="success" onClick={() => setDeciding('approved')} disabled={decision?.decision === 'approved'} data-testid="approve-button">
                  Approve
                </Button>
                <Button size="small" variant="outlined" color="error" onClick={() => setDeciding('denied')} data-testid="deny-button">
                  Deny
                </Button>
              </Box>
            ) : null}
          </Box>
          {decision?.note ? <Typography variant="body2">{decision.note}</Typography> : null}
          {decision?.decision === 'approved' ? resolution ? <ResolutionView ticketId={ticket.id} resolution={resolution} /> : <ResolutionForm ticketId={ticket.id} /> : null}
        </Stack>
      )}
      <DecisionDialog ticket={ticket} decision={deciding} onClose={() => setDeciding(null)} />
    </InfoCard>
  );
}

const SHIPMENT_INPUTS = [
  ['return_carrier', 'Return carrier'],
  ['return_tracking', 'Return tracking number'],
  ['outbound_carrier', 'Outbound carrier'],
  ['outbound_tracking', 'Outbound tracking number'],
] as const;

/** The resolution's form: a new one (POST) or the items and shipments of an existing one (PATCH). */
function ResolutionForm({ ticketId, resolution, onDone }: { ticketId: string; resolution?: Resolution; onDone?: () => void }) {
  const toast = useToast();
  const options = {
    onSuccess: (saved: Resolution) => {
      toast(resolution ? 'Resolution saved' : `Resolution ${saved.rma_number} created`, { variant: 'success' });
      onDone?.();
    },
    onError: (failure: Error) => toast('Failed to save the resolution', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' }),
  };
  const create = useCrmMutation('tickets', 'createResolution', options);
  const update = useCrmMutation('tickets', 'updateResolution', options);
  const pending = create.isPending || update.isPending;
  const submit = (values: FieldValues) => {
    const shipments = Object.fromEntries(SHIPMENT_INPUTS.map(([name]) => [name, (values[name] ?? '').trim() || null]));
    const items = itemsPayload(values.items as ItemValues[]);
    if (resolution) update.mutate([ticketId, { ...shipments, items, ...(values.type !== resolution.type ? { type: values.type } : {}) }]);
    else create.mutate([ticketId, { type: values.type, items, ...shipments }]);
  };
  return (
    <Form
      noValidate
      defaultValues={{
        type: resolution?.type ?? 'replacement',
        items: resolution?.items.map(({ sku, description, quantity, unit_cost }) => ({ sku, description, quantity, unit_cost })) ?? [{ sku: '', description: '', quantity: 1, unit_cost: 0 }],
        ...Object.fromEntries(SHIPMENT_INPUTS.map(([name]) => [name, resolution?.[name] ?? ''])),
      }}
      onSubmit={submit}
      disableInvalidFormNotification
    >
      <Stack spacing={1} data-testid="resolution-form">
        <SelectInput
          source="type"
          label="Type"
          choices={RESOLUTION_TYPES.map(t => ({ id: t, name: RESOLUTION_TYPE_LABELS[t] }))}
          validate={required()}
          disabled={Boolean(resolution && resolution.state !== 'awaiting_return')}
          data-testid="resolution-type"
        />
        <ArrayInput source="items" label="Items">
          <SimpleFormIterator inline disableReordering data-testid="resolution-items">
            <TextInput source="sku" label="SKU" validate={required('SKU is required')} resettable={false} helperText={false} sx={{ width: 110 }} />
            <TextInput source="description" label="Description" resettable={false} helperText={false} />
            <NumberInput source="quantity" label="Qty" min={1} step={1} validate={[required(), minValue(1, 'Quantity must be at least 1')]} helperText={false} sx={{ width: 80 }} />
            <NumberInput source="unit_cost" label="Unit cost" min={0} step={0.01} validate={[required(), minValue(0, 'Unit cost cannot be negative')]} helperText={false} sx={{ width: 110 }} />
          </SimpleFormIterator>
        </ArrayInput>
        <FormTotal />
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {SHIPMENT_INPUTS.map(([name, label]) => (
            <TextInput key={name} source={name} label={label} resettable={false} helperText={false} slotProps={{ htmlInput: { 'data-testid': `resolution-${name}` } }} />
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          {onDone && resolution ? (
            <Button color="inherit" onClick={onDone} disabled={pending}>
              Cancel
            </Button>
          ) : null}
          <PendingButton type="submit" pending={pending} label={resolution ? 'Save resolution' : 'Create resolution'} pendingLabel="Saving..." data-testid="resolution-save" />
        </Box>
      </Stack>
    </Form>
  );
}

function FormTotal() {
  const items = useWatch({ name: 'items' }) as ItemValues[] | undefined;
  return (
    <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right' }} data-testid="resolution-form-total">
      Total cost {money(formTotal(items))}
    </Typography>
  );
}

function ResolutionView({ ticketId, resolution }: { ticketId: string; resolution: Resolution }) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const move = useCrmMutation('tickets', 'updateResolution', {
    onSuccess: saved => toast('Resolution updated', { description: `${saved.rma_number} is now ${saved.state.replace('_', ' ')}`, variant: 'success' }),
    onError: failure => toast('Failed to update the resolution', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' }),
  });
  const { steps, active } = resolutionStepper(resolution.type as ResolutionType, resolution.state as ResolutionState);
  if (editing) return <ResolutionForm ticketId={ticketId} resolution={resolution} onDone={() => setEditing(false)} />;
  return (
    <Stack spacing={2} data-testid="resolution-view">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1 }}>
        <Typography sx={{ fontWeight: 700 }} data-testid="rma-number">
          {resolution.rma_number}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="resolution-type-label">
          {RESOLUTION_TYPE_LABELS[resolution.type as ResolutionType]}
        </Typography>
        <Button size="small" sx={{ ml: 'auto' }} onClick={() => setEditing(true)} data-testid="resolution-edit">
          Edit
        </Button>
      </Box>
      <Stepper activeStep={active} alternativeLabel data-testid="resolution-stepper">
        {steps.map((s, i) => (
          <Step key={s.state} completed={i < active || (i === active && resolution.next_states.length === 0)}>
            <StepLabel>{s.label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="body2" data-testid="resolution-state">
        State: {steps[active]?.label ?? resolution.state}
      </Typography>
      {resolution.next_states.length ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {resolution.next_states.map(next => (
            <Button key={next} size="small" variant="outlined" disabled={move.isPending} onClick={() => move.mutate([ticketId, { state: next }])} data-testid={`resolution-to-${next}`}>
              {NEXT_STATE_ACTIONS[next as ResolutionState]}
            </Button>
          ))}
        </Box>
      ) : null}
      <Table size="small" data-testid="resolution-items-table">
        <TableHead>
          <TableRow>
            <TableCell>SKU</TableCell>
            <TableCell>Description</TableCell>
            <TableCell align="right">Qty</TableCell>
            <TableCell align="right">Unit cost</TableCell>
            <TableCell align="right">Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {resolution.items.map((item, i) => (
            <TableRow key={i}>
              <TableCell>{item.sku}</TableCell>
              <TableCell>{item.description}</TableCell>
              <TableCell align="right">{item.quantity}</TableCell>
              <TableCell align="right">{money(item.unit_cost)}</TableCell>
              <TableCell align="right">{money(item.line_total)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={4} sx={{ fontWeight: 700 }}>
              Total cost
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="resolution-total">
              {money(resolution.total_cost)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Box sx={{ display: 'grid', gap: 0.5, gridTemplateColumns: '1fr 1fr' }}>
        <Typography variant="body2" data-testid="resolution-return">
          Return: {[resolution.return_carrier, resolution.return_tracking].filter(Boolean).join(' ') || '—'}
        </Typography>
        <Typography variant="body2" data-testid="resolution-outbound">
          Outbound: {[resolution.outbound_carrier, resolution.outbound_tracking].filter(Boolean).join(' ') || '—'}
        </Typography>
      </Box>
    </Stack>
  );
}
