import { Autocomplete, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useGetList, useGetOne } from 'react-admin';
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
  const [brand, setBrand] = useState(call.brand ?? '');
  const [model, setModel] = useState('');
  const [description, setDescription] = useState(call.transcription ?? '');
  const [priority, setPriority] = useState('Medium');
  const [error, setError] = useState<string | null>(null);
  const { data: products = [] } = useGetList<Product>(
    'products',
    { filter: { brand }, pagination: { page: 1, perPage: 1000 }, sort: { field: 'product_name', order: 'ASC' } },
    { enabled: !!brand },
  );
  const { mutate, isPending } = useCrmMutation('tickets', 'createTicketFromCall', {
    onSuccess: created => {
      toast('Ticket Created!', { description: `Ticket ${created.ticket_number} is linked to this call.`, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['call-logs'] });
    },
    onError: e => toast('Error', { description: e.message || 'Failed to create ticket. Please try again.', variant: 'destructive' }),
  });
  const asksModel = isQuestionAsked(questions, 'product_model');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (description.trim().length < ISSUE_DESCRIPTION_MIN) {
      setError(TICKET_MESSAGES.issueDescription);
      return;
    }
    setError(null);
    const picked = products.find(p => p.product_name === model.trim() || p.sku === model.trim());
    mutate([
      {
        call_log_id: call.id,
        issueDescription: description.trim(),
        priority,
        ...(brand ? { productBrand: brand } : {}),
        ...(asksModel && model.trim() ? { productModel: model.trim() } : {}),
        ...(picked ? { productSku: picked.sku } : {}),
      },
    ]);
  };

  return (
    <Card variant="outlined" data-testid="call-create-ticket">
      <CardContent component="form" onSubmit={submit} noValidate>
        <Typography variant="subtitle2" gutterBottom>Create Ticket</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The caller becomes the customer; the rest of the ticket can be completed from its Edit view.
        </Typography>
        <Stack spacing={2}>
          <TextField select size="small" label="Brand" value={brand} onChange={e => setBrand(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'call-ticket-brand' } }} data-field="brand">
            <MenuItem value="">Default brand</MenuItem>
            {brandChoices.map(b => <MenuItem key={b} value={b}>{b}</MenuItem>)}
          </TextField>
          {asksModel ? (
            <Autocomplete freeSolo options={products.map(p => p.product_name)} inputValue={model} onInputChange={(_, value) => setModel(value)}
              renderInput={params => <TextField {...params} size="small" label="Product Model" data-field="productModel" />} />
          ) : null}
          <TextField size="small" label="Issue Description" multiline minRows={4} value={description} onChange={e => setDescription(e.target.value)}
            error={!!error} helperText={error ?? descriptionCounter(description)} data-field="issueDescription" />
          <TextField select size="small" label="Priority" value={priority} onChange={e => setPriority(e.target.value)} data-field="priority">
            {PRIORITIES.map(p => <MenuItem key={p.id} value={p.id}>{p.name}</MenuItem>)}
          </TextField>
          <Button type="submit" variant="contained" fullWidth disabled={isPending} data-testid="call-create-ticket-submit">
            {isPending ? 'Creating...' : 'Create Ticket'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
