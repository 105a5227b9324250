import { Alert } from '@mui/material';
import { useGetOne } from 'react-admin';
import { type ConfirmationFields, confirmationLine } from '../../../lib/ticketActivity';
import type { Ticket } from '../../../providers/types';

/** While the e-mail is queued, the ticket is read again this often (its outcome is due within 5 minutes). */
const PENDING_REFRESH_MS = 3000;

/**
 * The customer's confirmation e-mail: sent (to whom, when), not sent for want of SMTP, being sent,
 * or failed with the reason; nothing when the ticket has no customer e-mail. While it is being
 * sent, the ticket is refetched (the whole detail page shares that read) until the outcome arrives.
 */
export function ConfirmationEmailStatus({ ticket }: { ticket: Ticket }) {
  const pending = ticket.confirmation_status === 'pending';
  useGetOne<Ticket>('tickets', { id: ticket.id }, { enabled: pending, refetchInterval: pending ? PENDING_REFRESH_MS : false, retry: false });
  return <ConfirmationEmailLine ticket={ticket} />;
}

export function ConfirmationEmailLine({ ticket }: { ticket: ConfirmationFields }) {
  const line = confirmationLine(ticket);
  if (!line) return null;
  return (
    <Alert severity={line.severity} data-testid="confirmation-email-status" sx={{ wordBreak: 'break-word' }}>
      {line.text}
    </Alert>
  );
}
