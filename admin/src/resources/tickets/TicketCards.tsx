import type { ReactNode } from 'react';
import { Box, Chip, FormControlLabel, LinearProgress, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useCreatePath, useListContext } from 'react-admin';
import { PriorityBadge, StatusBadge } from '../../components/StatusBadge';
import { useFirstRenderItems } from '../../lib/afterFirstPaint';
import { formatShortDate } from '../../lib/date';
import { warrantyLabel } from '../../lib/warranty';
import type { TicketListRow } from '../../providers/types';
import { SelectAllTickets, SelectTicket } from './TicketSelection';

const orNA = (value: string | null | undefined) => (value && value.trim() ? value : 'N/A');

/**
 * The ticket list below the `md` breakpoint (issue 34: at 390 px the table was 944 px wide and
 * status and priority were off screen): one card per ticket with its number, issue, status and
 * priority, customer, brand and model, warranty and created date; tapping a card opens the ticket.
 * Selection stays (a checkbox per card and "Select all") so the bulk bar works on phones too.
 */
export function TicketCards({ empty }: { empty?: ReactNode }) {
  const { data, isPending } = useListContext<TicketListRow>();
  if (isPending) return <LinearProgress sx={{ m: 2 }} aria-label="Loading tickets" />;
  if (!data?.length) return <>{empty}</>;
  return (
    <Box data-testid="ticket-cards">
      <Box sx={{ px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
        <FormControlLabel control={<SelectAllTickets />} label="Select all" sx={{ m: 0 }} />
      </Box>
      <CardList tickets={data} />
    </Box>
  );
}

/** The cards, mounted with the page's tickets: those below the fold from the render after its first (useFirstRenderItems). */
function CardList({ tickets }: { tickets: TicketListRow[] }) {
  const cards = useFirstRenderItems(tickets, CARD_MIN_HEIGHT);
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {cards?.map(ticket => (
        <TicketCard key={ticket.id} ticket={ticket} />
      ))}
    </Box>
  );
}

/** The least height of a card: five lines (number, issue, badges, customer, product) with their gaps and padding. */
const CARD_MIN_HEIGHT = 120;

function TicketCard({ ticket }: { ticket: TicketListRow }) {
  const createPath = useCreatePath();
  const warranty = warrantyLabel(ticket);
  return (
    <Box
      component="li"
      data-testid="ticket-row"
      data-ticket-number={ticket.ticket_number}
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, px: 1, py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
    >
      <SelectTicket ticket={ticket} />
      <Link
        component={RouterLink}
        to={createPath({ resource: 'tickets', id: ticket.id, type: 'edit' })}
        underline="none"
        color="inherit"
        sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5, pt: 0.75 }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {ticket.ticket_number}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }} data-testid="ticket-card-created">
            {formatShortDate(ticket.created_at)}
          </Typography>
        </Box>
        <Typography
          variant="body2"
          data-testid="ticket-issue"
          sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
        >
          {orNA(ticket.issue_description)}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
          <StatusBadge status={ticket.status} />
          <PriorityBadge priority={ticket.priority} />
          {warranty ? (
            <Chip size="small" variant="outlined" label={warranty} color={ticket.under_warranty ? 'success' : 'error'} data-testid="ticket-warranty" sx={{ fontWeight: 700 }} />
          ) : null}
        </Box>
        <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 500 }} data-testid="ticket-customer-name">
            {orNA(ticket.customer?.name)}
          </Box>
          {' · '}
          <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }} data-testid="ticket-customer-phone">
            {orNA(ticket.customer?.phone)}
          </Box>
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {orNA(ticket.product_brand)} · {orNA(ticket.product_model)} · <span data-testid="ticket-assignee">{ticket.assignee?.name ?? 'Unassigned'}</span>
        </Typography>
      </Link>
    </Box>
  );
}
