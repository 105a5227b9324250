import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Card, CardContent, Chip, Link, Skeleton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetOne } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router';
import { StatusBadge } from '../../components/StatusBadge';
import { addressLines } from '../../lib/customers';
import { formatDateTime, formatShortDate } from '../../lib/date';
import { formatDuration } from '../../lib/duration';
import { warrantyLabel } from '../../lib/warranty';
import type { CustomerAttachment, CustomerCall, CustomerDetail, CustomerMessage, CustomerTicket } from '../../providers/types';
import { Field, Fields, InfoCard } from '../tickets/cards/InfoCard';
import { CustomerDataButtons } from './CustomerDataButtons';
import { MergeCustomerButton } from './MergeCustomerButton';

/** /customers/{id}/show: contact details, address, counts, every ticket with its warranty, the calls, and the Merge action. */
export function CustomerShow() {
  const { id = '' } = useParams();
  const { data: customer, isPending, error } = useGetOne<CustomerDetail>('customers', { id }, { retry: false });
  if (isPending) return <Skeleton variant="rounded" height={360} />;
  if (error || !customer) {
    return (
      <Alert severity="error" data-testid="customer-not-found">
        {(error as Error | null)?.message || 'Customer not found'}
      </Alert>
    );
  }
  const address = addressLines(customer);
  return (
    <Box data-testid="customer-show">
      <Button component={RouterLink} to="/customers" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1, ml: -1 }}>
        Customers
      </Button>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 3 }}>
        <Box sx={{ mr: 'auto' }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }} data-testid="customer-title">
            {customer.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Customer since {formatShortDate(customer.created_at)}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          <MergeCustomerButton customer={customer} />
          <CustomerDataButtons customer={customer} />
          <Button component={RouterLink} to={`/customers/${customer.id}`} variant="outlined" startIcon={<EditIcon />} data-testid="customer-edit-link">
            Edit
          </Button>
        </Stack>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Stack spacing={2}>
          <InfoCard title="Contact" testId="customer-contact-card">
            <Fields>
              <Field label="Email" value={customer.email} testId="customer-show-email" />
              <Field label="Phone" value={customer.phone} testId="customer-show-phone" />
              <Field label="Address" testId="customer-show-address" value={address ? address.map((line, i) => <span key={line}>{i > 0 ? <br /> : null}{line}</span>) : null} />
            </Fields>
          </InfoCard>
          <InfoCard title="At a glance" testId="customer-counts-card">
            <Fields>
              <Field label="Tickets" value={String(customer.tickets_count)} testId="customer-tickets-count" />
              <Field label="Open tickets" value={String(customer.open_tickets_count)} />
              <Field label="Calls" value={String(customer.calls_count)} testId="customer-calls-count" />
              <Field label="Messages" value={String(customer.messages_count)} testId="customer-messages-count" />
              <Field label="Attachments" value={String(customer.attachments_count)} testId="customer-attachments-count" />
            </Fields>
          </InfoCard>
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <TicketsCard tickets={customer.tickets} />
          <CallsCard calls={customer.calls} />
          <MessagesCard messages={customer.messages} />
          <AttachmentsCard attachments={customer.attachments} />
        </Stack>
      </Box>
    </Box>
  );
}

function TicketsCard({ tickets }: { tickets: CustomerTicket[] }) {
  return (
    <SectionCard title="Tickets" testId="customer-tickets" empty={tickets.length === 0 ? 'No tickets yet' : null}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Ticket</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Product</TableCell>
              <TableCell>Warranty</TableCell>
              <TableCell>Created</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tickets.map((t) => {
              const label = warrantyLabel(t);
              return (
                <TableRow key={t.id} data-testid="customer-ticket-row">
                  <TableCell>
                    <Link component={RouterLink} to={`/tickets/${t.id}`} sx={{ fontWeight: 600 }} data-testid="customer-ticket-link">
                      {t.ticket_number}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <StatusBadge status={t.status} />
                  </TableCell>
                  <TableCell>{[t.product_brand, t.product_model].filter(Boolean).join(' ') || 'N/A'}</TableCell>
                  <TableCell>
                    {label ? (
                      <Chip size="small" variant="outlined" label={label} color={t.under_warranty ? 'success' : 'error'} data-testid="customer-ticket-warranty" />
                    ) : (
                      'N/A'
                    )}
                  </TableCell>
                  <TableCell>{formatShortDate(t.created_at)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    </SectionCard>
  );
}

function CallsCard({ calls }: { calls: CustomerCall[] }) {
  return (
    <SectionCard title="Calls" testId="customer-calls" empty={calls.length === 0 ? 'No calls yet' : null}>
      <Stack spacing={1}>
        {calls.map((c) => (
          <Box key={c.id} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline' }} data-testid="customer-call-row">
            <Typography sx={{ fontWeight: 600 }}>{c.call_type === 'voicemail' ? 'Voicemail' : 'Call'}</Typography>
            <Typography variant="body2">{c.from_phone ?? 'Unknown number'}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(String(c.created_at))}
              {c.recording_duration != null ? ` · ${formatDuration(c.recording_duration)}` : ''}
            </Typography>
            {c.ticket_id ? (
              <Link component={RouterLink} to={`/tickets/${c.ticket_id}`} variant="body2">
                {c.ticket_number}
              </Link>
            ) : null}
          </Box>
        ))}
      </Stack>
    </SectionCard>
  );
}

const CHANNEL_LABEL: Record<string, string> = { email: 'E-mail', sms: 'SMS', comment: 'Internal comment' };
const DIRECTION_LABEL: Record<string, string> = { inbound: 'from the customer', outbound: 'to the customer', internal: '' };

function MessagesCard({ messages }: { messages: CustomerMessage[] }) {
  return (
    <SectionCard title="Messages" testId="customer-messages" empty={messages.length === 0 ? 'No messages yet' : null}>
      <Stack spacing={1.5}>
        {messages.map((m) => (
          <Box key={m.id} data-testid="customer-message-row">
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline' }}>
              <Typography sx={{ fontWeight: 600 }}>
                {CHANNEL_LABEL[m.channel] ?? m.channel} {DIRECTION_LABEL[m.direction] ?? ''}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {m.author_name ? `${m.author_name} · ` : ''}
                {formatDateTime(String(m.created_at))}
              </Typography>
              <Link component={RouterLink} to={`/tickets/${m.ticket_id}`} variant="body2">
                {m.ticket_number}
              </Link>
            </Box>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {m.subject ? `${m.subject}: ` : ''}
              {m.excerpt}
            </Typography>
          </Box>
        ))}
      </Stack>
    </SectionCard>
  );
}

const TAG_LABEL: Record<string, string> = { receipt: 'Receipt', damage: 'Damage', serial_plate: 'Serial plate', other: 'Other' };

function AttachmentsCard({ attachments }: { attachments: CustomerAttachment[] }) {
  return (
    <SectionCard title="Attachments" testId="customer-attachments" empty={attachments.length === 0 ? 'No attachments yet' : null}>
      <Stack spacing={1}>
        {attachments.map((a) => (
          <Box key={a.id} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline' }} data-testid="customer-attachment-row">
            <Link href={a.content_url} target="_blank" rel="noopener" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {a.filename}
            </Link>
            <Chip size="small" label={TAG_LABEL[a.tag] ?? a.tag} />
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(String(a.created_at))}
            </Typography>
            <Link component={RouterLink} to={`/tickets/${a.ticket_id}`} variant="body2">
              {a.ticket_number}
            </Link>
          </Box>
        ))}
      </Stack>
    </SectionCard>
  );
}

/** One of the customer's record cards: its title, then what it lists or what it says when there is nothing. */
function SectionCard({ title, testId, empty, children }: { title: string; testId: string; empty: string | null; children: ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Typography variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {empty ? <Typography color="text.secondary">{empty}</Typography> : children}
      </CardContent>
    </Card>
  );
}
