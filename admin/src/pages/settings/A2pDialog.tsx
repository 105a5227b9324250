import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Form, SaveButton, SelectInput, TextInput } from 'react-admin';
import { useToast } from '../../components/useToast';
import { failureMessage, fieldErrorsFrom } from '../../lib/fieldErrors';
import { a2pErrors, BUSINESS_TYPES, STOCK_EXCHANGES } from '../../lib/settingsRules';
import type { Organization } from '../../providers/types';
import { crmQueryKey, useCrmMutation } from '../../providers/useCrm';

const FIELDS = [
  'business_legal_name', 'business_type', 'ein_tax_id', 'business_street', 'business_city', 'business_state', 'business_zip',
  'business_country', 'business_website', 'business_industry', 'business_description', 'contact_first_name', 'contact_last_name',
  'contact_email', 'contact_phone', 'stock_exchange', 'stock_symbol',
] as const;

const half = { flex: '1 1 220px' };

/** The A2P 10DLC Registration dialog: every field and message of spec part 2 section 5. */
export function A2pDialog({ organization, open, onClose }: { organization: Organization; open: boolean; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  // a successful save refetches every read of 'organizations' (queryClient.ts)
  const { mutateAsync: updateA2p } = useCrmMutation('organizations', 'updateA2p', {
    onSuccess: saved => queryClient.setQueryData(crmQueryKey('organizations', 'getOrganization', [organization.id]), saved),
  });
  const record = Object.fromEntries(FIELDS.map(f => [f, (organization[f] as string | null | undefined) ?? (f === 'business_country' ? 'US' : '')]));

  const submit = async (values: Record<string, unknown>) => {
    const body = Object.fromEntries(FIELDS.map(f => [f, typeof values[f] === 'string' ? (values[f] as string).trim() : values[f] ?? '']));
    try {
      await updateA2p([organization.id, body]);
      toast('A2P registration updated', { variant: 'success' });
      onClose();
      return undefined;
    } catch (failure) {
      toast(failureMessage(failure, 'Failed to update A2P registration'), { variant: 'destructive' });
      const errors = fieldErrorsFrom(failure);
      return Object.keys(errors).length ? errors : undefined;
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" scroll="paper" aria-labelledby="a2p-title">
      <DialogTitle id="a2p-title">A2P 10DLC Registration</DialogTitle>
      <Form record={record} validate={a2pErrors} onSubmit={submit} noValidate>
        <DialogContent dividers>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
            <TextInput source="business_legal_name" label="Business Legal Name" sx={half} />
            <SelectInput source="business_type" label="Business Type" choices={[...BUSINESS_TYPES]} emptyText="Select a type" sx={half} />
            <TextInput source="ein_tax_id" label="EIN/Tax ID" sx={half} />
            <TextInput source="business_industry" label="Business Industry" sx={half} />
            <TextInput source="business_street" label="Business Street" sx={{ flex: '1 1 100%' }} />
            <TextInput source="business_city" label="City" sx={half} />
            <TextInput
              source="business_state"
              label="State"
              slotProps={{ htmlInput: { maxLength: 2 } }}
              parse={(value: string) => value.slice(0, 2).toUpperCase()}
              sx={{ flex: '1 1 100px' }}
            />
            <TextInput source="business_zip" label="ZIP" sx={{ flex: '1 1 100px' }} />
            <TextInput source="business_country" label="Country" slotProps={{ htmlInput: { maxLength: 2 } }} sx={{ flex: '1 1 100px' }} />
            <TextInput source="business_website" label="Business Website" placeholder="https://example.com" sx={{ flex: '1 1 100%' }} />
            <TextInput source="business_description" label="Business Description" multiline minRows={2} sx={{ flex: '1 1 100%' }} />
            <TextInput source="contact_first_name" label="Contact First Name" sx={half} />
            <TextInput source="contact_last_name" label="Contact Last Name" sx={half} />
            <TextInput source="contact_email" label="Contact Email" type="email" sx={half} />
            <TextInput source="contact_phone" label="Contact Phone" sx={half} />
            <SelectInput source="stock_exchange" label="Stock Exchange (optional)" choices={STOCK_EXCHANGES.map(e => ({ id: e, name: e }))} emptyText="None" sx={half} />
            <TextInput source="stock_symbol" label="Stock Symbol (optional)" sx={half} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SaveButton label="Save Registration" alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
