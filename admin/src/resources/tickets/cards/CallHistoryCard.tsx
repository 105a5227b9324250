import { Box, Link, Skeleton, Stack, Typography } from '@mui/material';
import { formatDateTime } from '../../../lib/date';
import { formatDuration } from '../../../lib/duration';
import type { TicketCallLog } from '../../../providers/types';
import { useCrmQuery } from '../../../providers/useCrm';
import { InfoCard } from './InfoCard';

/** GET /api/tickets/{id}/call-logs: each call's number, time, m:ss duration, recording and transcript. */
export function CallHistoryCard({ ticketId }: { ticketId: string }) {
  const { data: calls, isPending, error } = useCrmQuery('tickets', 'getTicketCallLogs', [ticketId]);
  return (
    <InfoCard title="Call History & Recordings" testId="call-history">
      {isPending ? (
        <Skeleton variant="rounded" height={64} />
      ) : error ? (
        <Typography variant="body2" color="error">
          {error.message}
        </Typography>
      ) : !calls?.length ? (
        <Typography variant="body2" color="text.secondary" data-testid="no-calls">
          No call recordings yet
        </Typography>
      ) : (
        <Stack spacing={1.5}>
          {calls.map(call => (
            <CallItem key={call.id} call={call} />
          ))}
        </Stack>
      )}
    </InfoCard>
  );
}

function CallItem({ call }: { call: TicketCallLog }) {
  return (
    <Box data-testid="call-item" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {call.from_phone || 'Unknown number'}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(call.created_at)} · {formatDuration(call.call_duration)}
        </Typography>
      </Box>
      {call.recording_url ? (
        <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
          <Link href={call.recording_url} target="_blank" rel="noopener noreferrer" variant="body2">
            Play Recording
          </Link>
          <Link href={call.recording_url} download variant="body2">
            Download
          </Link>
        </Stack>
      ) : null}
      {call.transcription ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
          {call.transcription}
        </Typography>
      ) : null}
    </Box>
  );
}
