import { Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery, type Theme } from '@mui/material';
import { Form, useCreate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useToast } from '../../components/useToast';
import { fieldErrorsFrom, EMPTY_TICKET_FORM, responsePromiseOf, ticketCreatedDescription, toCreatePayload, type TicketFormValues } from '../../lib/ticketForm';
import { validateTicketForm, withBlanks } from '../../lib/validators';
import type { CreatedTicket } from '../../providers/types';
import { useOrganization } from '../../providers/useAccount';
import { useCrmQuery } from '../../providers/useCrm';
import { CreatedDuplicatesToastLinks } from './PossibleDuplicates';
import { TicketInputs } from './TicketInputs';
import { useTicketSettings } from './useTicketSettings';

export const CREATE_FAILED = 'Failed to create ticket. Please try again.';

/**
 * The Create New Ticket dialog (spec part 1 sections 2, 3, 5 and 8): a react-admin Form validated
 * by validators.ts, saved with useCreate (the list and the counts refetch by themselves). The
 * server's field messages land on their fields; possible duplicates are linked in the success toast.
 */
export function CreateTicketDialog({
  open,
  onClose,
  initialValues,
  callLogId,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  /** Prefilled fields (e.g. from a call: the caller and the transcription). */
  initialValues?: Partial<TicketFormValues>;
  /** Create the ticket from this call: the server links the call to it. */
  callLogId?: string;
  onCreated?(ticket: CreatedTicket): void;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const toast = useToast();
  const hostName = useOrganizationName();
  // the response hours the organization configured (Settings → Tickets), for the toast's promise
  const { data: settings } = useCrmQuery('settings', 'getSettings', []);
  const [create, { isPending }] = useCreate<CreatedTicket>();
  const { brands, questions } = useTicketSettings();

  const submit = async (values: TicketFormValues) => {
    try {
      const created = (await create('tickets', { data: { ...toCreatePayload(withBlanks(values) as TicketFormValues, questions), ...(callLogId ? { call_log_id: callLogId } : {}) } as never }, { returnPromise: true })) as CreatedTicket;
      onClose();
      onCreated?.(created);
      const duplicates = created.possibleDuplicates ?? [];
      // A possible duplicate claim: the same toast, orange, with a link to each earlier ticket,
      // kept on screen until closed (the ticket is created all the same; its page lists them too).
      toast('Ticket Created!', {
        description: ticketCreatedDescription(created.ticketNumber ?? created.ticket_number, responsePromiseOf(created, settings)),
        variant: duplicates.length ? 'warning' : 'success',
        ...(duplicates.length ? { content: <CreatedDuplicatesToastLinks duplicates={duplicates} />, persist: true } : {}),
      });
    } catch (error) {
      toast('Error', { description: (error as Error)?.message || CREATE_FAILED, variant: 'destructive' });
      return fieldErrorsFrom((error as { body?: unknown })?.body);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={isPending ? undefined : onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="create-ticket-title"
      data-testid="create-ticket-dialog"
    >
      <Form noValidate
        defaultValues={{ ...EMPTY_TICKET_FORM, ...initialValues }}
        validate={(values: FieldValues) => validateTicketForm(withBlanks(values as TicketFormValues) as TicketFormValues, undefined, questions)}
        onSubmit={(values: FieldValues) => submit(values as TicketFormValues)}
        disableInvalidFormNotification
        sanitizeEmptyValues={false}
      >
        <DialogTitle id="create-ticket-title" sx={{ fontWeight: 700 }}>
          Create New Ticket
        </DialogTitle>
        <DialogContent dividers>
          <TicketInputs hostName={hostName} questions={questions} brands={brands} />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isPending} data-testid="create-ticket-submit">
            {isPending ? 'Creating...' : 'Create Ticket'}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** The signed-in user's organization name: the host store of the purchase-location options. */
function useOrganizationName(): string | undefined {
  const { data } = useOrganization();
  return data?.name ?? undefined;
}
