import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Box, IconButton, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, Form, SaveButton, SelectInput, TextInput, useCreate, useDelete, useGetList } from 'react-admin';
import { useToast } from '../../components/useToast';
import { failureMessage } from '../../lib/fieldErrors';
import type { BrandWebhook } from '../../providers/types';

export const WEBHOOK_REQUIRED = 'Please provide both a name and select a brand';

const requireBoth = (values: Record<string, unknown>) => {
  const name = typeof values.name === 'string' ? values.name.trim() : '';
  const brand = typeof values.brand === 'string' ? values.brand.trim() : '';
  if (name && brand) return {};
  return name ? { brand: WEBHOOK_REQUIRED } : { name: WEBHOOK_REQUIRED };
};

/** Brand webhooks: list, create with name and brand, delete with confirmation. */
export function WebhookManager({ brands }: { brands: string[] }) {
  const toast = useToast();
  const { data: webhooks = [], isPending } = useGetList<BrandWebhook>('webhooks', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'created_at', order: 'ASC' },
  });
  const [create] = useCreate();
  const [remove] = useDelete();
  const [formKey, setFormKey] = useState(0);
  const [deleting, setDeleting] = useState<BrandWebhook | null>(null);

  const submit = async (values: Record<string, unknown>) => {
    try {
      await create('webhooks', { data: { name: values.name, brand: values.brand } }, { returnPromise: true });
      toast('Webhook created', { variant: 'success' });
      setFormKey(k => k + 1);
    } catch (failure) {
      toast('Failed to create webhook', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' });
    }
  };

  const confirmDelete = async () => {
    const webhook = deleting;
    setDeleting(null);
    if (!webhook) return;
    try {
      await remove('webhooks', { id: webhook.id, previousData: webhook }, { mutationMode: 'pessimistic', returnPromise: true });
      toast('Webhook deleted', { variant: 'success' });
    } catch (failure) {
      toast('Failed to delete webhook', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <Stack spacing={2}>
      {isPending ? null : webhooks.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No webhooks yet.
        </Typography>
      ) : (
        <List dense disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {webhooks.map(webhook => (
            <ListItem
              key={webhook.id}
              data-testid="webhook-row"
              divider
              secondaryAction={
                <IconButton edge="end" aria-label={`Delete ${webhook.name}`} color="error" onClick={() => setDeleting(webhook)}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText
                primary={`${webhook.name} · ${webhook.brand}`}
                secondary={webhook.retell_webhook_url}
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: 12 } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Form key={formKey} record={{ name: '', brand: '' }} validate={requireBoth} onSubmit={submit} disableInvalidFormNotification>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextInput source="name" label="Webhook name" helperText={false} sx={{ flex: 2, minWidth: 200 }} />
          <SelectInput
            source="brand"
            label="Brand"
            choices={brands.map(b => ({ id: b, name: b }))}
            emptyText="Select a brand"
            helperText={brands.length ? false : 'Add a brand under Tickets Configuration first'}
            sx={{ flex: 1, minWidth: 160 }}
          />
          <Box sx={{ pt: 1 }}>
            <SaveButton label="Create Webhook" alwaysEnable />
          </Box>
        </Box>
      </Form>
      <Confirm
        isOpen={deleting !== null}
        title="Delete webhook"
        content={deleting ? `Delete ${deleting.name}? Retell calls to its URLs will stop working.` : ''}
        confirm="Delete"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
