import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import BellIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { badgeCount } from '../lib/badge';
import { notificationLink } from '../lib/notifications';
import { useCrmMutation } from '../providers/useCrm';
import { relativeTime } from '../lib/relativeTime';
import { useBellNotifications, useUnreadNotificationCount } from './shellData';

/** Bell with the unread count ("9+" above 9) and a menu of the 3 newest notifications. */
export function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const { data: unread } = useUnreadNotificationCount();
  const { data: notifications = [], refetch: reloadNotifications } = useBellNotifications();
  const count = unread?.count ?? 0;

  const close = () => setAnchor(null);
  const goToNotifications = () => {
    close();
    navigate('/notifications');
  };
  // A notification opens its record (its ticket, its call), read from then on; one without a record opens the list.
  const markRead = useCrmMutation('notifications', 'markRead');
  const markAllRead = useCrmMutation('notifications', 'markAllRead');
  const openNotification = (n: { id: string; is_read: boolean; related_entity_type: string | null; related_entity_id: string | null }) => {
    const link = notificationLink(n);
    if (!link) return goToNotifications();
    close();
    if (!n.is_read) markRead.mutate([n.id]);
    navigate(link);
  };

  const icon = <BellIcon />;

  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          onClick={event => {
            setAnchor(event.currentTarget);
            void reloadNotifications();
          }}
          aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
          aria-haspopup="menu"
          data-testid="notification-bell"
        >
          {count > 0 ? (
            <Badge
              color="error"
              badgeContent={badgeCount(count)}
              slotProps={{ badge: { 'data-testid': 'notification-badge' } as object }}
            >
              {icon}
            </Badge>
          ) : (
            icon
          )}
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 340, maxWidth: 'calc(100vw - 32px)' }, 'data-testid': 'notification-menu' } as object }}
      >
        <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
            Notifications
          </Typography>
          {count > 0 ? (
            <Button size="small" onClick={() => markAllRead.mutate([])} disabled={markAllRead.isPending} data-testid="bell-mark-all-read">
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
              onClick={() => openNotification(notification)}
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
          <Button fullWidth size="small" onClick={goToNotifications} data-testid="view-all-notifications">
            View all notifications
          </Button>
        </Box>
      </Menu>
    </>
  );
}
