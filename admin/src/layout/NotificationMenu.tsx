import { Box, Button, Divider, Menu, MenuItem, Typography } from '@mui/material';
import { relativeTime } from '../lib/relativeTime';
import type { NotificationRecord } from '../providers/methods/notifications';

/**
 * The bell's menu (NotificationBell.tsx): the 3 newest notifications, Mark all as read, View all.
 * Loaded on the bell's first click (issue 32: the menu's popover is not part of the first load).
 */
export function NotificationMenu({
  anchor,
  onClose,
  count,
  notifications,
  markAllRead,
  markAllPending,
  onOpenNotification,
  onViewAll,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  count: number;
  notifications: NotificationRecord[];
  markAllRead: () => void;
  markAllPending: boolean;
  onOpenNotification: (notification: NotificationRecord) => void;
  onViewAll: () => void;
}) {
  return (
    <Menu
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: 340, maxWidth: 'calc(100vw - 32px)' }, 'data-testid': 'notification-menu' } as object }}
    >
      <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
          Notifications
        </Typography>
        {count > 0 ? (
          <Button size="small" onClick={markAllRead} disabled={markAllPending} data-testid="bell-mark-all-read">
            Mark all as read
          </Button>
        ) : null}
      </Box>
      <Divider />
      {notifications.length === 0 ? (
        <Box sx={{ px: 2, py: 3, textAlign: 'center' }} data-testid="notification-empty">
          <Typography variant="body2" color="text.secondary">
            No notifications yet
          </Typography>
        </Box>
      ) : (
        notifications.map(notification => (
          <MenuItem
            key={notification.id}
            onClick={() => onOpenNotification(notification)}
            data-testid="notification-item"
            sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25, whiteSpace: 'normal' }}
          >
            <Box
              data-testid="notification-dot"
              data-read={notification.is_read ? 'true' : 'false'}
              aria-label={notification.is_read ? 'Read' : 'Unread'}
              sx={{
                width: 8,
                height: 8,
                mt: 0.75,
                borderRadius: '50%',
                flexShrink: 0,
                bgcolor: notification.is_read ? 'grey.400' : 'primary.main',
              }}
            />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {notification.title}
              </Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                }}
              >
                {notification.message}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {relativeTime(notification.created_at)}
              </Typography>
            </Box>
          </MenuItem>
        ))
      )}
      <Divider />
      <Box sx={{ p: 1 }}>
        <Button fullWidth size="small" onClick={onViewAll} data-testid="view-all-notifications">
          View all notifications
        </Button>
      </Box>
    </Menu>
  );
}
