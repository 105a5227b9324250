import { Alert, Button } from '@mui/material';
import { missingIntakeFields } from '@warranty-crm/contract';
import { Link as RouterLink } from 'react-router';
import type { Ticket } from '../../../providers/types';

/**
 * A ticket made from a call or by the AI agent may lack the create form's fields: which ones, and
 * the way to the Edit view that completes them. Nothing when none is missing.
 */
export function MissingIntakeCard({ ticket, questions }: { ticket: Ticket; questions?: readonly string[] }) {
  const missing = missingIntakeFields(ticket, questions);
  if (!missing.length) return null;
  return (
    <Alert
      severity="warning"
      data-testid="missing-intake"
      sx={{ mb: 2 }}
      action={
        <Button component={RouterLink} to={`/tickets/${ticket.id}/edit`} color="inherit" size="small" data-testid="missing-intake-edit">
          Complete in Edit
        </Button>
      }
    >
      Missing: {missing.join(', ')}
    </Alert>
  );
}
