import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  Skeleton,
  Stack,
  Switch,
  FormControlLabel,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useGetOne } from 'react-admin';
import { PriorityBadge, StatusBadge } from '../../components/StatusBadge';
import { useToast } from '../../components/useToast';
import { formatShortDate } from '../../lib/date';
import { formatDuration } from '../../lib/duration';
import type { Ticket, TicketCallLog } from '../../lib/ticketTypes';
import { ticketsApi, useRefreshTickets } from './api';
import { AddNoteDialog, UpdateStatusDialog } from './TicketDialogs';

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** /tickets/{id}: the ticket detail with its quick actions (registered as the resource's edit view). */
export function TicketDetail() {
  const { id = '' } = useParams();
  const { data: ticket, isPending, error } = useGetOne<Ticket>('tickets', { id }, { retry: false });

  if (isPending) return <DetailSkeleton />;
  const status = (error as { status?: number } | null)?.status;
  if (!ticket || status === 404 || status === 400) {
    if (error && status !== 404 && status !== 400) {
      return (
        <Alert severity="error" data-testid="ticket-error">
          {(error as Error).message || 'Failed to load ticket'}
        </Alert>
      );
    }
    return <TicketNotFound />;
  }
  return <TicketDetailView ticket={ticket} />;
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

function TicketDetailView({ ticket }: { ticket: Ticket }) {
  const [statusOpen, setStatusOpen] = useState(false);
  const [noteOpen, setNoteOpen] = useState(false);
  const toast = useToast();
  const email = ticket.customer?.email?.trim();

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
        <Stack direction="row" spacing={1}>
          <StatusBadge status={ticket.status} />
          <PriorityBadge priority={ticket.priority} />
        </Stack>
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <CustomerCard ticket={ticket} />
          <ProductCard ticket={ticket} />
          <IssueCard ticket={ticket} />
          <CallHistoryCard ticketId={ticket.id} />
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <InfoCard title="Timeline" testId="timeline-card">
            <TimelineItem label="Ticket Created" time={ticket.created_at} />
            {ticket.updated_at && ticket.updated_at !== ticket.created_at ? (
              <TimelineItem label="Last Updated" time={ticket.updated_at} />
            ) : null}
          </InfoCard>
          <InfoCard title="Quick Actions" testId="quick-actions">
            <Stack spacing={1}>
              <Button variant="outlined" fullWidth onClick={() => setStatusOpen(true)} data-testid="update-status-button">
                Update Status
              </Button>
              <Button variant="outlined" fullWidth onClick={() => setNoteOpen(true)} data-testid="add-note-button">
                Add Note
              </Button>
              {email ? (
                <Button
                  variant="outlined"
                  fullWidth
                  component="a"
                  href={`mailto:${email}?subject=${encodeURIComponent(`Your warranty ticket ${ticket.ticket_number}`)}`}
                  data-testid="contact-customer-button"
                >
                  Contact Customer
                </Button>
              ) : (
                <Button
                  variant="outlined"
                  fullWidth
                  data-testid="contact-customer-button"
                  onClick={() =>
                    toast('No Email', {
                      description: 'This customer does not have an email address on file.',
                      variant: 'destructive',
                    })
                  }
                >
                  Contact Customer
                </Button>
              )}
            </Stack>
          </InfoCard>
          <VerificationCard ticket={ticket} />
        </Stack>
      </Box>
      <UpdateStatusDialog ticket={ticket} open={statusOpen} onClose={() => setStatusOpen(false)} />
      <AddNoteDialog ticket={ticket} open={noteOpen} onClose={() => setNoteOpen(false)} />
    </Box>
  );
}

function InfoCard({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem', mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', fontWeight: 500 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }} data-testid={testId}>
        {value === null || value === undefined || value === '' ? 'N/A' : value}
      </Typography>
    </Box>
  );
}

function Fields({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>{children}</Box>;
}

function CustomerCard({ ticket }: { ticket: Ticket }) {
  const c = ticket.customer;
  const street = c?.street?.trim();
  const cityLine = [c?.city, [c?.state, c?.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <InfoCard title="Customer Information" testId="customer-card">
      <Fields>
        <Field label="Name" value={c?.name} testId="customer-name" />
        <Field label="Email" value={c?.email} testId="customer-email" />
        <Field label="Phone" value={c?.phone} testId="customer-phone" />
        {street ? (
          <Field
            label="Address"
            testId="customer-address"
            value={
              <>
                {street}
                {cityLine ? <><br />{cityLine}</> : null}
              </>
            }
          />
        ) : null}
      </Fields>
    </InfoCard>
  );
}

function ProductCard({ ticket }: { ticket: Ticket }) {
  return (
    <InfoCard title="Product Information" testId="product-card">
      <Fields>
        <Field label="Brand" value={ticket.product_brand} />
        <Field label="Model" value={ticket.product_model} />
        <Field label="Purchase Location" value={ticket.purchase_location} />
        <Field label="Purchase Date" value={formatShortDate(ticket.purchase_date)} testId="purchase-date" />
        {ticket.product_sku ? <Field label="Product SKU" value={ticket.product_sku} /> : null}
        {ticket.serial_number ? <Field label="Serial Number" value={ticket.serial_number} /> : null}
        {ticket.order_number ? <Field label="Order Number" value={ticket.order_number} /> : null}
        {ticket.under_warranty === true || ticket.under_warranty === false ? (
          <Field
            label="Warranty"
            value={
              <Chip
                size="small"
                label={ticket.under_warranty ? 'UNDER WARRANTY' : 'OUT OF WARRANTY'}
                sx={{
                  fontWeight: 700,
                  color: ticket.under_warranty ? '#15803d' : '#b91c1c',
                  bgcolor: ticket.under_warranty ? '#dcfce7' : '#fee2e2',
                }}
              />
            }
          />
        ) : null}
      </Fields>
    </InfoCard>
  );
}

function Flag({ label, on, testId }: { label: string; on: boolean; testId: string }) {
  return (
    <Chip
      size="small"
      data-testid={testId}
      data-state={on ? 'yes' : 'no'}
      label={`${label}: ${on ? 'Yes' : 'No'}`}
      sx={{ fontWeight: 600, color: on ? '#b91c1c' : '#475569', bgcolor: on ? '#fee2e2' : '#f1f5f9' }}
    />
  );
}

function IssueCard({ ticket }: { ticket: Ticket }) {
  return (
    <InfoCard title="Issue Details" testId="issue-card">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Flag label="Injury Reported" on={ticket.injury_reported} testId="flag-injury" />
        <Flag label="Property Damage" on={ticket.property_damage} testId="flag-damage" />
      </Box>
      <Typography
        variant="body2"
        data-testid="issue-description"
        sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', bgcolor: 'background.default', p: 1.5, borderRadius: 1, mb: 2 }}
      >
        {ticket.issue_description}
      </Typography>
      <Fields>
        {ticket.issue_category ? <Field label="Issue Category" value={ticket.issue_category} /> : null}
        {ticket.issue_start_time ? <Field label="Issue Started" value={ticket.issue_start_time} /> : null}
        {ticket.preferred_resolution ? <Field label="Preferred Resolution" value={ticket.preferred_resolution} /> : null}
        {ticket.contact_method ? <Field label="Preferred Contact Method" value={ticket.contact_method} /> : null}
        {ticket.troubleshooting_attempted ? (
          <Field label="Troubleshooting Steps" value={ticket.troubleshooting_steps} />
        ) : null}
      </Fields>
    </InfoCard>
  );
}

function CallHistoryCard({ ticketId }: { ticketId: string }) {
  const { data: calls, isPending, error } = useQuery({
    queryKey: ['tickets', 'call-logs', ticketId],
    queryFn: () => ticketsApi.callLogs(ticketId),
  });
  return (
    <InfoCard title="Call History & Recordings" testId="call-history">
      {isPending ? (
        <Skeleton variant="rounded" height={64} />
      ) : error ? (
        <Typography variant="body2" color="error">
          {(error as Error).message}
        </Typography>
      ) : !calls?.length ? (
        <Typography variant="body2" color="text.secondary" data-testid="no-calls">
          No call recordings yet
        </Typography>
      ) : (
        <Stack spacing={1.5}>
          {calls.map(call => (
            <CallItem key={call.id} call={call} />
          ))}
        </Stack>
      )}
    </InfoCard>
  );
}

function CallItem({ call }: { call: TicketCallLog }) {
  return (
    <Box data-testid="call-item" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {call.from_phone || 'Unknown number'}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(call.created_at)} · {formatDuration(call.call_duration)}
        </Typography>
      </Box>
      {call.recording_url ? (
        <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
          <Link href={call.recording_url} target="_blank" rel="noopener noreferrer" variant="body2">
            Play Recording
          </Link>
          <Link href={call.recording_url} download variant="body2">
            Download
          </Link>
        </Stack>
      ) : null}
      {call.transcription ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
          {call.transcription}
        </Typography>
      ) : null}
    </Box>
  );
}

function TimelineItem({ label, time }: { label: string; time: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, mb: 1.5, '&:last-child': { mb: 0 } }}>
      <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main', mt: 0.75, flexShrink: 0 }} />
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(time)}
        </Typography>
      </Box>
    </Box>
  );
}

function VerificationCard({ ticket }: { ticket: Ticket }) {
  const toast = useToast();
  const refresh = useRefreshTickets();
  const [verified, setVerified] = useState(ticket.purchase_verified);
  const [saving, setSaving] = useState(false);
  useEffect(() => setVerified(ticket.purchase_verified), [ticket.purchase_verified]);

  const toggle = async (next: boolean) => {
    setVerified(next);
    setSaving(true);
    try {
      await ticketsApi.update(ticket.id, { purchase_verified: next });
      toast('Purchase Verification Updated', {
        description: next ? 'The purchase is marked as verified.' : 'The purchase is marked as not verified.',
        variant: 'success',
      });
      await refresh();
    } catch {
      setVerified(!next);
      toast('Error', { description: 'Failed to update purchase verification.', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <InfoCard title="Verification" testId="verification-card">
      <FormControlLabel
        control={
          <Switch
            checked={verified}
            disabled={saving}
            onChange={event => toggle(event.target.checked)}
            slotProps={{ input: { 'aria-label': 'Purchase Verified' } }}
            data-testid="purchase-verified-switch"
          />
        }
        label="Purchase Verified"
      />
    </InfoCard>
  );
}
