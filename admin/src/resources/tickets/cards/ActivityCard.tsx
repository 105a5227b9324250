import { useEffect, useRef, useState } from 'react';
import { Box, Button, Skeleton, Typography } from '@mui/material';
import { formatDateTime } from '../../../lib/date';
import { activityLabel } from '../../../lib/ticketActivity';
import type { Ticket, TicketActivityEntry } from '../../../providers/types';
import { useCrmQuery } from '../../../providers/useCrm';
import { InfoCard } from './InfoCard';

/**
 * The ticket's activity trail, oldest first, from GET /api/tickets/{id}/activity: its creation (by
 * whom or which channel), status changes, notes, edits, purchase verification, linked calls and the
 * confirmation e-mail (the Timeline card beside it has Ticket Created and Last Updated). Edits of the ticket
 * refetch it (writes to `tickets` refetch its reads); so does the confirmation's outcome.
 */
export function ActivityCard({ ticket }: { ticket: Ticket }) {
  const { data, isPending, error, refetch } = useCrmQuery('tickets', 'getTicketActivity', [ticket.id], { retry: false });
  // The confirmation's outcome arrives by the ticket's refetch (ConfirmationEmailStatus), not by a write.
  const confirmation = useRef(ticket.confirmation_status);
  useEffect(() => {
    if (confirmation.current === ticket.confirmation_status) return;
    confirmation.current = ticket.confirmation_status;
    void refetch();
  }, [ticket.confirmation_status, refetch]);

  return (
    <InfoCard title="Activity" testId="activity-card">
      {isPending ? (
        <Skeleton variant="rounded" height={80} />
      ) : error ? (
        <Typography variant="body2" color="text.secondary">
          The activity could not be loaded.
        </Typography>
      ) : (
        <ActivityList entries={data ?? []} />
      )}
    </InfoCard>
  );
}

export function ActivityList({ entries }: { entries: readonly TicketActivityEntry[] }) {
  if (!entries.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        No activity yet
      </Typography>
    );
  }
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="activity-list">
      {entries.map((entry, index) => (
        <Box component="li" key={`${entry.at}-${index}`} sx={{ display: 'flex', gap: 1.5, mb: 1.5, '&:last-child': { mb: 0 } }} data-testid="activity-entry" data-kind={entry.kind}>
          <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main', mt: 0.75, flexShrink: 0 }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {activityLabel(entry.kind)}
            </Typography>
            <EntryText text={entry.text} />
            <Typography variant="caption" color="text.secondary">
              {entry.actor} · {formatDateTime(entry.at)}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Longer than this, an entry's text (a long note) shows its first lines: the trail stays readable at a glance. */
const CLAMP_CHARS = 240;
const CLAMP_LINES = 4;

function EntryText({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const long = text.length > CLAMP_CHARS || text.split('\n').length > CLAMP_LINES;
  const clamp = long && !expanded;
  return (
    <>
      <Typography
        variant="body2"
        data-testid="activity-text"
        sx={{
          wordBreak: 'break-word',
          whiteSpace: 'pre-line',
          ...(clamp ? { display: '-webkit-box', WebkitLineClamp: CLAMP_LINES, WebkitBoxOrient: 'vertical', overflow: 'hidden' } : {}),
        }}
      >
        {text}
      </Typography>
      {long ? (
        <Button size="small" sx={{ p: 0, minWidth: 0 }} onClick={() => setExpanded(value => !value)} data-testid="activity-text-toggle">
          {expanded ? 'Show less' : 'Show more'}
        </Button>
      ) : null}
    </>
  );
}
