import { Alert, Box, Link } from '@mui/material';
import { useGetOne } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { serialHistoryNotice, type WarrantyDecision } from '@warranty-crm/contract';
import type { Ticket, TicketDetail } from '../../../providers/types';

/** "Serial SN-123 was claimed before on #WC-000045: approved, replacement shipped", one line per earlier claim, each a link. */
export function SerialHistoryNotice({ ticket }: { ticket: Ticket }) {
  const { data } = useGetOne<TicketDetail>('tickets', { id: ticket.id });
  const history = data?.serial_history ?? [];
  if (!history.length) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="serial-history-notice">
      {history.map(entry => (
        <Box key={entry.ticket_id}>
          <Link component={RouterLink} to={`/tickets/${entry.ticket_id}`} color="inherit" data-testid="serial-history-link">
            {serialHistoryNotice({ ...entry, decision: entry.decision as WarrantyDecision | null, reason: entry.reason ?? null })}
          </Link>
        </Box>
      ))}
    </Alert>
  );
}
