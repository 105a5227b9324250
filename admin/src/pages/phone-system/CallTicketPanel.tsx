import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetOne } from 'react-admin';
import { useNavigate } from 'react-router';
import { shortTicketId } from '../../lib/phoneSystem';
import type { CallLog, Ticket } from '../../providers/types';
import { CreateTicketDialog } from '../../resources/tickets/CreateTicketDialog';

/** The ticket linked to the call, or a way to create one from it (linked through call_log_id). */
export function CallTicketPanel({ call }: { call: CallLog }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
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

  return (
    <Card variant="outlined" data-testid="call-create-ticket">
      <CardContent>
        <Typography variant="subtitle2" gutterBottom>Create Ticket</Typography>
        <Typography variant="body2" color="text.secondary">
          No ticket is linked to this call. Create one with the caller as the customer and the transcription as the issue.
        </Typography>
        <Box sx={{ mt: 2 }}>
          <Button variant="contained" fullWidth onClick={() => setCreating(true)} data-testid="call-create-ticket-open">
            Create Ticket
          </Button>
        </Box>
      </CardContent>
      {creating && (
        <CreateTicketDialog
          open
          onClose={() => setCreating(false)}
          callLogId={call.id}
          initialValues={{
            customerName: call.caller_name ?? '',
            customerPhone: call.from_phone ?? '',
            issueDescription: call.transcription ?? '',
          }}
          onCreated={() => void queryClient.invalidateQueries({ queryKey: ['call-logs'] })}
        />
      )}
    </Card>
  );
}
