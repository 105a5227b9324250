import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { channelLabel, messageSide, statusChip } from '../../../lib/conversation';
import { formatDateTime } from '../../../lib/date';
import type { TicketMessage } from '../../../providers/types';

const SIDE_STYLE = {
  customer: { align: 'flex-start', bgcolor: 'grey.100', borderColor: 'grey.300' },
  agent: { align: 'flex-end', bgcolor: '#e3f2fd', borderColor: '#90caf9' },
  internal: { align: 'stretch', bgcolor: '#fff8e1', borderColor: '#ffcc80' },
} as const;

/**
 * The thread, oldest first and newest last: the customer's messages on the left, the team's replies
 * on the right with their status (Queued, Sent, Failed with the reason and Retry), and internal
 * comments across, marked Internal.
 */
export function MessageThread({ messages, onRetry, retrying }: { messages: readonly TicketMessage[]; onRetry(message: TicketMessage): void; retrying: string | null }) {
  if (!messages.length) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="conversation-empty">
        No messages yet. Reply to the customer or add an internal comment below.
      </Typography>
    );
  }
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="conversation-thread">
      {messages.map(message => {
        const side = messageSide(message);
        const style = SIDE_STYLE[side];
        const chip = statusChip(message);
        return (
          <Box
            component="li"
            key={message.id}
            data-testid="conversation-message"
            data-side={side}
            data-status={message.status}
            sx={{ display: 'flex', flexDirection: 'column', alignItems: style.align }}
          >
            <Box sx={{ maxWidth: side === 'internal' ? '100%' : '85%', width: side === 'internal' ? '100%' : 'auto', border: 1, borderColor: style.borderColor, bgcolor: style.bgcolor, borderRadius: 2, px: 1.5, py: 1 }}>
              <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 0.5, flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="message-author">
                  {message.author_name ?? (side === 'customer' ? 'Customer' : 'System')}
                </Typography>
                {side === 'internal' ? (
                  <Chip icon={<LockIcon />} label="Internal" size="small" color="warning" variant="outlined" data-testid="message-internal" />
                ) : (
                  <Typography variant="caption" color="text.secondary">
                    {channelLabel(message)}
                  </Typography>
                )}
                <Typography variant="caption" color="text.secondary" data-testid="message-time">
                  {formatDateTime(message.created_at)}
                </Typography>
                {chip ? <Chip label={chip.label} color={chip.color} size="small" data-testid="message-status" /> : null}
              </Stack>
              {message.subject && message.channel === 'email' ? (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {message.subject}
                </Typography>
              ) : null}
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="message-body">
                {message.body}
              </Typography>
              {message.quoted ? (
                <Box component="details" sx={{ mt: 0.5 }}>
                  <Typography component="summary" variant="caption" color="text.secondary" sx={{ cursor: 'pointer' }}>
                    Show quoted text
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
                    {message.quoted}
                  </Typography>
                </Box>
              ) : null}
              {message.status === 'failed' && message.direction === 'outbound' ? (
                <Alert
                  severity="error"
                  sx={{ mt: 1, py: 0 }}
                  data-testid="message-error"
                  action={
                    <Button color="inherit" size="small" disabled={retrying === message.id} onClick={() => onRetry(message)} data-testid="message-retry">
                      Retry
                    </Button>
                  }
                >
                  {message.error || 'Not sent'}
                </Alert>
              ) : null}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
