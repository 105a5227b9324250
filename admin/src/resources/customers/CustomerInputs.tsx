import { Box } from '@mui/material';
import { TextInput } from 'react-admin';

/** The customer's contact details and address (the edit form; the create happens with a ticket). */
export function CustomerInputs() {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%' }}>
      <TextInput source="name" label="Full name" isRequired />
      <TextInput source="email" label="Email" />
      <TextInput source="phone" label="Phone" />
      <TextInput source="street" label="Street" />
      <TextInput source="city" label="City" />
      <TextInput source="state" label="State" />
      <TextInput source="zip_code" label="ZIP code" />
    </Box>
  );
}
