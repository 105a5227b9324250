import { Checkbox } from '@mui/material';
import { useListContext } from 'react-admin';
import type { TicketListRow } from '../../providers/types';

/** The accessible name of a ticket's selection checkbox (issue 34: it had none). */
export const selectTicketLabel = (ticketNumber: string | null | undefined) => `Select ticket ${ticketNumber ?? ''}`.trim();

const stop = (event: React.SyntheticEvent) => event.stopPropagation();

/**
 * Selects the tickets of the page (or unselects them when they all are). The label is on the input
 * itself: react-admin's own checkbox put "Select this row" on the wrapper, leaving the input unnamed.
 */
export function SelectAllTickets() {
  const { data = [], selectedIds, onSelect } = useListContext<TicketListRow>();
  const ids = data.map(ticket => ticket.id);
  const all = ids.length > 0 && ids.every(id => selectedIds.includes(id));
  const some = !all && ids.some(id => selectedIds.includes(id));
  return (
    <Checkbox
      size="small"
      checked={all}
      indeterminate={some}
      disabled={!ids.length}
      onClick={stop}
      onChange={() => onSelect(all ? selectedIds.filter(id => !ids.includes(id)) : Array.from(new Set([...selectedIds, ...ids])))}
      slotProps={{ input: { 'aria-label': 'Select all' } }}
      data-testid="select-all-tickets"
    />
  );
}

/** One ticket's selection checkbox, named after its number ("Select ticket WC-000123"). */
export function SelectTicket({ ticket }: { ticket: TicketListRow }) {
  const { selectedIds, onToggleItem } = useListContext<TicketListRow>();
  return (
    <Checkbox
      size="small"
      checked={selectedIds.includes(ticket.id)}
      onClick={stop}
      onChange={() => onToggleItem(ticket.id)}
      slotProps={{ input: { 'aria-label': selectTicketLabel(ticket.ticket_number) } }}
    />
  );
}
