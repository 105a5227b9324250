import { memo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Card, Link, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { ListBase, Pagination, useListContext } from 'react-admin';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { PageHeader } from '../../components/PageHeader';
import { useToast } from '../../components/useToast';
import { useAfterFirstPaint } from '../../lib/afterFirstPaint';
import { DEEP_PAGE_MESSAGE, showingText, TICKET_LIST_META, TICKET_LIST_PER_PAGE, TICKET_LIST_SORT } from '../../lib/ticketList';
import { CreateTicketDialog } from './CreateTicketDialog';
import { TicketBulkBar } from './TicketBulkActions';
import { TicketCards } from './TicketCards';
import { TicketFilters } from './TicketFilters';
import { TicketTable } from './TicketTable';

export const FETCH_FAILED = 'Failed to fetch tickets';

/** /tickets: filters, count, bulk bar and the table (cards below md), paged (Content-Range) and sorted by the server. */
export function TicketList() {
  const toast = useToast();
  const [createOpen, setCreateOpen] = useState(false);
  return (
    <ListBase
      perPage={TICKET_LIST_PER_PAGE}
      sort={TICKET_LIST_SORT}
      queryOptions={{ meta: TICKET_LIST_META, onError: error => toast('Error', { description: listErrorText(error), variant: 'destructive' }) }}
    >
      <PageHeader
        title="Tickets"
        subtitle="Manage and track warranty support tickets"
        actions={
          <Box sx={{ display: 'flex', gap: 1 }}>
            <ExportCsvButton kind="tickets" />
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreateOpen(true)} data-testid="new-ticket-button">
              New Ticket
            </Button>
          </Box>
        }
      />
      <TicketFilters />
      <TicketResults />
      <CreateTicketDialog open={createOpen} onClose={() => setCreateOpen(false)} />
    </ListBase>
  );
}

/** A page too deep to open directly says how to reach it; any other failure is the spec's text. */
const listErrorText = (error: unknown) => (error instanceof Error && error.message === DEEP_PAGE_MESSAGE ? DEEP_PAGE_MESSAGE : FETCH_FAILED);

function TicketResults() {
  const { total, isPending, error, data, meta } = useListContext();
  // below md the table does not fit (issue 34): one card per ticket instead
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  // the pager (a MUI select) comes in the render after the rows' first (useAfterFirstPaint)
  const pagerMounted = useAfterFirstPaint();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, minHeight: 24 }} data-testid="ticket-count">
        {isPending ? '\u00a0' : showingText(total ?? 0, meta?.totalEstimated === true)}
      </Typography>
      <TicketBulkBar />
      <Card>
        {error && !data?.length ? (
          <Alert severity="error" sx={{ m: 2 }} data-testid="ticket-list-error">
            {listErrorText(error)}
          </Alert>
        ) : (
          <>
            {narrow ? <MemoTicketCards /> : <MemoTicketTable />}
            {total ? pagerMounted ? <Pagination rowsPerPageOptions={[10, 25, 50, 100]} /> : <Box sx={{ minHeight: PAGER_HEIGHT }} /> : null}
          </>
        )}
      </Card>
    </>
  );
}

/** react-admin's pager: MUI's table pagination toolbar. */
const PAGER_HEIGHT = 52;

/**
 * The table and the cards read the list from its context; a render of TicketResults (the count, the
 * bulk bar, a fetch that starts or ends) would otherwise hand them new column elements and re-render
 * every row's ~50 styled elements again: on a cold /tickets the 25 rows rendered twice, now once.
 */
const MemoTicketTable = memo(function MemoTicketTable() {
  return <TicketTable selectable empty={<NoTickets />} />;
});
const MemoTicketCards = memo(function MemoTicketCards() {
  return <TicketCards empty={<NoTickets />} />;
});

function NoTickets() {
  const { filterValues } = useListContext();
  const filtered = Object.values(filterValues ?? {}).some(v => v !== undefined && v !== '' && v !== null);
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center' }} data-testid="ticket-list-empty">
      <Typography sx={{ fontWeight: 600 }}>No tickets found</Typography>
      {filtered ? (
        <Typography variant="body2" color="text.secondary">
          Try other filters, or create a new ticket.
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="ticket-list-empty-hint">
          Tickets arrive from your customers' web form, e-mails and calls, or create one with New Ticket. To receive e-mails as tickets, set up{' '}
          <Link component={RouterLink} to="/settings#inbound-email">Inbound E-mail</Link> in Settings.
        </Typography>
      )}
    </Box>
  );
}
