import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { checkImport } from '../../lib/phoneSystem';
import { useCrmMutation } from '../../providers/useCrm';

/** Import Existing Number: a number already in the organization's Twilio account, with its brand. */
export function ImportNumberDialog({ open, brands, onClose }: { open: boolean; brands: string[]; onClose(): void }) {
  const toast = useToast();
  const [phoneNumber, setPhoneNumber] = useState('');
  const [brand, setBrand] = useState('');
  const importNumber = useCrmMutation('phone-numbers', 'importNumber');

  const submit = async () => {
    const problem = checkImport(phoneNumber, brand);
    if (problem) {
      toast('Import failed', { description: problem, variant: 'destructive' });
      return;
    }
    try {
      const number = await importNumber.mutateAsync([{ phoneNumber: phoneNumber.trim(), brand }]);
      toast('Number imported', { description: `${number.phone_number} was imported`, variant: 'success' });
      setPhoneNumber('');
      setBrand('');
      onClose();
    } catch (error) {
      toast('Import failed', { description: (error as Error)?.message || 'Could not import phone number', variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="import-number-dialog">
      <DialogTitle>Import Existing Number</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label="Phone number" placeholder="+15551234567" value={phoneNumber} onChange={e => setPhoneNumber(e.target.value)}
            helperText="A number already in your Twilio account, in E.164 format" slotProps={{ htmlInput: { 'data-testid': 'import-phone' } }} />
          <TextField select label="Brand" value={brand} onChange={e => setBrand(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'import-brand' } }}>
            {brands.map(b => <MenuItem key={b} value={b}>{b}</MenuItem>)}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <PendingButton variant="contained" onClick={submit} pending={importNumber.isPending} label="Import" pendingLabel="Importing…" data-testid="import-submit" />
      </DialogActions>
    </Dialog>
  );
}
