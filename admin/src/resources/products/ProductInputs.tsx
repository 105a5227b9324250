import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Checkbox, Chip, FormControlLabel, FormHelperText, Stack, Typography } from '@mui/material';
import type { KeyboardEvent } from 'react';
import { required, TextInput, useInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { addStore, productWarrantyTermError, SALE_LOCATION_IN_STORE, SALE_LOCATION_ONLINE } from '../../lib/settingsRules';

const STORE_DRAFT = 'store_draft';

/** Online, In Store and named stores (added on Enter or the add button, only when non-blank). */
function SaleLocationsInput() {
  const { field } = useInput<string[]>({ source: 'sale_locations', defaultValue: [] });
  const locations: string[] = Array.isArray(field.value) ? field.value : [];
  // the draft is the form's STORE_DRAFT field; Add moves it into the list (the save ignores it)
  const store: string = useWatch({ name: STORE_DRAFT }) ?? '';
  const { setValue } = useFormContext();
  const toggle = (location: string) => (_: unknown, checked: boolean) =>
    field.onChange(checked ? [...locations.filter(l => l !== location), location] : locations.filter(l => l !== location));
  const add = () => {
    field.onChange(addStore(locations, store));
    setValue(STORE_DRAFT, '');
  };
  const stores = locations.filter(l => l !== SALE_LOCATION_ONLINE && l !== SALE_LOCATION_IN_STORE);
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        Sold at
      </Typography>
      <Box>
        <FormControlLabel control={<Checkbox checked={locations.includes(SALE_LOCATION_ONLINE)} onChange={toggle(SALE_LOCATION_ONLINE)} />} label="Online" />
        <FormControlLabel control={<Checkbox checked={locations.includes(SALE_LOCATION_IN_STORE)} onChange={toggle(SALE_LOCATION_IN_STORE)} />} label="In Store" />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextInput
          source={STORE_DRAFT}
          size="small"
          label="Specific store"
          placeholder="Store name or number"
          resettable={false}
          helperText={false}
          onKeyDown={(event: KeyboardEvent) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          sx={{ flex: 1 }}
        />
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={!store.trim()}>
          Add
        </Button>
      </Box>
      {stores.length ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
          {stores.map(s => (
            <Chip key={s} label={s} onDelete={() => field.onChange(locations.filter(l => l !== s))} size="small" />
          ))}
        </Stack>
      ) : (
        <FormHelperText>Press Enter or Add to list a store.</FormHelperText>
      )}
    </Box>
  );
}

/** The product form's inputs, shared by add and edit (the brand comes from the dialog). */
export function ProductInputs() {
  return (
    <Stack spacing={1}>
      <TextInput source="sku" label="SKU / Model Number" validate={required('SKU / Model Number is required')} helperText={false} />
      <TextInput source="product_name" label="Product Name" validate={required('Product Name is required')} helperText={false} />
      <TextInput
        source="warranty_term"
        label="Warranty Term"
        placeholder="1 year, 6 months, 90 days, Lifetime"
        validate={productWarrantyTermError}
        helperText="A length of time (90 days, 6 months, 1 year), Lifetime or None: tickets for this product use it"
      />
      <SaleLocationsInput />
    </Stack>
  );
}
