import { Link as RouterLink, useParams } from 'react-router';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useGetOne } from 'react-admin';
import { PriorityBadge, StatusBadge } from '../../components/StatusBadge';
import { formatDateTime } from '../../lib/date';
import type { Ticket } from '../../providers/types';
import { AttachmentsCard } from './attachments/AttachmentsCard';
import { ActivityCard } from './cards/ActivityCard';
import { AssigneeCard } from './cards/AssigneeCard';
import { CallHistoryCard } from './cards/CallHistoryCard';
import { ConversationCard } from './conversation/ConversationCard';
import { ConfirmationEmailStatus } from './cards/ConfirmationEmailStatus';
import { CustomerCard } from './cards/CustomerCard';
import { IssueCard } from './cards/IssueCard';
import { ProductCard } from './cards/ProductCard';
import { QuickActionsCard } from './cards/QuickActionsCard';
import { ResponsePromiseCard } from './cards/ResponsePromiseCard';
import { VerificationCard } from './cards/VerificationCard';
import { MissingIntakeCard } from './cards/MissingIntakeCard';
import { TimelineCard } from './cards/TimelineCard';
import { useTicketSettings } from './useTicketSettings';
import { PossibleDuplicatesCard } from './PossibleDuplicates';
import { ResolutionCard } from './warranty/ResolutionCard';
import { SerialHistoryNotice } from './warranty/SerialHistoryNotice';

/** /tickets/{id}: the ticket detail with its quick actions (the resource's edit view). */
export function TicketDetail() {
  const { id = '' } = useParams();
  const { data: ticket, isPending, error } = useGetOne<Ticket>('tickets', { id }, { retry: false });
  const { questions } = useTicketSettings();

  if (isPending) return <DetailSkeleton />;
  const status = (error as { status?: number } | null)?.status;
  if (error && status !== 404 && status !== 400) {
    return (
      <Alert severity="error" data-testid="ticket-error">
        {error.message || 'Failed to load ticket'}
      </Alert>
    );
  }
  if (!ticket) return <TicketNotFound />;

  return (
    <Box data-testid="ticket-detail">
      <Button component={RouterLink} to="/tickets" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1, ml: -1 }} data-testid="back-link">
        Back
      </Button>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 3 }}>
        <Box sx={{ mr: 'auto' }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }} data-testid="ticket-number">
            {ticket.ticket_number}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="ticket-created">
            Created {formatDateTime(ticket.created_at)}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} alignItems="center">
          <StatusBadge status={ticket.status} />
          <PriorityBadge priority={ticket.priority} />
          <Button component={RouterLink} to={`/tickets/${ticket.id}/edit`} variant="outlined" size="small" startIcon={<EditIcon />} data-testid="ticket-edit-link">
            Edit
          </Button>
        </Stack>
      </Box>
      <MissingIntakeCard ticket={ticket} questions={questions} />
      <PossibleDuplicatesCard ticket={ticket} />
      <SerialHistoryNotice ticket={ticket} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <CustomerCard ticket={ticket} />
          <ProductCard ticket={ticket} />
          <IssueCard ticket={ticket} />
          <ResolutionCard ticket={ticket} />
          <ConversationCard ticket={ticket} />
          <CallHistoryCard ticketId={ticket.id} />
          <AttachmentsCard ticketId={ticket.id} />
        </Stack>
        {/* The spec's sidebar (Timeline, Quick Actions, Verification) first, drawn from the ticket itself; the
            cards that fill in later (the confirmation's outcome, the activity) below them, so that nothing
            moves the Quick Actions' buttons as they are pressed. */}
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <AssigneeCard ticket={ticket} />
          <TimelineCard ticket={ticket} />
          <ResponsePromiseCard ticket={ticket} />
          <QuickActionsCard ticket={ticket} />
          <VerificationCard ticket={ticket} />
          <ConfirmationEmailStatus ticket={ticket} />
          <ActivityCard ticket={ticket} />
        </Stack>
      </Box>
    </Box>
  );
}

function TicketNotFound() {
  return (
    <Card data-testid="ticket-not-found" sx={{ maxWidth: 560, mx: 'auto', mt: 6, textAlign: 'center' }}>
      <CardContent sx={{ py: 5 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          Ticket Not Found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          The ticket you're looking for doesn't exist.
        </Typography>
        <Button component={RouterLink} to="/tickets" variant="contained" startIcon={<ArrowBackIcon />}>
          Back to Tickets
        </Button>
      </CardContent>
    </Card>
  );
}

function DetailSkeleton() {
  return (
    <Box data-testid="ticket-detail-skeleton">
      <Skeleton width={240} height={48} />
      <Skeleton width={320} height={24} sx={{ mb: 2 }} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
        <Skeleton variant="rounded" height={320} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    </Box>
  );
}
