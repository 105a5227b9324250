import { useEffect, useState } from 'react';
import { Chip, Stack, Typography } from '@mui/material';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { formatDateTime } from '../../../lib/date';
import { PROMISE_COLOR, promiseStatus } from '../../../lib/responsePromise';
import type { Ticket } from '../../../providers/types';
import { InfoCard } from './InfoCard';

/** How often the countdown is redrawn. */
const TICK_MS = 30_000;

/** The current time, refreshed every TICK_MS while the component is on screen. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** The response promise: a countdown to respond_by that ticks, or how the ticket was answered. */
export function ResponsePromiseCard({ ticket }: { ticket: Ticket }) {
  const now = useNow();
  const status = promiseStatus(ticket, now);
  if (!status || !ticket.respond_by) return null;
  return (
    <InfoCard title="Response Promise" testId="response-promise-card">
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Chip
          icon={<ScheduleIcon />}
          color={PROMISE_COLOR[status.state]}
          variant={status.state === 'on_track' ? 'outlined' : 'filled'}
          label={status.text}
          data-testid="sla-countdown"
          data-state={status.state}
        />
        <Typography variant="body2" color="text.secondary" data-testid="sla-respond-by">
          {ticket.responded_at ? `Responded ${formatDateTime(ticket.responded_at)} · ` : ''}
          Promised by {formatDateTime(ticket.respond_by)}
        </Typography>
      </Stack>
    </InfoCard>
  );
}
