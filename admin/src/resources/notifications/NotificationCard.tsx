import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Card, CardActionArea, CardContent, Chip, Collapse, Stack, Typography } from '@mui/material';
import { useToast } from '../../components/useToast';
import { failureMessage } from '../../lib/fieldErrors';
import { metadataEntries, notificationLink } from '../../lib/notifications';
import { relativeTime } from '../../lib/relativeTime';
import type { NotificationRecord } from '../../providers/methods/notifications';
import { useCrmMutation } from '../../providers/useCrm';
import { useNotificationsRefresh } from './useNotificationsRefresh';

/** One notification: title, badges, 2-line message and time; expanding it reads it and shows the rest. */
export function NotificationCard({
  notification: n,
  onOpenedRead,
  onChanged,
  onRemoved,
}: {
  notification: NotificationRecord;
  /** Expanding it read it: the list keeps it in place. */
  onOpenedRead?(read: NotificationRecord): void;
  /** The server's copy after an action (followup). */
  onChanged?(changed: NotificationRecord): void;
  onRemoved?(id: string): void;
}) {
  const [expanded, setExpanded] = useState(false);
  const [pending, setPending] = useState(false);
  const toast = useToast();
  const refresh = useNotificationsRefresh();
  const { mutateAsync: markRead } = useCrmMutation('notifications', 'markRead');
  const { mutateAsync: toggleFollowup } = useCrmMutation('notifications', 'toggleFollowup');
  const { mutateAsync: remove } = useCrmMutation('notifications', 'remove');
  const link = notificationLink(n);
  const entries = metadataEntries(n.metadata);

  const run = async (action: () => Promise<unknown>, success?: string, failure = 'Something went wrong') => {
    setPending(true);
    try {
      await action();
      if (success) toast(success, { variant: 'success' });
      await refresh();
    } catch (error) {
      toast(failure, { description: failureMessage(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  const toggle = () => {
    const opening = !expanded;
    setExpanded(opening);
    if (!opening || n.is_read) return;
    // Kept in place as read before the request: the unread count's live event refetches the list and
    // can arrive before the answer, and a list without the card would unmount it (closed again).
    onOpenedRead?.({ ...n, is_read: true });
    void run(
      async () => {
        try {
          onChanged?.(await markRead([n.id]));
        } catch (error) {
          onChanged?.(n);
          throw error;
        }
      },
      undefined,
      'Failed to mark as read',
    );
  };

  return (
    <Card variant="outlined" data-testid="notification-card" data-read={n.is_read ? 'true' : 'false'} sx={{ borderLeft: 4, borderLeftColor: n.is_read ? 'divider' : 'primary.main' }}>
      <CardActionArea onClick={toggle} aria-expanded={expanded}>
        <CardContent sx={{ pb: '12px !important' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <Typography variant="subtitle2" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }} data-testid="notification-title">
              {n.title}
            </Typography>
            {!n.is_read && <Chip label="New" size="small" color="primary" data-testid="badge-new" />}
            {n.is_followup && <Chip label="Followup" size="small" color="warning" variant="outlined" data-testid="badge-followup" />}
          </Stack>
          <Typography
            variant="body2"
            color="text.secondary"
            data-testid="notification-message"
            sx={
              expanded
                ? { whiteSpace: 'pre-line' }
                : { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }
            }
          >
            {n.message}
          </Typography>
          <Typography variant="caption" color="text.secondary" title={new Date(n.created_at).toLocaleString()}>
            {relativeTime(n.created_at)}
          </Typography>
        </CardContent>
      </CardActionArea>
      <Collapse in={expanded} unmountOnExit>
        <Box sx={{ px: 2, pb: 2 }}>
          {entries.length > 0 && (
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }} data-testid="notification-metadata">
              {entries.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                    {label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {link && (
              <Button size="small" variant="contained" component={RouterLink} to={link}>
                {n.related_entity_type === 'ticket' ? 'Open ticket' : 'Open call'}
              </Button>
            )}
            <Button
              size="small"
              variant="outlined"
              disabled={pending}
              onClick={() => run(async () => onChanged?.(await toggleFollowup([n.id])), 'Followup status updated', 'Failed to update followup status')}
            >
              {n.is_followup ? 'Remove from Followup' : 'Mark for Followup'}
            </Button>
            {!n.is_read && (
              <Button size="small" variant="outlined" disabled={pending} onClick={() => run(() => markRead([n.id]), undefined, 'Failed to mark as read')}>
                Mark as Read
              </Button>
            )}
            <Button
              size="small"
              color="error"
              variant="outlined"
              disabled={pending}
              onClick={() => run(async () => {
                  await remove([n.id]);
                  onRemoved?.(n.id);
                }, 'Notification deleted', 'Failed to delete notification')}
            >
              Delete
            </Button>
          </Stack>
        </Box>
      </Collapse>
    </Card>
  );
}
