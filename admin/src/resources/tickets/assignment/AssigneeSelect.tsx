import { MenuItem, TextField } from '@mui/material';
import { useUpdate } from 'react-admin';
import { useToast } from '../../../components/useToast';
import type { Ticket } from '../../../providers/types';
import { useCrmQuery } from '../../../providers/useCrm';

export const UNASSIGNED = '';

/** The users a ticket can be assigned to, by name (cached with the tickets: a write to them refetches it). */
export function useAssignees() {
  return useCrmQuery('tickets', 'getAssignees', []);
}

/**
 * The ticket's assignee as a select: picking a user (or Unassigned) saves at once with PATCH
 * /api/tickets/{id} { assignee_id }; the detail, the list and the activity refresh themselves.
 */
export function AssigneeSelect({ ticket, label = 'Assignee', testId = 'assignee-select' }: { ticket: Ticket; label?: string; testId?: string }) {
  const toast = useToast();
  const { data: users = [] } = useAssignees();
  const [update, { isPending }] = useUpdate<Ticket>('tickets');
  const current = ticket.assignee_id ?? UNASSIGNED;
  // the current assignee stays a choice while the users load (or after they were removed)
  const choices = ticket.assignee && !users.some(u => u.id === ticket.assignee!.id) ? [...users, ticket.assignee] : users;

  const assign = (next: string) => {
    if (next === current) return;
    const name = choices.find(u => u.id === next)?.name;
    update(
      'tickets',
      { id: ticket.id, data: { assignee_id: next === UNASSIGNED ? null : next }, previousData: ticket },
      {
        onSuccess: () =>
          toast(next === UNASSIGNED ? 'Ticket unassigned' : 'Ticket assigned', {
            description: next === UNASSIGNED ? `${ticket.ticket_number} has no assignee.` : `${ticket.ticket_number} is assigned to ${name}.`,
            variant: 'success',
          }),
        onError: error => toast('Error', { description: (error as Error)?.message || 'Failed to assign the ticket.', variant: 'destructive' }),
      },
    );
  };

  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={current}
      disabled={isPending}
      onChange={event => assign(event.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': `${testId}-input` } }}
      data-testid={testId}
    >
      <MenuItem value={UNASSIGNED}>
        <em>Unassigned</em>
      </MenuItem>
      {choices.map(user => (
        <MenuItem key={user.id} value={user.id}>
          {user.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
