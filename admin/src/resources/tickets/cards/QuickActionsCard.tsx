import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { useUpdate } from 'react-admin';
import { useToast } from '../../../components/useToast';
import { appendNote, isBlankNote } from '../../../lib/ticketNotes';
import type { Ticket } from '../../../providers/types';
import { InfoCard } from './InfoCard';

/** Statuses the detail page's dialog offers (bulk actions add Resolved). */
export const DETAIL_STATUSES = ['Open', 'Pending', 'Closed'] as const;

/**
 * Update Status, Add Note, Contact Customer. Both edits are react-admin updates (PATCH
 * /api/tickets/{id}): the page, the list and the dashboard counts refresh by themselves.
 */
export function QuickActionsCard({ ticket }: { ticket: Ticket }) {
  const [dialog, setDialog] = useState<'status' | 'note' | null>(null);
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
        <StatusDialog
          initial={ticket.status}
          pending={isPending}
          onClose={() => setDialog(null)}
          onSave={status => save({ status }, ['Status Updated', `Ticket status changed to ${status}.`], 'Failed to update ticket status.')}
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

function StatusDialog({ initial, pending, onClose, onSave }: DialogProps<string> & { initial: string }) {
  const [status, setStatus] = useState(initial);
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="xs" data-testid="update-status-dialog">
      <DialogTitle>Update Status</DialogTitle>
      <DialogContent>
        <RadioGroup value={status} onChange={event => setStatus(event.target.value)} aria-label="Status">
          {DETAIL_STATUSES.map(option => (
            <FormControlLabel key={option} value={option} control={<Radio />} label={option} />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => onSave(status)} disabled={pending || !status} data-testid="update-status-confirm">
          Update Status
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function NoteDialog({ pending, onClose, onSave }: DialogProps<string>) {
  const [note, setNote] = useState('');
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="sm" data-testid="add-note-dialog">
      <DialogTitle>Add Note</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          multiline
          minRows={4}
          fullWidth
          label="Note"
          placeholder="Write a note about this ticket"
          value={note}
          onChange={event => setNote(event.target.value)}
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'note-input' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => onSave(note)} disabled={pending || isBlankNote(note)} data-testid="add-note-confirm">
          Add Note
        </Button>
      </DialogActions>
    </Dialog>
  );
}
