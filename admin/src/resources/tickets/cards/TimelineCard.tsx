import { Typography } from '@mui/material';
import { formatDateTime } from '../../../lib/date';
import type { Ticket } from '../../../providers/types';
import { Field, InfoCard } from './InfoCard';

/** The sidebar's Timeline (spec part 1 section 2): Ticket Created, and Last Updated when it differs. */
export function TimelineCard({ ticket }: { ticket: Ticket }) {
  const updated = ticket.updated_at && String(ticket.updated_at) !== String(ticket.created_at);
  return (
    <InfoCard title="Timeline" testId="timeline-card">
      <Field label="Ticket Created" value={formatDateTime(String(ticket.created_at))} testId="timeline-created" />
      {updated ? (
        <Typography component="div" sx={{ mt: 1.5 }}>
          <Field label="Last Updated" value={formatDateTime(String(ticket.updated_at))} testId="timeline-updated" />
        </Typography>
      ) : null}
    </InfoCard>
  );
}
