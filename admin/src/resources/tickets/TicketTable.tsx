import { Box, TableSortLabel, Typography } from '@mui/material';
import {
  DataTable,
  DataTableBody,
  DataTableDataContext,
  DataTableRow,
  useDataTableDataContext,
  useListContext,
  useRecordContext,
  useTranslate,
  type DataTableProps,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { LazyTooltip } from '../../components/LazyTooltip';
import { PriorityBadge, StatusBadge } from '../../components/StatusBadge';
import { useAfterFirstPaint, useFirstRenderItems } from '../../lib/afterFirstPaint';
import { formatShortDate } from '../../lib/date';
import type { TicketListRow } from '../../providers/types';
import { SelectAllTickets, SelectTicket } from './TicketSelection';

const orNA = (value: string | null | undefined) => (value && value.trim() ? value : 'N/A');

/** Rows carry the ticket number for tests and people reading the DOM. */
function TicketRow(props: React.ComponentProps<typeof DataTableRow>) {
  const ticket = useRecordContext<TicketListRow>();
  return <DataTableRow {...props} data-testid="ticket-row" data-ticket-number={ticket?.ticket_number} />;
}

/** The least height of a row: its customer cell has two lines (name and phone) between the cell's padding. */
const ROW_MIN_HEIGHT = 72;

/** The page's rows, the ones below the fold from the render after the first (useFirstRenderItems). */
function TicketBody(props: React.ComponentProps<typeof DataTableBody>) {
  const rows = useFirstRenderItems<RaRecord>(useDataTableDataContext(), ROW_MIN_HEIGHT);
  return (
    <DataTableDataContext.Provider value={rows}>
      <DataTableBody {...props} row={TicketRow} />
    </DataTableDataContext.Provider>
  );
}

const clamped = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' } as const;

/**
 * The description wraps to two lines at most; the tooltip has it all. LazyTooltip renders beside
 * the text and sets nothing as it mounts: the table's first render stays one render, and the text's
 * element is the same from the first paint on.
 */
function IssueText({ text }: { text: string | null | undefined }) {
  return (
    <LazyTooltip title={text || ''} placement="top-start" enterDelay={300}>
      <Box component="span" data-testid="ticket-issue" sx={clamped}>
        {orNA(text)}
      </Box>
    </LazyTooltip>
  );
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/** What a click on a column's header sorts by: that column, ascending first, the other way when it is the current sort (react-admin's). */
export function sortAfterClick(sort: SortPayload | undefined, field: string): SortPayload {
  return { field, order: sort?.field === field && sort.order === 'ASC' ? 'DESC' : 'ASC' };
}

/**
 * A sortable column's header in the table's first render. react-admin's header cell puts a MUI tooltip
 * on each sortable header, and a tooltip sets state as it mounts, which makes React render again (and
 * run the page's effects) before the browser paints the rows. So the first render shows the same sort
 * label without the tooltip (MUI's TableSortLabel, with the tooltip's text as its name and the same
 * click), and react-admin's own header from the next render (useAfterFirstPaint).
 */
export function FirstSortLabel({ source, label }: { source: string; label: string }) {
  const { sort, setSort } = useListContext();
  const translate = useTranslate();
  const active = sort?.field === source;
  const next = sortAfterClick(sort, source).order;
  const name = translate('ra.sort.sort_by', {
    field: label,
    field_lower_first: label.charAt(0).toLowerCase() + label.slice(1),
    order: translate(`ra.sort.${next}`),
    _: translate('ra.action.sort'),
  });
  return (
    <TableSortLabel
      active={active}
      direction={sort?.order === 'ASC' ? 'asc' : 'desc'}
      data-field={source}
      data-order="ASC"
      aria-label={name}
      onClick={() => setSort(sortAfterClick(sort, source))}
    >
      <span>{label}</span>
    </TableSortLabel>
  );
}

/**
 * The ticket table of the spec: number, customer (name and phone), brand, model, issue (wrapped,
 * full text as tooltip), status and priority badges, created date. A react-admin DataTable in the
 * list context: sorting, selection (with the bulk bar it is given) and row clicks come from there.
 * Every column fits from 1280 px up: only the issue column gives way.
 */
export function TicketTable({ selectable = false, empty }: { selectable?: boolean; empty?: DataTableProps['empty'] }) {
  const sortHeaders = useAfterFirstPaint();
  // a sortable column: react-admin's sort header, or in the first render the same label without its tooltip
  const sortable = (source: string, label: string) =>
    sortHeaders ? { source, label } : { source, label: <FirstSortLabel source={source} label={label} />, disableSort: true };
  return (
    <DataTable<TicketListRow>
      // selection is our own first column (TicketSelection: checkboxes named after the ticket); the
      // bulk bar (TicketBulkBar) sits above the card, outside the table
      bulkActionButtons={false}
      bulkActionsToolbar={false}
      empty={empty}
      body={TicketBody}
      rowClick="edit"
      size="medium"
      sx={{
        '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
        '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1.25 },
        '& td': { verticalAlign: 'top' },
        '& th': { whiteSpace: 'nowrap' },
      }}
    >
      {selectable ? (
        <DataTable.Col label={<SelectAllTickets />} disableSort padding="checkbox" render={ticket => <SelectTicket ticket={ticket as TicketListRow} />} />
      ) : null}
      <DataTable.Col {...sortable('ticket_number', 'Ticket #')} cellSx={() => ({ ...nowrap, fontWeight: 600 })} />
      <DataTable.Col
        label="Customer"
        disableSort
        sx={{ minWidth: 120 }}
        render={ticket => (
          <>
            <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="ticket-customer-name">
              {orNA(ticket.customer?.name)}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={nowrap} data-testid="ticket-customer-phone">
              {orNA(ticket.customer?.phone)}
            </Typography>
          </>
        )}
      />
      <DataTable.Col {...sortable('product_brand', 'Brand')} render={ticket => orNA(ticket.product_brand)} />
      <DataTable.Col label="Model" disableSort sx={{ minWidth: 110 }} render={ticket => orNA(ticket.product_model)} />
      <DataTable.Col label="Issue" disableSort sx={{ width: '32%', minWidth: 140 }} render={ticket => <IssueText text={ticket.issue_description} />} />
      <DataTable.Col label="Assignee" disableSort cellSx={() => nowrap} render={ticket => <span data-testid="ticket-assignee">{ticket.assignee?.name ?? 'Unassigned'}</span>} />
      <DataTable.Col {...sortable('status', 'Status')} render={ticket => <StatusBadge status={ticket.status} />} />
      <DataTable.Col {...sortable('priority', 'Priority')} render={ticket => <PriorityBadge priority={ticket.priority} />} />
      <DataTable.Col {...sortable('created_at', 'Created')} cellSx={() => nowrap} render={ticket => formatShortDate(ticket.created_at)} />
    </DataTable>
  );
}
