import { useMemo, useState } from 'react';
import { useGetList } from 'react-admin';
import { Alert, Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Link } from 'react-router';
import { useUnreadNotificationCount } from '../../layout/shellData';
import { useCrmMutation } from '../../providers/useCrm';
import { useToast } from '../../components/useToast';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { PageHeader } from '../../components/PageHeader';
import { NOTIFICATION_TABS, withReadInPlace, type NotificationTabId } from '../../lib/notifications';
import type { NotificationRecord } from '../../providers/methods/notifications';
import { NotificationCard } from './NotificationCard';

/** The most one tab shows (the API's cap for one page). */
const PER_PAGE = 200;

/** /notifications: tabs All / Unread / Followup over the user's notifications, newest first. */
export function NotificationList() {
  const [tab, setTab] = useState<NotificationTabId>('all');
  // read by opening them on this tab: they stay where the user reads them until the tab changes
  const [readHere, setReadHere] = useState<Record<string, NotificationRecord>>({});
  const current = NOTIFICATION_TABS.find(t => t.id === tab) ?? NOTIFICATION_TABS[0];
  const { data = [], isPending, error } = useGetList<NotificationRecord>('notifications', {
    filter: current.filter,
    pagination: { page: 1, perPage: PER_PAGE },
    sort: { field: 'created_at', order: 'DESC' },
  });
  const shown = useMemo(() => withReadInPlace(data, Object.values(readHere), current.filter), [data, readHere, current.filter]);
  const changeTab = (value: NotificationTabId) => {
    setTab(value);
    setReadHere({});
  };
  const { data: unread } = useUnreadNotificationCount();
  const toast = useToast();
  const markAllRead = useCrmMutation('notifications', 'markAllRead', {
    onSuccess: () => setReadHere({}),
    onError: () => toast('Failed to mark notifications as read', { variant: 'destructive' }),
  });
  const keep = (n: NotificationRecord) => setReadHere(kept => ({ ...kept, [n.id]: n }));
  const changed = (n: NotificationRecord) => setReadHere(kept => (n.id in kept ? { ...kept, [n.id]: n } : kept));
  const removed = (id: string) =>
    setReadHere(kept => {
      if (!(id in kept)) return kept;
      const rest = { ...kept };
      delete rest[id];
      return rest;
    });

  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageHeader
        title="Notifications"
        actions={
          <Button
            variant="outlined"
            startIcon={<DoneAllIcon />}
            onClick={() => markAllRead.mutate([])}
            disabled={markAllRead.isPending || (unread?.count ?? 0) === 0}
            data-testid="mark-all-read"
          >
            Mark all as read
          </Button>
        }
      />
      <Tabs value={tab} onChange={(_, value: NotificationTabId) => changeTab(value)} sx={{ mb: 2 }} aria-label="Notification filters">
        {NOTIFICATION_TABS.map(t => (
          <Tab key={t.id} value={t.id} label={t.label} data-testid={`tab-${t.id}`} />
        ))}
      </Tabs>
      {isPending ? (
        <CenteredSpinner />
      ) : error ? (
        <Alert severity="error">Failed to fetch notifications</Alert>
      ) : shown.length === 0 ? (
        <Box sx={{ py: 8, textAlign: 'center' }}>
          <Typography color="text.secondary" data-testid="notifications-empty">{current.empty}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            New tickets, calls and voicemails notify you here.{' '}
            <Link to="/settings#notifications" data-testid="notifications-empty-preferences">
              Choose what notifies you
            </Link>
          </Typography>
        </Box>
      ) : (
        <Stack spacing={1.5}>
          {shown.map(n => (
            <NotificationCard key={n.id} notification={n} onOpenedRead={keep} onChanged={changed} onRemoved={removed} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
