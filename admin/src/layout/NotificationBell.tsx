import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, IconButton } from '@mui/material';
import BellIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { LazyTooltip } from '../components/LazyTooltip';
import { badgeCount } from '../lib/badge';
import { lazyScreen, usePreloadWhenIdle } from '../lib/lazyScreen';
import { notificationLink } from '../lib/notifications';
import { useCrmMutation } from '../providers/useCrm';
import { useBellNotifications, useUnreadNotificationCount } from './shellData';

// the menu (a Popover in a Modal) loads on the first click (issue 32: not in the first load)
const NotificationMenu = lazyScreen(() => import('./NotificationMenu'), 'NotificationMenu');

/** Bell with the unread count ("9+" above 9) and a menu of the 3 newest notifications. */
export function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // kept mounted once opened, so that it closes with its transition
  const [menuLoaded, setMenuLoaded] = useState(false);
  const navigate = useNavigate();
  usePreloadWhenIdle(NotificationMenu);
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
      <LazyTooltip title="Notifications">
        <IconButton
          onClick={event => {
            setAnchor(event.currentTarget);
            setMenuLoaded(true);
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
      </LazyTooltip>
      {anchor || menuLoaded ? (
        <Suspense fallback={null}>
          <NotificationMenu
            anchor={anchor}
            onClose={close}
            count={count}
            notifications={notifications}
            markAllRead={() => markAllRead.mutate([])}
            markAllPending={markAllRead.isPending}
            onOpenNotification={openNotification}
            onViewAll={goToNotifications}
          />
        </Suspense>
      ) : null}
    </>
  );
}
