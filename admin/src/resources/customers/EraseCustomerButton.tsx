import { useState } from 'react';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { ERASE_CONFIRM_MISMATCH, erasureConfirmed } from '@warranty-crm/contract';
import { Form, TextInput } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { failureMessage } from '../../lib/fieldErrors';
import type { CustomerDetail } from '../../providers/types';
import { useCrmMutation } from '../../providers/useCrm';

/**
 * Erase (issue 35, administrators): the customer's personal data, their files and recordings are
 * removed for good; the tickets stay, anonymised. Confirmed by typing the customer's name.
 */
export function EraseCustomerButton({ customer }: { customer: CustomerDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" color="error" startIcon={<DeleteForeverIcon />} onClick={() => setOpen(true)} data-testid="customer-erase-button">
        Erase
      </Button>
      {open ? <EraseDialog customer={customer} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function EraseDialog({ customer, onClose }: { customer: CustomerDetail; onClose: () => void }) {
  const toast = useToast();
  const erase = useCrmMutation('customers', 'eraseCustomer', {
    onSuccess: () => {
      toast('Customer erased', { description: 'Their personal data, files and recordings were removed.', variant: 'success' });
      onClose();
    },
    onError: (error) => toast('Error', { description: failureMessage(error, 'Failed to erase the customer.'), variant: 'destructive' }),
  });
  const close = () => !erase.isPending && onClose();
  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="erase-dialog-title" data-testid="customer-erase-dialog">
      <Form
        noValidate
        defaultValues={{ confirm: '' }}
        validate={(values: FieldValues) => (erasureConfirmed(customer.name, values.confirm as string) ? {} : { confirm: ERASE_CONFIRM_MISMATCH })}
        onSubmit={(values: FieldValues) => erase.mutate([String(customer.id), String(values.confirm)])}
        disableInvalidFormNotification
      >
        <DialogTitle id="erase-dialog-title">Erase {customer.name}?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Their name, e-mail, phone and address, what they wrote on their tickets, their messages, call transcripts, recordings and
            attachments are removed for good. The tickets stay, anonymised, so reports keep their counts. Type <strong>{customer.name}</strong> to confirm.
          </DialogContentText>
          <TextInput
            source="confirm"
            label="Customer's name"
            autoComplete="off"
            resettable={false}
            autoFocus
            slotProps={{ htmlInput: { 'data-testid': 'customer-erase-confirm' }, formHelperText: { 'data-testid': 'customer-erase-confirm-error' } as object }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} color="inherit" disabled={erase.isPending}>
            Cancel
          </Button>
          <PendingButton type="submit" color="error" data-testid="customer-erase-submit" pending={erase.isPending} label="Erase customer" pendingLabel="Erasing..." />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
