import { Button, Stack } from '@mui/material';
import { useUpdate } from 'react-admin';
import { useToast } from '../../../components/useToast';
import { useCurrentUser } from '../../../providers/useAccount';
import type { Ticket } from '../../../providers/types';
import { AssigneeSelect } from '../assignment/AssigneeSelect';
import { InfoCard } from './InfoCard';

/** The detail page's Assignee card: who works the ticket, changed with the select or "Assign to me". */
export function AssigneeCard({ ticket }: { ticket: Ticket }) {
  const { user } = useCurrentUser();
  const toast = useToast();
  const [update, { isPending }] = useUpdate<Ticket>('tickets');
  const me = user?.id != null ? String(user.id) : null;
  return (
    <InfoCard title="Assignee" testId="assignee-card">
      <Stack spacing={1.5}>
        <AssigneeSelect ticket={ticket} />
        {me && ticket.assignee_id !== me ? (
          <Button
            size="small"
            variant="outlined"
            disabled={isPending}
            data-testid="assign-to-me"
            onClick={() =>
              update(
                'tickets',
                { id: ticket.id, data: { assignee_id: me }, previousData: ticket },
                {
                  onSuccess: () => toast('Ticket assigned', { description: `${ticket.ticket_number} is assigned to you.`, variant: 'success' }),
                  onError: error => toast('Error', { description: (error as Error)?.message || 'Failed to assign the ticket.', variant: 'destructive' }),
                },
              )
            }
          >
            Assign to me
          </Button>
        ) : null}
      </Stack>
    </InfoCard>
  );
}
