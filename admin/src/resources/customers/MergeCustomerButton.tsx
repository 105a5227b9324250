import { useState } from 'react';
import MergeIcon from '@mui/icons-material/MergeType';
import { Autocomplete, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useGetList, useGetOne } from 'react-admin';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { CUSTOMER_ROW_META, mergeSummary } from '../../lib/customers';
import { failureMessage } from '../../lib/fieldErrors';
import type { CustomerDetail, CustomerListItem } from '../../providers/types';
import { useCrmMutation } from '../../providers/useCrm';

/**
 * The show page's Merge action: pick the other customer (searched as typed), read what will move,
 * confirm. The other customer's tickets and calls move to this one, which it then replaces.
 */
export function MergeCustomerButton({ customer }: { customer: CustomerDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<MergeIcon />} onClick={() => setOpen(true)} data-testid="customer-merge-button">
        Merge
      </Button>
      {open ? <MergeDialog customer={customer} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function MergeDialog({ customer, onClose }: { customer: CustomerDetail; onClose: () => void }) {
  const toast = useToast();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<CustomerListItem | null>(null);
  const { data: options = [], isFetching } = useGetList<CustomerListItem>('customers', {
    filter: query.trim().length >= 2 ? { q: query.trim() } : {},
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'created_at', order: 'DESC' },
    meta: CUSTOMER_ROW_META,
  });
  const { mutate, isPending } = useCrmMutation('customers', 'mergeCustomers', {
    onSuccess: (result) => {
      toast('Customers merged', { description: `${result.tickets_moved} ticket(s) and ${result.calls_moved} call(s) moved to ${customer.name}.`, variant: 'success' });
      onClose();
    },
    onError: (error) => toast('Error', { description: failureMessage(error, 'Failed to merge customers.'), variant: 'destructive' }),
  });

  return (
    <Dialog open onClose={isPending ? undefined : onClose} fullWidth maxWidth="sm" data-testid="customer-merge-dialog">
      <DialogTitle>Merge another customer into {customer.name}</DialogTitle>
      <DialogContent>
        <Autocomplete<CustomerListItem>
          options={options.filter((o) => o.id !== customer.id)}
          loading={isFetching}
          value={picked}
          onChange={(_, value) => setPicked(value)}
          onInputChange={(_, value) => setQuery(value)}
          filterOptions={(x) => x}
          getOptionLabel={(o) => [o.name, o.email, o.phone].filter(Boolean).join(' · ')}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label="Customer to merge" margin="dense" slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'customer-merge-search' } }} />}
          renderOption={(props, o) => (
            <Box component="li" {...props} key={o.id} data-testid="customer-merge-option">
              {[o.name, o.email, o.phone].filter(Boolean).join(' · ')}
            </Box>
          )}
        />
        {picked ? <MergeSummary key={picked.id} picked={picked} keepName={customer.name} /> : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit" disabled={isPending}>
          Cancel
        </Button>
        {picked ? (
          <PendingButton color="error" pending={isPending} label="Merge Customers" pendingLabel="Merging..." onClick={() => mutate([customer.id, picked.id])} data-testid="customer-merge-confirm" />
        ) : (
          <Button variant="contained" color="error" disabled data-testid="customer-merge-confirm">
            Merge Customers
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** What will move, from the picked customer's whole record (the search's row has no call count), read again when picked. */
function MergeSummary({ picked, keepName }: { picked: CustomerListItem; keepName: string }) {
  const { data: other } = useGetOne<CustomerDetail>('customers', { id: picked.id }, { refetchOnMount: 'always' });
  return (
    <DialogContentText sx={{ mt: 2 }} data-testid="customer-merge-summary">
      {mergeSummary({ name: picked.name, tickets_count: other?.tickets_count ?? picked.tickets_count, calls_count: other?.calls_count }, keepName)}
    </DialogContentText>
  );
}
