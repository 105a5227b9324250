import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { BooleanInput, Form, required, SelectInput, TextInput } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { DECISION_NOTE_MAX_LENGTH, DENIAL_REASON_REQUIRED_MESSAGE, fillWarrantyTemplate, warrantyTemplateValues, type WarrantyDecision } from '@warranty-crm/contract';
import { PendingButton } from '../../../components/PendingButton';
import { useToast } from '../../../components/useToast';
import { failureMessage } from '../../../lib/fieldErrors';
import type { Ticket } from '../../../providers/types';
import { useCrmMutation, useCrmQuery } from '../../../providers/useCrm';

/** Approve or Deny: a reason (a denial: one of the organization's), a note, and whether to tell the customer, with the message's preview. */
export function DecisionDialog({ ticket, decision, onClose }: { ticket: Ticket; decision: WarrantyDecision | null; onClose: () => void }) {
  const toast = useToast();
  const settings = useCrmQuery('warranty-settings', 'getWarrantySettings', []);
  const decide = useCrmMutation('tickets', 'decideClaim', {
    onSuccess: result => {
      toast(result.decision === 'approved' ? 'Claim approved' : 'Claim denied', { description: result.notification?.text, variant: 'success' });
      onClose();
    },
    onError: failure => toast('Failed to record the decision', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' }),
  });
  const denial = decision === 'denied';
  const contact = ticket.customer?.email ? `by e-mail (${ticket.customer.email})` : ticket.customer?.phone ? `by SMS (${ticket.customer.phone})` : null;

  return (
    <Dialog open={decision !== null} onClose={() => !decide.isPending && onClose()} fullWidth maxWidth="sm" data-testid="decision-dialog">
      {decision ? (
        <Form
          noValidate
          defaultValues={{ reason: '', note: '', notify_customer: true }}
          onSubmit={(values: FieldValues) =>
            decide.mutate([ticket.id, { decision, reason: values.reason || undefined, note: values.note || undefined, notify_customer: Boolean(values.notify_customer) }])
          }
          disableInvalidFormNotification
        >
          <DialogTitle>{denial ? 'Deny claim' : 'Approve claim'}</DialogTitle>
          <DialogContent>
            <Stack spacing={1}>
              {denial ? (
                <SelectInput
                  source="reason"
                  label="Reason"
                  choices={(settings.data?.denial_reasons ?? []).map(r => ({ id: r, name: r }))}
                  validate={required(DENIAL_REASON_REQUIRED_MESSAGE)}
                  isLoading={settings.isPending}
                  data-testid="decision-reason"
                />
              ) : (
                <TextInput source="reason" label="Reason (optional)" resettable={false} slotProps={{ htmlInput: { 'data-testid': 'decision-reason' } }} />
              )}
              <TextInput source="note" label="Note" multiline minRows={2} resettable={false} slotProps={{ htmlInput: { maxLength: DECISION_NOTE_MAX_LENGTH, 'data-testid': 'decision-note' } }} />
              <BooleanInput source="notify_customer" label={contact ? `Notify the customer ${contact}` : 'Notify the customer'} data-testid="decision-notify" />
              <Preview ticket={ticket} decision={decision} template={denial ? settings.data?.denial_template : settings.data?.approval_template} contact={contact} />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} color="inherit" disabled={decide.isPending}>
              Cancel
            </Button>
            <PendingButton
              type="submit"
              data-testid="decision-submit"
              pending={decide.isPending}
              label={denial ? 'Deny' : 'Approve'}
              pendingLabel="Saving..."
            />
          </DialogActions>
        </Form>
      ) : null}
    </Dialog>
  );
}

function Preview({ ticket, template, contact }: { ticket: Ticket; decision: WarrantyDecision; template: string | undefined; contact: string | null }) {
  const [reason, note, notify] = useWatch({ name: ['reason', 'note', 'notify_customer'] }) as [string, string, boolean];
  if (!notify) return null;
  if (!contact) return <Alert severity="info" data-testid="decision-no-contact">The ticket has no customer e-mail or phone: nobody will be told.</Alert>;
  const text = fillWarrantyTemplate(
    template ?? '',
    warrantyTemplateValues(
      { ticket_number: ticket.ticket_number, customer_name: ticket.customer?.name, product_brand: ticket.product_brand, product_model: ticket.product_model, product_sku: ticket.product_sku },
      { reason, note },
    ),
  );
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        The customer receives
      </Typography>
      <Box data-testid="decision-preview" sx={{ whiteSpace: 'pre-wrap', bgcolor: 'action.hover', borderRadius: 1, p: 1.5, fontSize: '0.875rem' }}>
        {text}
      </Box>
    </Box>
  );
}
