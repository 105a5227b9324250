import { Box, Button, Checkbox, FormControlLabel, FormGroup, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { MATCH_MODES, monthlyCostText, purchaseConfirmText, SEARCH_COUNTRIES } from '../../lib/phoneSystem';
import type { AvailableNumber } from '../../providers/types';
import { useCrmMutation } from '../../providers/useCrm';

const CAPABILITIES = ['voice', 'sms', 'mms', 'fax'] as const;
type Capability = (typeof CAPABILITIES)[number];
const INITIAL_CAPABILITIES: Record<Capability, boolean> = { voice: true, sms: true, mms: false, fax: false };
const CAPABILITY_LABEL: Record<Capability, string> = { voice: 'Voice', sms: 'SMS', mms: 'MMS', fax: 'Fax' };

/**
 * Search available numbers (country, capabilities, text, match) and purchase one for a brand,
 * after a confirmation that names the number and what Twilio charges for it a month.
 */
export function BuyNumber({ brands }: { brands: string[] }) {
  const toast = useToast();
  const [country, setCountry] = useState<string>('US');
  const [capabilities, setCapabilities] = useState(INITIAL_CAPABILITIES);
  const [text, setText] = useState('');
  const [match, setMatch] = useState<string>('last');
  const [results, setResults] = useState<AvailableNumber[] | null>(null);
  const [brandFor, setBrandFor] = useState<Record<string, string>>({});
  const search = useCrmMutation('phone-numbers', 'searchNumbers');
  const purchase = useCrmMutation('phone-numbers', 'purchaseNumber');
  const [buying, setBuying] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<AvailableNumber | null>(null);

  const runSearch = async () => {
    const digits = text.trim();
    const query = {
      country,
      ...capabilities,
      ...(digits ? { contains: digits, match } : {}),
    };
    try {
      const found = await search.mutateAsync([query as never]);
      setResults(found);
      toast('Search complete', { description: `Found ${found.length} available numbers`, variant: 'success' });
    } catch (error) {
      toast('Search failed', { description: (error as Error)?.message || 'Could not search for phone numbers', variant: 'destructive' });
    }
  };

  const reset = () => {
    setCountry('US');
    setCapabilities(INITIAL_CAPABILITIES);
    setText('');
    setMatch('last');
    setResults(null);
    setBrandFor({});
  };

  /** Purchase: the brand first, then the confirmation; nothing is bought on the first click. */
  const askToBuy = (r: AvailableNumber) => {
    if (!brandFor[r.phoneNumber]) {
      toast('Purchase failed', { description: 'Please select a brand before purchasing', variant: 'destructive' });
      return;
    }
    setConfirming(r);
  };

  const buy = async (phoneNumber: string) => {
    const brand = brandFor[phoneNumber];
    setBuying(phoneNumber);
    try {
      const number = await purchase.mutateAsync([{ phoneNumber, brand }]);
      toast('Number purchased', { description: `${number.phone_number} is now assigned to ${brand}`, variant: 'success' });
      setResults(current => current?.filter(r => r.phoneNumber !== phoneNumber) ?? null);
    } catch (error) {
      toast('Purchase failed', { description: (error as Error)?.message || 'Could not purchase phone number', variant: 'destructive' });
    } finally {
      setBuying(null);
      setConfirming(null);
    }
  };

  return (
    <Box data-testid="buy-number">
      <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>Buy a Number</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} flexWrap="wrap" useFlexGap>
        <TextField select size="small" label="Country" value={country} onChange={e => setCountry(e.target.value)} sx={{ minWidth: 100 }}
          slotProps={{ htmlInput: { 'data-testid': 'buy-country' } }}>
          {SEARCH_COUNTRIES.map(c => <MenuItem key={c} value={c}>{c}</MenuItem>)}
        </TextField>
        <FormGroup row>
          {CAPABILITIES.map(c => (
            <FormControlLabel key={c} label={CAPABILITY_LABEL[c]}
              control={<Checkbox size="small" checked={capabilities[c]} onChange={e => setCapabilities({ ...capabilities, [c]: e.target.checked })}
                slotProps={{ input: { 'data-testid': `buy-capability-${c}` } as object }} />} />
          ))}
        </FormGroup>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }} alignItems={{ sm: 'center' }}>
        <TextField size="small" label="Search" placeholder="e.g. 512 or 555" value={text} onChange={e => setText(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'buy-search-text' } }} />
        <TextField select size="small" label="Match to" value={match} onChange={e => setMatch(e.target.value)} sx={{ minWidth: 130 }}
          slotProps={{ htmlInput: { 'data-testid': 'buy-match' } }}>
          {MATCH_MODES.map(m => <MenuItem key={m.id} value={m.id}>{m.label}</MenuItem>)}
        </TextField>
        <PendingButton variant="contained" onClick={runSearch} pending={search.isPending} label="Search" pendingLabel="Searching…" data-testid="buy-search" />
        <Button onClick={reset} data-testid="buy-reset">Reset</Button>
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
              <TextField select size="small" label="Brand" value={brandFor[r.phoneNumber] ?? ''} sx={{ minWidth: 160 }}
                onChange={e => setBrandFor({ ...brandFor, [r.phoneNumber]: e.target.value })} slotProps={{ htmlInput: { 'data-testid': 'buy-result-brand' } }}>
                {brands.map(b => <MenuItem key={b} value={b}>{b}</MenuItem>)}
              </TextField>
              <PendingButton variant="outlined" onClick={() => askToBuy(r)} pending={buying === r.phoneNumber} label="Purchase" pendingLabel="Purchasing…"
                data-testid="buy-purchase" />
            </Stack>
          ))}
        </Box>
      )}
      <ConfirmDialog open={!!confirming} title="Purchase phone number?" testId="buy-confirm"
        content={confirming ? purchaseConfirmText(confirming, brandFor[confirming.phoneNumber] ?? '') : ''}
        confirmLabel="Purchase" pendingLabel="Purchasing…" pending={!!buying}
        onConfirm={() => confirming && buy(confirming.phoneNumber)} onClose={() => setConfirming(null)} />
    </Box>
  );
}
