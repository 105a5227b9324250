import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { Form, required, useInput, useUpdate } from 'react-admin';
import { useNavigate } from 'react-router';
import { useWatch, type FieldValues } from 'react-hook-form';
import { useToast } from '../../../components/useToast';
import { appendNote, isBlankNote, isNoteTooLong, NOTE_TOO_LONG_MESSAGE, noteCounter } from '../../../lib/ticketNotes';
import { dialogOptions, DETAIL_STATUSES, TICKET_PRIORITIES } from '../../../lib/ticketOptions';
import type { Ticket } from '../../../providers/types';
import { REPLY_HASH } from '../conversation/ConversationCard';
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
  // Contact Customer opens the Conversation card's reply box on e-mail.
  const navigate = useNavigate();

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
          onClick={() =>
            email
              ? navigate({ hash: REPLY_HASH })
              : toast('No Email', { description: 'This customer does not have an email address on file.', variant: 'destructive' })
          }
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
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="xs" data-testid={`${testId}-dialog`}>
      <Form record={{ value: initial }} onSubmit={(values: FieldValues) => onSave(String(values.value ?? ''))} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <ChoiceInput options={options} label={title.replace('Update ', '')} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <ChoiceConfirm title={title} testId={testId} initial={initial} pending={pending} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** The options as the form's radio group. */
function ChoiceInput({ options, label }: { options: readonly string[]; label: string }) {
  const { field } = useInput<string>({ source: 'value', validate: CHOICE_RULES });
  return (
    <RadioGroup value={field.value ?? ''} onChange={event => field.onChange(event.target.value)} aria-label={label}>
      {options.map(option => (
        <FormControlLabel key={option} value={option} control={<Radio />} label={option} />
      ))}
    </RadioGroup>
  );
}

const CHOICE_RULES = [required()];

function ChoiceConfirm({ title, testId, initial, pending }: { title: string; testId: string; initial: string; pending: boolean }) {
  const value: string = useWatch({ name: 'value' }) ?? '';
  return (
    <Button type="submit" variant="contained" disabled={pending || !value || value === initial} data-testid={`${testId}-confirm`}>
      {title}
    </Button>
  );
}

/** A note is not blank and at most NOTE_MAX_LENGTH characters (the server's rules and message). */
const NOTE_RULES = [
  (value: string | null | undefined) => (isBlankNote(value ?? '') ? 'Note must not be blank' : undefined),
  (value: string | null | undefined) => (isNoteTooLong(value ?? '') ? NOTE_TOO_LONG_MESSAGE : undefined),
];

/** A multi-line note with its "N / 2000 characters" counter; blank or too long cannot be confirmed. */
function NoteDialog({ pending, onClose, onSave }: DialogProps<string>) {
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="sm" data-testid="add-note-dialog">
      <Form record={{ note: '' }} onSubmit={(values: FieldValues) => onSave(String(values.note ?? ''))} noValidate>
        <DialogTitle>Add Note</DialogTitle>
        <DialogContent>
          <NoteInput />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <NoteConfirm pending={pending} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** The note, its too-long message and counter shown as it is typed. */
function NoteInput() {
  const { field } = useInput<string>({ source: 'note', validate: NOTE_RULES });
  const note = field.value ?? '';
  const tooLong = isNoteTooLong(note);
  return (
    <TextField
      autoFocus
      multiline
      minRows={4}
      maxRows={12}
      fullWidth
      label="Note"
      placeholder="Write a note about this ticket"
      name={field.name}
      inputRef={field.ref}
      value={note}
      onChange={event => field.onChange(event.target.value)}
      onBlur={field.onBlur}
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
  );
}

function NoteConfirm({ pending }: { pending: boolean }) {
  const note: string = useWatch({ name: 'note' }) ?? '';
  return (
    <Button type="submit" variant="contained" disabled={pending || isBlankNote(note) || isNoteTooLong(note)} data-testid="add-note-confirm">
      Add Note
    </Button>
  );
}
