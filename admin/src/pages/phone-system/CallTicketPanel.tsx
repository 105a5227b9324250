import { Autocomplete, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Form, SelectInput, TextInput, useGetList, useGetOne, useInput } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ISSUE_DESCRIPTION_MIN, isQuestionAsked, TICKET_MESSAGES } from '@warranty-crm/contract';
import { useToast } from '../../components/useToast';
import { shortTicketId } from '../../lib/phoneSystem';
import { descriptionCounter } from '../../lib/ticketForm';
import type { CallLog, Product, Ticket } from '../../providers/types';
import { useCrmMutation } from '../../providers/useCrm';
import { useTicketSettings } from '../../resources/tickets/useTicketSettings';

/** The ticket linked to the call, or the form that creates one from it. */
export function CallTicketPanel({ call }: { call: CallLog }) {
  const navigate = useNavigate();
  const { data: ticket } = useGetOne<Ticket>('tickets', { id: call.ticket_id ?? '' }, { enabled: !!call.ticket_id });

  if (call.ticket_id) {
    return (
      <Card variant="outlined" data-testid="call-linked-ticket">
        <CardContent>
          <Typography variant="subtitle2" color="text.secondary">Linked Ticket</Typography>
          <Typography variant="h6" sx={{ fontWeight: 700 }} data-testid="call-linked-ticket-id">#{shortTicketId(call.ticket_id)}</Typography>
          {ticket && (
            <Stack spacing={1} sx={{ mt: 1 }}>
              <Typography variant="body2">{ticket.ticket_number}</Typography>
              <Stack direction="row" spacing={1}>
                <Chip size="small" label={ticket.status} />
                <Chip size="small" label={ticket.priority} />
              </Stack>
              {ticket.issue_description && (
                <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                  {ticket.issue_description}
                </Typography>
              )}
            </Stack>
          )}
          <Button sx={{ mt: 2 }} variant="outlined" fullWidth onClick={() => navigate(`/tickets/${call.ticket_id}`)} data-testid="call-view-ticket">
            View Full Ticket
          </Button>
        </CardContent>
      </Card>
    );
  }

  // A new call, or its transcription arriving, starts the form afresh with what the call has.
  return <CallTicketForm key={`${call.id}:${call.transcription ? 1 : 0}`} call={call} />;
}

const PRIORITIES = [
  { id: 'Low', name: 'Low' },
  { id: 'Medium', name: 'Medium' },
  { id: 'High', name: 'High' },
];

/**
 * The create-ticket form of a call without a ticket (spec part 2 section 2): brand (the call's),
 * product model (the brand's products, or free text), issue description (the transcription) and
 * priority. The caller becomes the customer and the call is linked; the intake fields the form does
 * not ask are completed in the ticket's Edit view.
 */
function CallTicketForm({ call }: { call: CallLog }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { brands, questions } = useTicketSettings();
  const brandChoices = call.brand && !brands.includes(call.brand) ? [call.brand, ...brands] : brands;
  const { mutateAsync, isPending } = useCrmMutation('tickets', 'createTicketFromCall', {
    onSuccess: created => {
      toast('Ticket Created!', { description: `Ticket ${created.ticket_number} is linked to this call.`, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['call-logs'] });
    },
    onError: e => toast('Error', { description: e.message || 'Failed to create ticket. Please try again.', variant: 'destructive' }),
  });
  const asksModel = isQuestionAsked(questions, 'product_model');
  const [products, setProducts] = useState<Product[]>(NO_PRODUCTS);

  const submit = async (raw: FieldValues) => {
    const values = raw as CallTicketValues;
    const brand = values.brand ?? '';
    const model = (values.productModel ?? '').trim();
    const picked = products.find(p => p.product_name === model || p.sku === model);
    try {
      await mutateAsync([
        {
          call_log_id: call.id,
          issueDescription: (values.issueDescription ?? '').trim(),
          priority: values.priority,
          ...(brand ? { productBrand: brand } : {}),
          ...(asksModel && model ? { productModel: model } : {}),
          ...(picked ? { productSku: picked.sku } : {}),
        },
      ]);
    } catch {
      // the toast said so (onError)
    }
  };

  return (
    <Card variant="outlined" data-testid="call-create-ticket">
      <CardContent>
        <Form record={{ brand: call.brand ?? '', productModel: '', issueDescription: call.transcription ?? '', priority: 'Medium' }} onSubmit={submit} noValidate>
          <Typography variant="subtitle2" gutterBottom>Create Ticket</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            The caller becomes the customer; the rest of the ticket can be completed from its Edit view.
          </Typography>
          <Stack spacing={2}>
            <SelectInput source="brand" label="Brand" size="small" helperText={false} emptyText="Default brand" parse={(value: string) => value ?? ''}
              choices={brandChoices.map(b => ({ id: b, name: b }))} translateChoice={false}
              slotProps={{ htmlInput: { 'data-testid': 'call-ticket-brand' } }} data-field="brand" />
            {asksModel ? <ProductModelInput onProducts={setProducts} /> : null}
            <DescriptionInput />
            <SelectInput source="priority" label="Priority" size="small" helperText={false} choices={PRIORITIES} isRequired data-field="priority" />
            <Button type="submit" variant="contained" fullWidth disabled={isPending} data-testid="call-create-ticket-submit">
              {isPending ? 'Creating...' : 'Create Ticket'}
            </Button>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}

interface CallTicketValues {
  brand: string | null;
  productModel: string | null;
  issueDescription: string | null;
  priority: string;
}

/** The issue description: the transcription to start with, at least the spec's minimum. */
const DESCRIPTION_RULES = [
  (value: string | null | undefined) => ((value ?? '').trim().length < ISSUE_DESCRIPTION_MIN ? TICKET_MESSAGES.issueDescription : undefined),
];

function DescriptionInput() {
  const description: string = useWatch({ name: 'issueDescription' }) ?? '';
  return (
    <TextInput source="issueDescription" label="Issue Description" size="small" multiline minRows={4} resettable={false}
      validate={DESCRIPTION_RULES} helperText={descriptionCounter(description)} data-field="issueDescription" />
  );
}

const NO_PRODUCTS: Product[] = [];

/** The brand's products to pick from, or free text; the chosen product's SKU goes with the ticket. */
function ProductModelInput({ onProducts }: { onProducts(products: Product[]): void }) {
  const brand: string = useWatch({ name: 'brand' }) ?? '';
  const { field } = useInput<string>({ source: 'productModel' });
  const { data } = useGetList<Product>(
    'products',
    { filter: { brand }, pagination: { page: 1, perPage: 1000 }, sort: { field: 'product_name', order: 'ASC' } },
    { enabled: !!brand },
  );
  const products = (brand && data) || NO_PRODUCTS;
  useEffect(() => onProducts(products), [products, onProducts]);
  return (
    <Autocomplete freeSolo options={products.map(p => p.product_name)} inputValue={field.value ?? ''} onInputChange={(_, value) => field.onChange(value)}
      renderInput={params => <TextField {...params} size="small" label="Product Model" data-field="productModel" />} />
  );
}
