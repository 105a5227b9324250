import type { MouseEvent } from 'react';
import {
  Box,
  Checkbox,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { formatShortDate } from '../lib/date';
import type { Ticket } from '../lib/ticketTypes';
import { PriorityBadge, StatusBadge } from './StatusBadge';

type Id = string;

export interface TicketTableSelection {
  selectedIds: Id[];
  onToggle(id: Id): void;
  /** Select (true) or unselect (false) every ticket shown. */
  onToggleAll(checked: boolean): void;
}

export interface TicketTableSort {
  field: string;
  order: 'ASC' | 'DESC';
  onSort(field: string): void;
}

interface Column {
  id: string;
  label: string;
  /** API field the column sorts by, when it can. */
  sortField?: string;
  minWidth?: number;
}

const COLUMNS: Column[] = [
  { id: 'ticket_number', label: 'Ticket #', sortField: 'ticket_number' },
  { id: 'customer', label: 'Customer', minWidth: 140 },
  { id: 'brand', label: 'Brand', sortField: 'product_brand' },
  { id: 'model', label: 'Model', minWidth: 110 },
  { id: 'issue', label: 'Issue', minWidth: 160 },
  { id: 'status', label: 'Status', sortField: 'status' },
  { id: 'priority', label: 'Priority', sortField: 'priority' },
  { id: 'created', label: 'Created', sortField: 'created_at' },
];

const orNA = (value: string | null | undefined) => (value && value.trim() ? value : 'N/A');

/**
 * The ticket table: number, customer (name and phone), brand, model, issue
 * (truncated, full text as tooltip), status and priority badges, created date.
 * Selection and sorting are optional, so the dashboard can reuse it read-only.
 * Scrolls horizontally on narrow screens.
 */
export function TicketTable({
  tickets,
  selection,
  sort,
  onRowClick,
}: {
  tickets: Ticket[];
  selection?: TicketTableSelection;
  sort?: TicketTableSort;
  onRowClick?(ticket: Ticket): void;
}) {
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const selected = new Set(selection?.selectedIds ?? []);
  const shownSelected = tickets.filter(t => selected.has(t.id)).length;
  const allSelected = tickets.length > 0 && shownSelected === tickets.length;

  if (compact) {
    return (
      <TicketCards
        tickets={tickets}
        selection={selection}
        selected={selected}
        allSelected={allSelected}
        someSelected={shownSelected > 0 && !allSelected}
        onRowClick={onRowClick}
      />
    );
  }

  return (
    <TableContainer sx={{ overflowX: 'auto' }} data-testid="ticket-table">
      <Table size="medium" sx={{ minWidth: 900, '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1.5 } }}>
        <TableHead>
          <TableRow>
            {selection ? (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  indeterminate={shownSelected > 0 && !allSelected}
                  onChange={event => selection.onToggleAll(event.target.checked)}
                  slotProps={{ input: { 'aria-label': 'Select all tickets' } }}
                  data-testid="select-all"
                />
              </TableCell>
            ) : null}
            {COLUMNS.map(column => (
              <TableCell key={column.id} sx={{ minWidth: column.minWidth, whiteSpace: 'nowrap' }}>
                {sort && column.sortField ? (
                  <TableSortLabel
                    active={sort.field === column.sortField}
                    direction={sort.field === column.sortField && sort.order === 'ASC' ? 'asc' : 'desc'}
                    onClick={() => sort.onSort(column.sortField!)}
                  >
                    {column.label}
                  </TableSortLabel>
                ) : (
                  column.label
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {tickets.map(ticket => {
            const isSelected = selected.has(ticket.id);
            return (
              <TableRow
                key={ticket.id}
                hover
                selected={isSelected}
                onClick={onRowClick ? () => onRowClick(ticket) : undefined}
                sx={{ cursor: onRowClick ? 'pointer' : undefined }}
                data-testid="ticket-row"
                data-ticket-number={ticket.ticket_number}
              >
                {selection ? (
                  <TableCell padding="checkbox" onClick={(event: MouseEvent) => event.stopPropagation()}>
                    <Checkbox
                      checked={isSelected}
                      onChange={() => selection.onToggle(ticket.id)}
                      slotProps={{ input: { 'aria-label': `Select ticket ${ticket.ticket_number}` } }}
                      data-testid="select-row"
                    />
                  </TableCell>
                ) : null}
                <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{ticket.ticket_number}</TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="ticket-customer-name">
                    {orNA(ticket.customer?.name)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" data-testid="ticket-customer-phone">
                    {orNA(ticket.customer?.phone)}
                  </Typography>
                </TableCell>
                <TableCell>{orNA(ticket.product_brand)}</TableCell>
                <TableCell>{orNA(ticket.product_model)}</TableCell>
                <TableCell sx={{ maxWidth: 240 }}>
                  <IssueText text={ticket.issue_description} />
                </TableCell>
                <TableCell>
                  <StatusBadge status={ticket.status} />
                </TableCell>
                <TableCell>
                  <PriorityBadge priority={ticket.priority} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShortDate(ticket.created_at)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The description on one line, cut with an ellipsis; the full text is the tooltip. */
function IssueText({ text }: { text: string | null | undefined }) {
  return (
    <Tooltip title={text || ''} placement="top-start" enterDelay={300}>
      <Box
        component="span"
        data-testid="ticket-issue"
        sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {orNA(text)}
      </Box>
    </Tooltip>
  );
}

/** Phone-sized screens: one card per ticket, same data and test ids as the table rows. */
function TicketCards({
  tickets,
  selection,
  selected,
  allSelected,
  someSelected,
  onRowClick,
}: {
  tickets: Ticket[];
  selection?: TicketTableSelection;
  selected: Set<string>;
  allSelected: boolean;
  someSelected: boolean;
  onRowClick?(ticket: Ticket): void;
}) {
  return (
    <Box data-testid="ticket-table">
      {selection ? (
        <Box sx={{ display: 'flex', alignItems: 'center', px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
          <Checkbox
            checked={allSelected}
            indeterminate={someSelected}
            onChange={event => selection.onToggleAll(event.target.checked)}
            slotProps={{ input: { 'aria-label': 'Select all tickets' } }}
            data-testid="select-all"
          />
          <Typography variant="body2" color="text.secondary">
            Select all
          </Typography>
        </Box>
      ) : null}
      {tickets.map(ticket => {
        const isSelected = selected.has(ticket.id);
        return (
          <Box
            key={ticket.id}
            data-testid="ticket-row"
            data-ticket-number={ticket.ticket_number}
            onClick={onRowClick ? () => onRowClick(ticket) : undefined}
            sx={{
              display: 'flex',
              gap: 1,
              px: 1,
              py: 1.5,
              borderBottom: 1,
              borderColor: 'divider',
              cursor: onRowClick ? 'pointer' : undefined,
              bgcolor: isSelected ? 'action.selected' : undefined,
              '&:last-of-type': { borderBottom: 0 },
            }}
          >
            {selection ? (
              <Box onClick={(event: MouseEvent) => event.stopPropagation()} sx={{ flexShrink: 0 }}>
                <Checkbox
                  checked={isSelected}
                  onChange={() => selection.onToggle(ticket.id)}
                  slotProps={{ input: { 'aria-label': `Select ticket ${ticket.ticket_number}` } }}
                  data-testid="select-row"
                />
              </Box>
            ) : null}
            <Box sx={{ minWidth: 0, flex: 1, pr: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {ticket.ticket_number}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {formatShortDate(ticket.created_at)}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="ticket-customer-name">
                  {orNA(ticket.customer?.name)}
                </Typography>
                <Typography variant="caption" color="text.secondary" data-testid="ticket-customer-phone">
                  {orNA(ticket.customer?.phone)}
                </Typography>
              </Box>
              <Typography variant="caption" color="text.secondary" component="div">
                {orNA(ticket.product_brand)} · {orNA(ticket.product_model)}
              </Typography>
              <Typography variant="body2" component="div" sx={{ my: 0.75 }}>
                <IssueText text={ticket.issue_description} />
              </Typography>
              <Box sx={{ display: 'flex', gap: 1 }}>
                <StatusBadge status={ticket.status} />
                <PriorityBadge priority={ticket.priority} />
              </Box>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
