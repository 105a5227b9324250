import BuildIcon from '@mui/icons-material/Build';
import DeleteIcon from '@mui/icons-material/Delete';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion, AccordionDetails, AccordionSummary, Alert, Box, Button, Chip, IconButton, Link, Stack, Typography,
} from '@mui/material';
import { useState } from 'react';
import { Form, SelectInput, useDelete, useGetList, useUpdate } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import type { PhoneNumber } from '../../providers/types';
import { useCrmProvider, useCrmQuery } from '../../providers/useCrm';
import { BuyNumber } from './BuyNumber';
import { ImportNumberDialog } from './ImportNumberDialog';
import { VoicemailConfig } from './VoicemailConfig';
import { useQueryClient } from '@tanstack/react-query';
import { BUY_NEEDS_TWILIO, fixWebhooksBlocked } from '../../lib/phoneSystem';
import { useTwilioConnected } from '../../providers/useAccount';

const NO_BRAND = '__none__';

/** A number's brand, saved as soon as it is chosen: a one-field form of the row. */
function NumberBrandInput({ number, brands, onChange }: { number: PhoneNumber; brands: string[]; onChange(value: string): void }) {
  const choices = [
    { id: NO_BRAND, name: 'No Brand' },
    ...[...new Set([...brands, ...(number.brand ? [number.brand] : [])])].map(b => ({ id: b, name: b })),
  ];
  return (
    // the row's accordion must not open or close from the select
    <Box onClick={e => e.stopPropagation()}>
      <Form key={number.brand ?? NO_BRAND} record={{ brand: number.brand ?? NO_BRAND }}>
        <SelectInput source="brand" label="Brand" size="small" choices={choices} translateChoice={false} isRequired helperText={false}
          sx={{ minWidth: 150 }} onChange={e => onChange(String(e.target.value))} slotProps={{ htmlInput: { 'data-testid': 'number-brand' } }} />
      </Form>
    </Box>
  );
}

/**
 * Settings → Phone Numbers: the webhook box (health check, Fix Webhooks), Import Existing Number,
 * the owned numbers (brand, status, delete, voicemail configuration) and Buy a Number.
 */
export function PhoneNumbersManager() {
  const toast = useToast();
  const provider = useCrmProvider();
  const queryClient = useQueryClient();
  const { data: numbers = [], isPending } = useGetList<PhoneNumber>('phone-numbers', { pagination: { page: 1, perPage: 100 }, sort: { field: 'created_at', order: 'ASC' } });
  const { data: brands = [] } = useCrmQuery('settings', 'getSettings', [], { select: settings => settings?.brands ?? [] });
  const { data: webhook } = useCrmQuery('phone-numbers', 'getWebhookInfo', []);
  const [importing, setImporting] = useState(false);
  const [fixing, setFixing] = useState(false);
  const [deleting, setDeleting] = useState<PhoneNumber | null>(null);
  const [update] = useUpdate<PhoneNumber>();
  const [remove, { isPending: removing }] = useDelete<PhoneNumber>();
  const twilioConnected = useTwilioConnected();
  // actions that cannot work yet are disabled with the reason (not failing after the click)
  const fixBlocked = twilioConnected === undefined || isPending ? null : fixWebhooksBlocked(twilioConnected, numbers.length);

  const fixWebhooks = async () => {
    setFixing(true);
    try {
      if (numbers.length === 0) throw new Error('No phone numbers to reconfigure');
      let updated = 0;
      for (const number of numbers) {
        try {
          await provider.reconfigureWebhook(number.id);
          updated += 1;
        } catch {
          // a number that fails is skipped; the count says how many were updated
        }
      }
      await queryClient.invalidateQueries({ queryKey: ['phone-numbers'] });
      toast('Webhooks reconfigured', { description: `Successfully updated ${updated} phone number(s)`, variant: 'success' });
    } catch (error) {
      toast('Error', { description: (error as Error)?.message || 'Failed to reconfigure webhooks', variant: 'destructive' });
    } finally {
      setFixing(false);
    }
  };

  const changeBrand = (number: PhoneNumber, value: string) =>
    update('phone-numbers', { id: number.id, data: { brand: value === NO_BRAND ? null : value }, previousData: number }, {
      onSuccess: () => toast('Number updated', { description: `${number.phone_number} is now assigned to ${value === NO_BRAND ? 'No Brand' : value}`, variant: 'success' }),
      onError: error => toast('Error', { description: (error as Error)?.message || 'Failed to update phone number', variant: 'destructive' }),
    });

  const deleteNumber = () => {
    if (!deleting) return;
    remove('phone-numbers', { id: deleting.id, previousData: deleting }, {
      onSuccess: () => {
        toast('Number deleted', { description: `${deleting.phone_number} was released`, variant: 'success' });
        setDeleting(null);
      },
      onError: error => toast('Error', { description: (error as Error)?.message || 'Failed to delete phone number', variant: 'destructive' }),
    });
  };

  return (
    <Stack spacing={3} data-testid="phone-numbers-manager">
      <Alert severity="info" data-testid="webhook-info" action={
        fixBlocked ? (
          <Button size="small" variant="outlined" disabled data-testid="fix-webhooks" aria-describedby="fix-webhooks-reason">Fix Webhooks</Button>
        ) : (
          <PendingButton size="small" variant="outlined" onClick={fixWebhooks} pending={fixing} label="Fix Webhooks" pendingLabel="Fixing…" data-testid="fix-webhooks" />
        )
      }>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>Voice webhook URL</Typography>
        <Typography variant="body2" sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }} data-testid="webhook-url">{webhook?.voiceWebhookUrl ?? '…'}</Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Incoming calls to your numbers are sent here.{' '}
          {webhook && <Link href={webhook.healthUrl} target="_blank" rel="noopener" data-testid="webhook-health-link">Check webhook health</Link>}
        </Typography>
        {fixBlocked ? (
          <Typography variant="body2" sx={{ mt: 0.5 }} id="fix-webhooks-reason" data-testid="fix-webhooks-reason">{fixBlocked}</Typography>
        ) : null}
      </Alert>

      <Box>
        <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>Your Phone Numbers</Typography>
          <Button variant="outlined" size="small" startIcon={<BuildIcon />} onClick={() => setImporting(true)} data-testid="import-number-open">
            Import Existing Number
          </Button>
        </Stack>
        {!isPending && numbers.length === 0 && (
          <Typography color="text.secondary" data-testid="numbers-empty">No phone numbers yet. Buy or import one below.</Typography>
        )}
        {numbers.map(number => (
          <Accordion key={number.id} disableGutters variant="outlined" data-testid="number-row" data-phone={number.phone_number} TransitionProps={{ unmountOnExit: true }}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />} data-testid="number-expand">
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ xs: 'flex-start', sm: 'center' }} sx={{ flex: 1, mr: 1 }}>
                <Box sx={{ flex: 1 }}>
                  <Typography sx={{ fontWeight: 600 }}>{number.phone_number}</Typography>
                  <Typography variant="caption" color="text.secondary">{number.friendly_name || 'No description'}</Typography>
                </Box>
<NumberBrandInput number={number} brands={brands} onChange={value => changeBrand(number, value)} />
                <Chip size="small" label={number.is_active ? 'Active' : 'Inactive'} color={number.is_active ? 'success' : 'default'} data-testid="number-status" />
                <IconButton aria-label="Delete number" onClick={e => { e.stopPropagation(); setDeleting(number); }} data-testid="number-delete">
                  <DeleteIcon />
                </IconButton>
              </Stack>
            </AccordionSummary>
            <AccordionDetails>
              <VoicemailConfig numberId={number.id} />
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>

      <BuyNumber brands={brands} unavailable={twilioConnected === false ? BUY_NEEDS_TWILIO : undefined} />

      <ImportNumberDialog open={importing} brands={brands} onClose={() => setImporting(false)} />
      <ConfirmDialog open={!!deleting} title="Delete phone number?" content={`${deleting?.phone_number ?? ''} will be released from your account and stop receiving calls.`}
        confirmLabel="Delete" pendingLabel="Deleting…" pending={removing} testId="number-delete" onConfirm={deleteNumber} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
