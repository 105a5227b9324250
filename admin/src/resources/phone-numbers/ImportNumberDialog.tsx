import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { Form, SelectInput, TextInput } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { checkImport } from '../../lib/phoneSystem';
import { useCrmMutation } from '../../providers/useCrm';

const INITIAL = { phoneNumber: '', brand: '' };

/** Import Existing Number: a number already in the organization's Twilio account, with its brand. */
export function ImportNumberDialog({ open, brands, onClose }: { open: boolean; brands: string[]; onClose(): void }) {
  const toast = useToast();
  const importNumber = useCrmMutation('phone-numbers', 'importNumber');

  // the spec's checks answer with an "Import failed" toast (not field messages): they run on submit
  const submit = async (values: FieldValues) => {
    const phoneNumber = String(values.phoneNumber ?? '');
    const brand = String(values.brand ?? '');
    const problem = checkImport(phoneNumber, brand);
    if (problem) {
      toast('Import failed', { description: problem, variant: 'destructive' });
      return;
    }
    try {
      const number = await importNumber.mutateAsync([{ phoneNumber: phoneNumber.trim(), brand }]);
      toast('Number imported', { description: `${number.phone_number} was imported`, variant: 'success' });
      onClose();
    } catch (error) {
      toast('Import failed', { description: (error as Error)?.message || 'Could not import phone number', variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="import-number-dialog">
      <Form record={INITIAL} onSubmit={submit} noValidate>
        <DialogTitle>Import Existing Number</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextInput source="phoneNumber" label="Phone number" placeholder="+15551234567" resettable={false}
              helperText="A number already in your Twilio account, in E.164 format" slotProps={{ htmlInput: { 'data-testid': 'import-phone' } }} />
            <SelectInput source="brand" label="Brand" choices={brands.map(b => ({ id: b, name: b }))} translateChoice={false} isRequired helperText={false}
              slotProps={{ htmlInput: { 'data-testid': 'import-brand' } }} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <PendingButton variant="contained" type="submit" pending={importNumber.isPending} label="Import" pendingLabel="Importing…" data-testid="import-submit" />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
