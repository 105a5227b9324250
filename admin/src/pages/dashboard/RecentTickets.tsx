import { Link, useNavigate } from 'react-router';
import { Box, Button, Card, Divider, IconButton, Skeleton, Tooltip, Typography } from '@mui/material';
import ViewIcon from '@mui/icons-material/VisibilityOutlined';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import ArrowIcon from '@mui/icons-material/ArrowForward';
import { PriorityBadge, StatusBadge } from '../../components/StatusBadge';
import { formatShortDate } from '../../lib/date';
import type { Ticket as RecentTicket } from '../../providers/types';

/**
 * One grid per row: on wide screens ticket | product and issue | badges | date | view;
 * on small screens the product and badges wrap under the ticket number.
 */
const ROW_GRID = {
  display: 'grid',
  alignItems: 'center',
  columnGap: 2,
  rowGap: 1,
  gridTemplateColumns: { xs: 'minmax(0, 1fr) auto auto', md: 'minmax(140px, 1fr) minmax(0, 2.6fr) 170px 100px 34px' },
  gridTemplateAreas: {
    xs: '"ticket date view" "product product product" "badges badges badges"',
    md: '"ticket product badges date view"',
  },
} as const;

export function RecentTickets({ tickets, loading }: { tickets: RecentTicket[] | undefined; loading: boolean }) {
  return (
    <Card data-testid="recent-tickets">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, px: { xs: 2, sm: 3 }, py: 2 }}>
        <Box>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            Recent Tickets
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Latest warranty ticket submissions
          </Typography>
        </Box>
        <Button
          component={Link}
          to="/tickets"
          variant="outlined"
          size="small"
          endIcon={<ArrowIcon fontSize="small" />}
          data-testid="recent-tickets-view-all"
          sx={{ flexShrink: 0 }}
        >
          View All
        </Button>
      </Box>
      <Divider />
      {loading ? (
        <RowSkeletons />
      ) : tickets && tickets.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {tickets.map((ticket, index) => (
            <Box component="li" key={ticket.id}>
              {index > 0 ? <Divider /> : null}
              <TicketRow ticket={ticket} />
            </Box>
          ))}
        </Box>
      ) : (
        <EmptyState />
      )}
    </Card>
  );
}

function TicketRow({ ticket }: { ticket: RecentTicket }) {
  const navigate = useNavigate();
  const to = `/tickets/${encodeURIComponent(ticket.id)}`;
  const product = [ticket.product_brand, ticket.product_model].filter(Boolean).join(' ') || 'N/A';
  return (
    // The whole row opens the ticket on a click; for the keyboard and screen readers the View link
    // does (issue 34: a row that was itself a link held another link, axe's nested-interactive).
    <Box
      onClick={() => navigate(to)}
      data-testid="recent-ticket-row"
      data-ticket-id={ticket.id}
      sx={{
        ...ROW_GRID,
        px: { xs: 2, sm: 3 },
        py: 1.75,
        cursor: 'pointer',
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <Box sx={{ gridArea: 'ticket', minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }} noWrap data-testid="recent-ticket-number">
          {ticket.ticket_number}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap data-testid="recent-ticket-customer">
          {ticket.customer?.name || 'N/A'}
        </Typography>
      </Box>
      <Box sx={{ gridArea: 'product', minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap data-testid="recent-ticket-product">
          {product}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          title={ticket.issue_description}
          data-testid="recent-ticket-issue"
          sx={{ display: '-webkit-box', WebkitLineClamp: { xs: 2, md: 1 }, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {ticket.issue_description}
        </Typography>
      </Box>
      <Box sx={{ gridArea: 'badges', display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
        <StatusBadge status={ticket.status} />
        <PriorityBadge priority={ticket.priority} />
      </Box>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ gridArea: 'date', whiteSpace: 'nowrap' }}
        data-testid="recent-ticket-date"
      >
        {formatShortDate(ticket.created_at)}
      </Typography>
      <Box sx={{ gridArea: 'view' }}>
        <Tooltip title="View ticket">
          <IconButton
            component={Link}
            to={to}
            size="small"
            aria-label={`View ticket ${ticket.ticket_number}`}
            onClick={event => event.stopPropagation()}
            data-testid="recent-ticket-view"
          >
            <ViewIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}

function RowSkeletons() {
  return (
    <Box data-testid="recent-tickets-loading" aria-busy="true" aria-label="Loading recent tickets">
      {[0, 1, 2, 3, 4].map(index => (
        <Box key={index}>
          {index > 0 ? <Divider /> : null}
          <Box sx={{ ...ROW_GRID, px: { xs: 2, sm: 3 }, py: 1.75 }}>
            <Box sx={{ gridArea: 'ticket' }}>
              <Skeleton width="70%" />
              <Skeleton width="50%" />
            </Box>
            <Box sx={{ gridArea: 'product' }}>
              <Skeleton width="40%" />
              <Skeleton width="85%" />
            </Box>
            <Box sx={{ gridArea: 'badges', display: 'flex', gap: 0.75 }}>
              <Skeleton variant="rounded" width={52} height={24} sx={{ borderRadius: 999 }} />
              <Skeleton variant="rounded" width={60} height={24} sx={{ borderRadius: 999 }} />
            </Box>
            <Skeleton sx={{ gridArea: 'date' }} width={80} />
            <Skeleton sx={{ gridArea: 'view' }} variant="circular" width={28} height={28} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function EmptyState() {
  return (
    <Box sx={{ py: 6, px: 3, textAlign: 'center' }} data-testid="recent-tickets-empty">
      <Box
        sx={{
          width: 48,
          height: 48,
          mx: 'auto',
          mb: 1.5,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'text.secondary',
        }}
      >
        <InboxIcon />
      </Box>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        No tickets found
      </Typography>
      <Typography variant="body2" color="text.secondary">
        New tickets will appear here once created
      </Typography>
      <Button component={Link} to="/tickets" size="small" sx={{ mt: 1.5 }} data-testid="recent-tickets-empty-action">
        Go to Tickets to create one
      </Button>
    </Box>
  );
}
