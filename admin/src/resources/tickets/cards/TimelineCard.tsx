import { Box, Typography } from '@mui/material';
import { formatDateTime } from '../../../lib/date';
import type { Ticket } from '../../../providers/types';
import { InfoCard } from './InfoCard';

/** Ticket Created, and Last Updated when it differs. */
export function TimelineCard({ ticket }: { ticket: Ticket }) {
  return (
    <InfoCard title="Timeline" testId="timeline-card">
      <TimelineItem label="Ticket Created" time={ticket.created_at} />
      {ticket.updated_at && ticket.updated_at !== ticket.created_at ? <TimelineItem label="Last Updated" time={ticket.updated_at} /> : null}
    </InfoCard>
  );
}

function TimelineItem({ label, time }: { label: string; time: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, mb: 1.5, '&:last-child': { mb: 0 } }}>
      <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main', mt: 0.75, flexShrink: 0 }} />
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(time)}
        </Typography>
      </Box>
    </Box>
  );
}
