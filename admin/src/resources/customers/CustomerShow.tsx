import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Card, CardContent, Chip, Link, Skeleton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useGetOne } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router';
import { StatusBadge } from '../../components/StatusBadge';
import { addressLines } from '../../lib/customers';
import { formatDateTime, formatShortDate } from '../../lib/date';
import { formatDuration } from '../../lib/duration';
import { warrantyLabel } from '../../lib/warranty';
import type { CustomerCall, CustomerDetail, CustomerTicket } from '../../providers/types';
import { Field, Fields, InfoCard } from '../tickets/cards/InfoCard';
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
              <Field label="Messages" value={String(customer.messages_count)} />
            </Fields>
          </InfoCard>
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <TicketsCard tickets={customer.tickets} />
          <CallsCard calls={customer.calls} />
        </Stack>
      </Box>
    </Box>
  );
}

function TicketsCard({ tickets }: { tickets: CustomerTicket[] }) {
  return (
    <Card data-testid="customer-tickets">
      <CardContent>
        <Typography variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
          Tickets
        </Typography>
        {tickets.length === 0 ? (
          <Typography color="text.secondary">No tickets yet</Typography>
        ) : (
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
        )}
      </CardContent>
    </Card>
  );
}

function CallsCard({ calls }: { calls: CustomerCall[] }) {
  return (
    <Card data-testid="customer-calls">
      <CardContent>
        <Typography variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
          Calls
        </Typography>
        {calls.length === 0 ? (
          <Typography color="text.secondary">No calls yet</Typography>
        ) : (
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
        )}
      </CardContent>
    </Card>
  );
}
