import { formatDateTime } from './date';

/** The ticket fields the confirmation line reads. */
export interface ConfirmationFields {
  confirmation_status?: 'pending' | 'sent' | 'not_sent_no_smtp' | 'failed' | null;
  confirmation_email?: string | null;
  confirmation_sent_at?: string | null;
  confirmation_error?: string | null;
}

export interface ConfirmationLine {
  severity: 'success' | 'info' | 'warning' | 'error';
  text: string;
}

/** What the detail page says about the customer's confirmation e-mail; null when the ticket has none (no customer e-mail). */
export function confirmationLine(ticket: ConfirmationFields): ConfirmationLine | null {
  switch (ticket.confirmation_status) {
    case 'sent':
      return { severity: 'success', text: `Confirmation e-mail sent to ${ticket.confirmation_email ?? 'the customer'} at ${formatDateTime(ticket.confirmation_sent_at)}` };
    case 'not_sent_no_smtp':
      return { severity: 'warning', text: 'No confirmation e-mail was sent: SMTP is not configured (Settings → SMTP Configuration)' };
    case 'pending':
      return { severity: 'info', text: 'Sending confirmation e-mail…' };
    case 'failed':
      return { severity: 'error', text: `Confirmation e-mail failed: ${ticket.confirmation_error || 'unknown error'}` };
    default:
      return null;
  }
}

export type ActivityKind =
  | 'created'
  | 'status_changed'
  | 'note'
  | 'description_edited'
  | 'priority_changed'
  | 'purchase_verification'
  | 'call_linked'
  | 'call_returned'
  | 'confirmation_email'
  | 'attachment_added'
  | 'attachment_removed'
  | 'assigned'
  | 'warranty_decision'
  | 'resolution_created'
  | 'resolution_changed';

const LABELS: Record<ActivityKind, string> = {
  created: 'Ticket Created',
  status_changed: 'Status Changed',
  note: 'Note Added',
  description_edited: 'Description Edited',
  priority_changed: 'Priority Changed',
  purchase_verification: 'Purchase Verification',
  call_linked: 'Call Linked',
  call_returned: 'Call Returned',
  confirmation_email: 'Confirmation E-mail',
  attachment_added: 'Attachment Added',
  attachment_removed: 'Attachment Removed',
  assigned: 'Assignment',
  warranty_decision: 'Warranty Decision',
  resolution_created: 'Resolution Created',
  resolution_changed: 'Resolution Updated',
};

/** The title of an activity entry (an unknown kind from a newer server reads as "Activity"). */
export function activityLabel(kind: string): string {
  return LABELS[kind as ActivityKind] ?? 'Activity';
}
