import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import { Box, Button, Chip, IconButton, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState, type KeyboardEvent } from 'react';
import { CheckboxGroupInput, Form, NumberInput, SaveButton, SelectInput, TextInput, useInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { WarnBeforeUnload } from '../../components/WarnBeforeUnload';
import { addBrand, isSavedBrand, removeBrand, responseHoursError, TICKET_FIELD_OPTIONS } from '../../lib/settingsRules';
import type { Settings } from '../../providers/types';
import { ManageProductsDialog } from '../../resources/products/ManageProductsDialog';
import { WarrantyDecisionSettings } from './WarrantyDecisionSettings';
import { useSaveSettings } from './settingsData';
import { AutoAssignmentSettings } from './AutoAssignmentSettings';

const NEW_BRAND = 'new_brand';

/**
 * The brand list: add (trimmed, non-empty, no duplicates), remove (clears the default if it was
 * that one), products per brand; and the default brand, whose choices follow the list and which is
 * disabled until a brand exists.
 */
function BrandListInput({ savedBrands, onManageProducts }: { savedBrands: string[]; onManageProducts: (brand: string) => void }) {
  const { field: brandsField } = useInput<string[]>({ source: 'brands' });
  const { field: defaultField } = useInput<string | null>({ source: 'ticket_brand' });
  const brands: string[] = Array.isArray(brandsField.value) ? brandsField.value : [];
  // the draft is the form's NEW_BRAND field; Add checks it and moves it into the list (Save ignores it)
  const { getValues, setValue, setError, clearErrors } = useFormContext();

  const add = () => {
    const result = addBrand(brands, String(getValues(NEW_BRAND) ?? ''));
    if ('error' in result) {
      setError(NEW_BRAND, { type: 'manual', message: result.error });
      return;
    }
    brandsField.onChange(result.brands);
    setValue(NEW_BRAND, '');
    clearErrors(NEW_BRAND);
  };
  const remove = (brand: string) => {
    const result = removeBrand(brands, brand, defaultField.value ?? null);
    brandsField.onChange(result.brands);
    if (result.ticketBrand !== (defaultField.value ?? null)) defaultField.onChange(result.ticketBrand);
  };

  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Brands
      </Typography>
      {brands.length ? (
        <List dense disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mb: 1 }}>
          {brands.map(brand => (
            <ListItem key={brand} divider data-testid="brand-row" sx={{ gap: 1, pr: 1 }}>
              <ListItemText primary={brand} />
              {defaultField.value === brand ? <Chip size="small" label="Default" /> : null}
              {isSavedBrand(savedBrands, brand) ? (
                <Button size="small" startIcon={<InventoryIcon />} onClick={() => onManageProducts(brand)} sx={{ whiteSpace: "nowrap", flexShrink: 0 }}>
                  Manage Products
                </Button>
              ) : (
                // Products belong to saved brands (the server refuses others): save the list first.
                <Typography variant="caption" color="text.secondary" data-testid="brand-unsaved" sx={{ whiteSpace: 'nowrap' }}>
                  Save to manage products
                </Typography>
              )}
              <IconButton size="small" aria-label={`Remove ${brand}`} onClick={() => remove(brand)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          No brands yet.
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextInput
          source={NEW_BRAND}
          size="small"
          label="New brand"
          resettable={false}
          helperText=" "
          onChange={() => clearErrors(NEW_BRAND)}
          onKeyDown={(event: KeyboardEvent) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          sx={{ flex: 1, maxWidth: 360 }}
        />
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add}>
          Add Brand
        </Button>
      </Box>
      <SelectInput
        source="ticket_brand"
        label="Default brand"
        choices={brands.map(b => ({ id: b, name: b }))}
        disabled={brands.length === 0}
        emptyText="No default"
        parse={(value: string) => (value === '' ? null : value)}
        helperText={brands.length ? 'New tickets get this brand when none is chosen' : 'Add a brand first'}
        sx={{ maxWidth: 360, mt: 1 }}
      />
    </Box>
  );
}

/** The two promised response times, in hours; new tickets get respond_by from them. */
function ResponsePromiseInputs() {
  // No min/max attributes: the browser's own bubble would stop the submit before the form's message.
  const hours = { validate: responseHoursError, sx: { width: 240 } } as const;
  return (
    <Box>
      <Typography variant="subtitle2">Response promises</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Hours to the first response promised on new tickets (existing tickets keep theirs).
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        <NumberInput source="warranty_response_hours" label="Warranty issues (hours)" data-testid="warranty-response-hours" {...hours} />
        <NumberInput source="support_response_hours" label="Technical support (hours)" data-testid="support-response-hours" {...hours} />
      </Box>
    </Box>
  );
}

/** Brands, the default brand, the enabled ticket questions, the response promises; Manage Products per brand. */
export function TicketsSection({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  const [productsBrand, setProductsBrand] = useState<string | null>(null);
  return (
    <>
      <Form
        warnWhenUnsavedChanges
        record={{
          brands: settings.brands,
          [NEW_BRAND]: '',
          ticket_brand: settings.ticket_brand,
          ticket_fields_enabled: settings.ticket_fields_enabled,
          warranty_response_hours: settings.warranty_response_hours,
          support_response_hours: settings.support_response_hours,
        }}
        onSubmit={(values: Record<string, any>) =>
          save({
            brands: values.brands ?? [],
            ticket_brand: values.ticket_brand ?? null,
            ticket_fields_enabled: values.ticket_fields_enabled ?? [],
            warranty_response_hours: Number(values.warranty_response_hours),
            support_response_hours: Number(values.support_response_hours),
          })
        }
      >
        <WarnBeforeUnload />
        <Stack spacing={2}>
          <BrandListInput savedBrands={settings.brands} onManageProducts={setProductsBrand} />
          <CheckboxGroupInput source="ticket_fields_enabled" label="Enabled ticket questions" choices={[...TICKET_FIELD_OPTIONS]} row={false} helperText={false} />
          <ResponsePromiseInputs />
          <Box>
            <SaveButton label="Save Ticket Settings" alwaysEnable />
          </Box>
        </Stack>
      </Form>
      <AutoAssignmentSettings />
      {productsBrand ? <ManageProductsDialog brand={productsBrand} open onClose={() => setProductsBrand(null)} /> : null}
      <WarrantyDecisionSettings />
    </>
  );
}
