import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Paper,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import { ListBase, Pagination, useListContext } from 'react-admin';
import { PageHeader } from '../../components/PageHeader';
import { TicketTable } from '../../components/TicketTable';
import { useToast } from '../../components/useToast';
import {
  BULK_STATUS_ACTIONS,
  deleteConfirmText,
  deletedText,
  EMPTY_FILTERS,
  fromListFilter,
  PRIORITY_FILTER_OPTIONS,
  selectedText,
  showingText,
  STATUS_FILTER_OPTIONS,
  toListFilter,
  updatedText,
  type TicketFilterValues,
} from '../../lib/ticketList';
import type { Ticket } from '../../lib/ticketTypes';
import { ticketsApi, useBrands, useRefreshTickets } from './api';
import { CreateTicketDialog } from './CreateTicketDialog';

export const FETCH_FAILED = 'Failed to fetch tickets';

/** /tickets: filters, count, bulk bar and the table, paged and sorted by the server. */
export function TicketList() {
  const toast = useToast();
  return (
    <ListBase
      resource="tickets"
      perPage={25}
      sort={{ field: 'created_at', order: 'DESC' }}
      queryOptions={{
        onError: () => toast('Error', { description: FETCH_FAILED, variant: 'destructive' }),
      }}
    >
      <TicketListView />
    </ListBase>
  );
}

function TicketListView() {
  const [createOpen, setCreateOpen] = useState(false);
  return (
    <>
      <PageHeader
        title="Tickets"
        subtitle="Manage and track warranty support tickets"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreateOpen(true)} data-testid="new-ticket-button">
            New Ticket
          </Button>
        }
      />
      <TicketFilters />
      <TicketResults />
      <CreateTicketDialog open={createOpen} onClose={() => setCreateOpen(false)} />
    </>
  );
}

function TicketFilters() {
  const { filterValues, setFilters } = useListContext();
  const { data: brands = [] } = useBrands();
  const [values, setValues] = useState<TicketFilterValues>(() => fromListFilter(filterValues));

  const set = (key: keyof TicketFilterValues) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues(current => ({ ...current, [key]: event.target.value }));

  const apply = (next: TicketFilterValues) => setFilters(toListFilter(next), {});
  const brandOptions = values.brand !== 'all' && !brands.includes(values.brand) ? [...brands, values.brand] : brands;

  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Box
          component="form"
          data-testid="ticket-filters"
          onSubmit={event => {
            event.preventDefault();
            apply(values);
          }}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' },
            alignItems: 'start',
          }}
        >
          <TextField select size="small" label="Status" value={values.status} onChange={set('status')} data-testid="filter-status">
            {STATUS_FILTER_OPTIONS.map(option => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label="Brand" value={values.brand} onChange={set('brand')} data-testid="filter-brand">
            <MenuItem value="all">All</MenuItem>
            {brandOptions.map(brand => (
              <MenuItem key={brand} value={brand}>
                {brand}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label="Priority" value={values.priority} onChange={set('priority')} data-testid="filter-priority">
            {PRIORITY_FILTER_OPTIONS.map(option => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="date"
            label="Date From"
            value={values.dateFrom}
            onChange={set('dateFrom')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-date-from' } }}
          />
          <TextField
            size="small"
            type="date"
            label="Date To"
            value={values.dateTo}
            onChange={set('dateTo')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-date-to' } }}
          />
          <Box sx={{ display: 'flex', gap: 1, gridColumn: '1 / -1' }}>
            <Button type="submit" variant="contained" data-testid="apply-filters">
              Apply Filters
            </Button>
            <Button
              variant="outlined"
              data-testid="reset-filters"
              onClick={() => {
                setValues(EMPTY_FILTERS);
                apply(EMPTY_FILTERS);
              }}
            >
              Reset
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

function TicketResults() {
  const navigate = useNavigate();
  const { data, total, isPending, error, selectedIds, onToggleItem, onSelect, onUnselectItems, sort, setSort } =
    useListContext<Ticket>();
  const tickets = data ?? [];

  // a selection survives paging, but not tickets that are gone
  useEffect(() => {
    if (!isPending && total === 0 && selectedIds.length) onUnselectItems();
  }, [isPending, total, selectedIds.length, onUnselectItems]);

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5, minHeight: 24 }}>
        <Typography variant="body2" color="text.secondary" data-testid="ticket-count">
          {isPending ? '\u00a0' : showingText(total ?? 0)}
        </Typography>
      </Box>
      {selectedIds.length > 0 ? <BulkBar /> : null}
      <Card>
        {isPending ? (
          <Box sx={{ p: 2 }} data-testid="ticket-list-skeleton">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} variant="rounded" height={44} sx={{ mb: 1 }} />
            ))}
          </Box>
        ) : error && !tickets.length ? (
          <Alert severity="error" sx={{ m: 2 }} data-testid="ticket-list-error">
            {FETCH_FAILED}
          </Alert>
        ) : tickets.length === 0 ? (
          <Box sx={{ py: 6, textAlign: 'center' }} data-testid="ticket-list-empty">
            <Typography sx={{ fontWeight: 600 }}>No tickets found</Typography>
            <Typography variant="body2" color="text.secondary">
              Try other filters, or create a new ticket.
            </Typography>
          </Box>
        ) : (
          <>
            <TicketTable
              tickets={tickets}
              onRowClick={ticket => navigate(`/tickets/${ticket.id}`)}
              selection={{
                selectedIds: selectedIds as string[],
                onToggle: id => onToggleItem(id),
                onToggleAll: checked => {
                  const shown = tickets.map(t => t.id);
                  const others = (selectedIds as string[]).filter(id => !shown.includes(id));
                  onSelect(checked ? [...others, ...shown] : others);
                },
              }}
              sort={{
                field: sort.field,
                order: sort.order,
                onSort: field =>
                  setSort({ field, order: sort.field === field && sort.order === 'DESC' ? 'ASC' : 'DESC' }),
              }}
            />
            <Pagination rowsPerPageOptions={[10, 25, 50, 100]} />
          </>
        )}
      </Card>
    </>
  );
}

function BulkBar() {
  const toast = useToast();
  const refresh = useRefreshTickets();
  const { selectedIds, onUnselectItems } = useListContext();
  const [pending, setPending] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const ids = selectedIds as string[];
  const count = ids.length;

  const markAs = async (status: string) => {
    if (!count) return;
    setPending(true);
    try {
      const { updated } = await ticketsApi.bulkUpdate(ids, status);
      toast('Tickets Updated', { description: updatedText(updated ?? count), variant: 'success' });
      onUnselectItems();
      await refresh();
    } catch (error) {
      toast('Error', { description: (error as Error)?.message || 'Failed to update tickets', variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  const remove = async () => {
    setConfirmOpen(false);
    if (!count) return;
    setPending(true);
    try {
      const { deleted } = await ticketsApi.bulkDelete(ids);
      toast('Tickets Deleted', { description: deletedText(deleted ?? count), variant: 'success' });
      onUnselectItems();
      await refresh();
    } catch (error) {
      toast('Error', { description: (error as Error)?.message || 'Failed to delete tickets', variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      data-testid="bulk-bar"
      sx={{
        mb: 1.5,
        px: 2,
        py: 1.25,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        bgcolor: '#eff6ff',
        borderColor: '#bfdbfe',
      }}
    >
      <Typography sx={{ fontWeight: 600, mr: 1 }} data-testid="bulk-selected-count">
        {selectedText(count)}
      </Typography>
      {BULK_STATUS_ACTIONS.map(action => (
        <Button
          key={action.label}
          size="small"
          variant="outlined"
          disabled={pending}
          onClick={() => markAs(action.status)}
          sx={{ bgcolor: 'background.paper' }}
        >
          {action.label}
        </Button>
      ))}
      <Button size="small" variant="contained" color="error" disabled={pending} onClick={() => setConfirmOpen(true)}>
        Delete
      </Button>
      <Dialog open={confirmOpen} onClose={() => setConfirmOpen(false)} data-testid="bulk-delete-dialog">
        <DialogTitle>Delete tickets</DialogTitle>
        <DialogContent>
          <DialogContentText>{deleteConfirmText(count)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmOpen(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={remove} data-testid="bulk-delete-confirm">
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
