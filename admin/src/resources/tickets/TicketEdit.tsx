import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { Form, useGetOne } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useToast } from '../../components/useToast';
import { fieldErrorsFrom, ticketFormValues, toCreatePayload, type TicketFormValues } from '../../lib/ticketForm';
import { validateTicketForm, withBlanks } from '../../lib/validators';
import type { Ticket } from '../../providers/types';
import { useCrmMutation } from '../../providers/useCrm';
import { TicketInputs } from './TicketInputs';
import { AssigneeSelect } from './assignment/AssigneeSelect';
import { useTicketSettings } from './useTicketSettings';

/**
 * /tickets/{id}/edit: the ticket's customer, order, product, issue, priority and brand in the create
 * form's inputs, with its validation (the questions the organization does not ask left out), saved
 * with PUT /api/tickets/{id}/intake. A ticket made from a call or by the AI agent is completed here.
 */
export function TicketEdit() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { data: ticket, isPending, error } = useGetOne<Ticket>('tickets', { id }, { retry: false });
  const { brands, questions, isPending: settingsPending } = useTicketSettings();
  const { mutateAsync, isPending: saving } = useCrmMutation('tickets', 'updateTicketIntake');

  if (isPending || settingsPending) return <Skeleton variant="rounded" height={480} data-testid="ticket-edit-skeleton" />;
  if (error || !ticket) return <Alert severity="error">{(error as Error | null)?.message || 'Ticket not found'}</Alert>;

  const submit = async (values: TicketFormValues) => {
    try {
      await mutateAsync([ticket.id, toCreatePayload(values, questions)]);
      toast('Ticket updated', { description: `${ticket.ticket_number} was saved.`, variant: 'success' });
      navigate(`/tickets/${ticket.id}`);
    } catch (e) {
      toast('Error', { description: (e as Error)?.message || 'Failed to update ticket.', variant: 'destructive' });
      return fieldErrorsFrom((e as { body?: unknown })?.body);
    }
  };

  return (
    <Box data-testid="ticket-edit">
      <Button component={RouterLink} to={`/tickets/${ticket.id}`} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1, ml: -1 }}>
        Back to ticket
      </Button>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        Edit {ticket.ticket_number}
      </Typography>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          {/* saved at once, as on the detail page; the form below saves the intake */}
          <AssigneeSelect ticket={ticket} testId="edit-assignee-select" />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Form
            noValidate
            defaultValues={ticketFormValues(ticket)}
            validate={(values: FieldValues) => validateTicketForm(withBlanks(values as TicketFormValues) as TicketFormValues, undefined, questions)}
            onSubmit={(values: FieldValues) => submit(withBlanks(values as TicketFormValues) as TicketFormValues)}
            disableInvalidFormNotification
            sanitizeEmptyValues={false}
          >
            <TicketInputs questions={questions} brands={brands} />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
              <Button component={RouterLink} to={`/tickets/${ticket.id}`} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={saving} data-testid="ticket-edit-save">
                {saving ? 'Saving...' : 'Save'}
              </Button>
            </Box>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
