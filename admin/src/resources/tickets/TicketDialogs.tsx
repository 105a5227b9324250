import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useToast } from '../../components/useToast';
import { appendNote, isBlankNote } from '../../lib/ticketNotes';
import type { Ticket } from '../../lib/ticketTypes';
import { ticketsApi, useRefreshTickets } from './api';

/** Statuses the detail page's dialog offers (bulk actions add Resolved). */
export const DETAIL_STATUSES = ['Open', 'Pending', 'Closed'] as const;

export function UpdateStatusDialog({ ticket, open, onClose }: { ticket: Ticket; open: boolean; onClose(): void }) {
  const toast = useToast();
  const refresh = useRefreshTickets();
  const [status, setStatus] = useState(ticket.status);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (open) setStatus(ticket.status);
  }, [open, ticket.status]);

  const save = async () => {
    setPending(true);
    try {
      await ticketsApi.update(ticket.id, { status });
      toast('Status Updated', { description: `Ticket status changed to ${status}.`, variant: 'success' });
      onClose();
      await refresh();
    } catch {
      toast('Error', { description: 'Failed to update ticket status.', variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} fullWidth maxWidth="xs" data-testid="update-status-dialog">
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
        <Button variant="contained" onClick={save} disabled={pending || !status} data-testid="update-status-confirm">
          Update Status
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function AddNoteDialog({ ticket, open, onClose }: { ticket: Ticket; open: boolean; onClose(): void }) {
  const toast = useToast();
  const refresh = useRefreshTickets();
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (open) setNote('');
  }, [open]);

  const save = async () => {
    if (isBlankNote(note)) return;
    setPending(true);
    try {
      await ticketsApi.update(ticket.id, { issue_description: appendNote(ticket.issue_description, note) });
      toast('Note Added', { description: 'Your note has been added to the ticket.', variant: 'success' });
      onClose();
      await refresh();
    } catch {
      toast('Error', { description: 'Failed to add note.', variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} fullWidth maxWidth="sm" data-testid="add-note-dialog">
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
        <Button variant="contained" onClick={save} disabled={pending || isBlankNote(note)} data-testid="add-note-confirm">
          Add Note
        </Button>
      </DialogActions>
    </Dialog>
  );
}
