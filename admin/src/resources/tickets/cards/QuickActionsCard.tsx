import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { useUpdate } from 'react-admin';
import { useToast } from '../../../components/useToast';
import { appendNote, isBlankNote, isNoteTooLong, NOTE_TOO_LONG_MESSAGE, noteCounter } from '../../../lib/ticketNotes';
import { dialogOptions, DETAIL_STATUSES, TICKET_PRIORITIES } from '../../../lib/ticketOptions';
import type { Ticket } from '../../../providers/types';
import { InfoCard } from './InfoCard';

/**
 * Update Status, Update Priority, Add Note, Contact Customer. The edits are react-admin updates
 * (PATCH /api/tickets/{id}): the page, the list and the dashboard counts refresh by themselves.
 */
export function QuickActionsCard({ ticket }: { ticket: Ticket }) {
  const [dialog, setDialog] = useState<'status' | 'priority' | 'note' | null>(null);
  const toast = useToast();
  const [update, { isPending }] = useUpdate<Ticket>('tickets');
  const email = ticket.customer?.email?.trim();

  const save = (data: Partial<Ticket>, success: [string, string], failure: string) =>
    update(
      'tickets',
      { id: ticket.id, data, previousData: ticket },
      {
        onSuccess: () => {
          setDialog(null);
          toast(success[0], { description: success[1], variant: 'success' });
        },
        onError: () => toast('Error', { description: failure, variant: 'destructive' }),
      },
    );

  return (
    <InfoCard title="Quick Actions" testId="quick-actions">
      <Stack spacing={1}>
        <Button variant="outlined" fullWidth onClick={() => setDialog('status')} data-testid="update-status-button">
          Update Status
        </Button>
        <Button variant="outlined" fullWidth onClick={() => setDialog('priority')} data-testid="update-priority-button">
          Update Priority
        </Button>
        <Button variant="outlined" fullWidth onClick={() => setDialog('note')} data-testid="add-note-button">
          Add Note
        </Button>
        <Button
          variant="outlined"
          fullWidth
          data-testid="contact-customer-button"
          {...(email
            ? { component: 'a', href: `mailto:${email}?subject=${encodeURIComponent(`Your warranty ticket ${ticket.ticket_number}`)}` }
            : { onClick: () => toast('No Email', { description: 'This customer does not have an email address on file.', variant: 'destructive' }) })}
        >
          Contact Customer
        </Button>
      </Stack>
      {dialog === 'status' ? (
        <ChoiceDialog
          title="Update Status"
          testId="update-status"
          options={dialogOptions(DETAIL_STATUSES, ticket.status)}
          initial={ticket.status}
          pending={isPending}
          onClose={() => setDialog(null)}
          onSave={status => save({ status }, ['Status Updated', `Ticket status changed to ${status}.`], 'Failed to update ticket status.')}
        />
      ) : null}
      {dialog === 'priority' ? (
        <ChoiceDialog
          title="Update Priority"
          testId="update-priority"
          options={dialogOptions(TICKET_PRIORITIES, ticket.priority)}
          initial={ticket.priority}
          pending={isPending}
          onClose={() => setDialog(null)}
          onSave={priority => save({ priority }, ['Priority Updated', `Ticket priority changed to ${priority}.`], 'Failed to update ticket priority.')}
        />
      ) : null}
      {dialog === 'note' ? (
        <NoteDialog
          pending={isPending}
          onClose={() => setDialog(null)}
          onSave={note =>
            save(
              { issue_description: appendNote(ticket.issue_description, note) },
              ['Note Added', 'Your note has been added to the ticket.'],
              'Failed to add note.',
            )
          }
        />
      ) : null}
    </InfoCard>
  );
}

type DialogProps<T> = { pending: boolean; onClose(): void; onSave(value: T): void };

/**
 * One choice among `options`, the ticket's current value selected (Update Status, Update Priority).
 * Its confirm button stays disabled until another value is chosen: saving the same value changes nothing.
 */
function ChoiceDialog({
  title,
  testId,
  options,
  initial,
  pending,
  onClose,
  onSave,
}: DialogProps<string> & { title: string; testId: string; options: readonly string[]; initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="xs" data-testid={`${testId}-dialog`}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <RadioGroup value={value} onChange={event => setValue(event.target.value)} aria-label={title.replace('Update ', '')}>
          {options.map(option => (
            <FormControlLabel key={option} value={option} control={<Radio />} label={option} />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => onSave(value)} disabled={pending || !value || value === initial} data-testid={`${testId}-confirm`}>
          {title}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A multi-line note with its "N / 2000 characters" counter; blank or too long cannot be confirmed. */
function NoteDialog({ pending, onClose, onSave }: DialogProps<string>) {
  const [note, setNote] = useState('');
  const tooLong = isNoteTooLong(note);
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="sm" data-testid="add-note-dialog">
      <DialogTitle>Add Note</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          multiline
          minRows={4}
          maxRows={12}
          fullWidth
          label="Note"
          placeholder="Write a note about this ticket"
          value={note}
          onChange={event => setNote(event.target.value)}
          error={tooLong}
          helperText={
            <Stack component="span" direction="row" justifyContent="space-between" gap={2}>
              <span data-testid="note-error">{tooLong ? NOTE_TOO_LONG_MESSAGE : ''}</span>
              <span data-testid="note-counter">{noteCounter(note)}</span>
            </Stack>
          }
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'note-input' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => onSave(note)} disabled={pending || isBlankNote(note) || tooLong} data-testid="add-note-confirm">
          Add Note
        </Button>
      </DialogActions>
    </Dialog>
  );
}
