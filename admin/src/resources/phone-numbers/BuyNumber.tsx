import { Alert, Box, Button, Checkbox, FormControlLabel, FormGroup, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, SelectInput, TextInput, useInput } from 'react-admin';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { MATCH_MODES, monthlyCostText, purchaseConfirmText, SEARCH_COUNTRIES } from '../../lib/phoneSystem';
import type { AvailableNumber } from '../../providers/types';
import { useCrmMutation } from '../../providers/useCrm';

const CAPABILITIES = ['voice', 'sms', 'mms', 'fax'] as const;
type Capability = (typeof CAPABILITIES)[number];
const CAPABILITY_LABEL: Record<Capability, string> = { voice: 'Voice', sms: 'SMS', mms: 'MMS', fax: 'Fax' };

/** The search's starting values (Reset goes back to them); `brand_for` holds each result's chosen brand. */
const INITIAL = { country: 'US', voice: true, sms: true, mms: false, fax: false, text: '', match: 'last', brand_for: {} as Record<string, string> };
type BuyValues = typeof INITIAL;

const COUNTRY_CHOICES = SEARCH_COUNTRIES.map(c => ({ id: c, name: c }));
const MATCH_CHOICES = MATCH_MODES.map(m => ({ id: m.id, name: m.label }));

/** A result's brand is read under brand_for, keyed by the number (without the "+", which a field path cannot hold safely). */
const brandSource = (phoneNumber: string) => `brand_for.n${phoneNumber.replace(/\D/g, '')}`;

/** One capability as a checkbox of the form. */
function CapabilityInput({ source }: { source: Capability }) {
  const { field } = useInput<boolean>({ source });
  return (
    <FormControlLabel label={CAPABILITY_LABEL[source]}
      control={<Checkbox size="small" checked={Boolean(field.value)} onChange={e => field.onChange(e.target.checked)} onBlur={field.onBlur}
        slotProps={{ input: { 'data-testid': `buy-capability-${source}` } as object }} />} />
  );
}

/**
 * Search available numbers (country, capabilities, text, match) and purchase one for a brand,
 * after a confirmation that names the number and what Twilio charges for it a month.
 */
export function BuyNumber({ brands, unavailable }: { brands: string[]; /** why buying cannot work yet: the form is disabled and says so */ unavailable?: string }) {
  const toast = useToast();
  const [results, setResults] = useState<AvailableNumber[] | null>(null);
  const search = useCrmMutation('phone-numbers', 'searchNumbers');

  const runSearch = async (raw: FieldValues) => {
    const values = raw as BuyValues;
    const digits = String(values.text ?? '').trim();
    const query = {
      country: values.country,
      ...Object.fromEntries(CAPABILITIES.map(c => [c, Boolean(values[c])])),
      ...(digits ? { contains: digits, match: values.match } : {}),
    };
    try {
      const found = await search.mutateAsync([query as never]);
      setResults(found);
      toast('Search complete', { description: `Found ${found.length} available numbers`, variant: 'success' });
    } catch (error) {
      toast('Search failed', { description: (error as Error)?.message || 'Could not search for phone numbers', variant: 'destructive' });
    }
  };

  return (
    <Box data-testid="buy-number">
      <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>Buy a Number</Typography>
      {unavailable ? (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="buy-unavailable">{unavailable}</Alert>
      ) : null}
      <Box component="fieldset" disabled={!!unavailable} aria-disabled={unavailable ? 'true' : undefined} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Form record={INITIAL} onSubmit={runSearch} noValidate>
          <BuyNumberFields brands={brands} results={results} searching={search.isPending} onReset={() => setResults(null)}
            onBought={phoneNumber => setResults(current => current?.filter(r => r.phoneNumber !== phoneNumber) ?? null)} />
        </Form>
      </Box>
    </Box>
  );
}

function BuyNumberFields({ brands, results, searching, onReset, onBought }: {
  brands: string[];
  results: AvailableNumber[] | null;
  searching: boolean;
  onReset(): void;
  onBought(phoneNumber: string): void;
}) {
  const toast = useToast();
  const { getValues, reset } = useFormContext();
  const purchase = useCrmMutation('phone-numbers', 'purchaseNumber');
  const [buying, setBuying] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<AvailableNumber | null>(null);
  const brandOf = (phoneNumber: string): string => String(getValues(brandSource(phoneNumber)) ?? '');
  const brandChoices = brands.map(b => ({ id: b, name: b }));

  /** Purchase: the brand first, then the confirmation; nothing is bought on the first click. */
  const askToBuy = (r: AvailableNumber) => {
    if (!brandOf(r.phoneNumber)) {
      toast('Purchase failed', { description: 'Please select a brand before purchasing', variant: 'destructive' });
      return;
    }
    setConfirming(r);
  };

  const buy = async (phoneNumber: string) => {
    const brand = brandOf(phoneNumber);
    setBuying(phoneNumber);
    try {
      const number = await purchase.mutateAsync([{ phoneNumber, brand }]);
      toast('Number purchased', { description: `${number.phone_number} is now assigned to ${brand}`, variant: 'success' });
      onBought(phoneNumber);
    } catch (error) {
      toast('Purchase failed', { description: (error as Error)?.message || 'Could not purchase phone number', variant: 'destructive' });
    } finally {
      setBuying(null);
      setConfirming(null);
    }
  };

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} flexWrap="wrap" useFlexGap>
        <SelectInput source="country" label="Country" size="small" helperText={false} choices={COUNTRY_CHOICES} translateChoice={false}
          isRequired sx={{ minWidth: 100 }} slotProps={{ htmlInput: { 'data-testid': 'buy-country' } }} />
        <FormGroup row>
          {CAPABILITIES.map(c => <CapabilityInput key={c} source={c} />)}
        </FormGroup>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }} alignItems={{ sm: 'center' }}>
        <TextInput source="text" label="Search" size="small" helperText={false} resettable={false} placeholder="e.g. 512 or 555"
          slotProps={{ htmlInput: { 'data-testid': 'buy-search-text' } }} />
        <SelectInput source="match" label="Match to" size="small" helperText={false} choices={MATCH_CHOICES} translateChoice={false}
          isRequired sx={{ minWidth: 130 }} slotProps={{ htmlInput: { 'data-testid': 'buy-match' } }} />
        <PendingButton variant="contained" type="submit" pending={searching} label="Search" pendingLabel="Searching…" data-testid="buy-search" />
        <Button onClick={() => { reset(INITIAL); onReset(); }} data-testid="buy-reset">Reset</Button>
      </Stack>
      {results && (
        <Box sx={{ mt: 2, maxHeight: 360, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="buy-results">
          {results.length === 0 && <Typography color="text.secondary" sx={{ p: 2 }}>No numbers found</Typography>}
          {results.map(r => (
            <Stack key={r.phoneNumber} direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}
              sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }} data-testid="buy-result">
              <Box sx={{ flex: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>{r.phoneNumber}</Typography>
                <Typography variant="caption" color="text.secondary">{[r.locality, r.region].filter(Boolean).join(', ')}</Typography>
                {monthlyCostText(r.monthlyPrice, r.priceUnit) && (
                  <Typography variant="caption" color="text.secondary" component="div" data-testid="buy-result-price">
                    {monthlyCostText(r.monthlyPrice, r.priceUnit)}
                  </Typography>
                )}
              </Box>
              <SelectInput source={brandSource(r.phoneNumber)} label="Brand" size="small" helperText={false} choices={brandChoices} translateChoice={false}
                isRequired sx={{ minWidth: 160 }} slotProps={{ htmlInput: { 'data-testid': 'buy-result-brand' } }} />
              <PendingButton variant="outlined" onClick={() => askToBuy(r)} pending={buying === r.phoneNumber} label="Purchase" pendingLabel="Purchasing…"
                data-testid="buy-purchase" />
            </Stack>
          ))}
        </Box>
      )}
      <ConfirmDialog open={!!confirming} title="Purchase phone number?" testId="buy-confirm"
        content={confirming ? purchaseConfirmText(confirming, brandOf(confirming.phoneNumber)) : ''}
        confirmLabel="Purchase" pendingLabel="Purchasing…" pending={!!buying}
        onConfirm={() => confirming && buy(confirming.phoneNumber)} onClose={() => setConfirming(null)} />
    </>
  );
}
