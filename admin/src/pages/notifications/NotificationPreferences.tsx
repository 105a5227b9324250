import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { useToast } from '../../components/useToast';
import { failureMessage } from '../../lib/fieldErrors';
import { type Channel, CHANNELS, type NotificationPreference } from '../../providers/methods/notifications';
import { crmQueryKey, useCrmMutation, useCrmQuery } from '../../providers/useCrm';
import { ContactMethodsPanel } from './ContactMethodsPanel';
import { DeviceNotificationsPanel } from './DeviceNotificationsPanel';

export const CHANNEL_LABELS: Record<Channel, string> = {
  in_app: 'In-App',
  mobile_push: 'Push',
  browser: 'Browser',
  sms: 'SMS',
  email: 'Email',
};

const RESOURCE = 'notification-preferences';
const PREFERENCES_KEY = crmQueryKey(RESOURCE, 'preferences', []);

/** Settings → Notification Preferences: contact methods, this device, and the events × channels grid. */
export function NotificationPreferences() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const events = useCrmQuery('notification-events', 'events', []);
  const preferences = useCrmQuery(RESOURCE, 'preferences', []);
  // The switches clicked and not yet saved, as clicked: set in the click's own render, so a switch
  // shows the click at once (an update of the query cache would reach it a task later, after React
  // had put the old state back). Each is dropped when its save settles, and the cache then shows what
  // was kept: the saved row, or the row as it was when the save failed.
  const [clicked, setClicked] = useState<ReadonlyMap<string, boolean>>(new Map());
  const clickedKey = (eventType: string, channel: Channel) => `${eventType}:${channel}`;

  const save = useCrmMutation(RESOURCE, 'setPreference', {
    // a read still in flight would answer the rows from before this save
    onMutate: () => queryClient.cancelQueries({ queryKey: PREFERENCES_KEY }),
    onSuccess: saved =>
      queryClient.setQueryData<NotificationPreference[]>(PREFERENCES_KEY, rows =>
        rows?.map(row => (row.event_type === saved.event_type ? saved : row)),
      ),
    onError: failure => toast('Failed to update preference', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' }),
    onSettled: (_saved, _failure, [eventType, channel, on]) =>
      setClicked(map => {
        // a later click of the same switch keeps its own value
        if (map.get(clickedKey(eventType, channel)) !== on) return map;
        const next = new Map(map);
        next.delete(clickedKey(eventType, channel));
        return next;
      }),
  });

  const byEvent = new Map((preferences.data ?? []).map(p => [p.event_type, p]));
  // below md the five channel columns do not fit (issue 34: only In-App showed at 390 px): one card
  // per event with its channels as labelled switches
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  type EventRow = NonNullable<typeof events.data>[number];
  const toggle = (event: EventRow, channel: Channel) => (
    <Switch
      size="small"
      checked={event.coming_soon ? false : (clicked.get(clickedKey(event.event_type, channel)) ?? Boolean(byEvent.get(event.event_type)?.[channel]))}
      disabled={event.coming_soon || !byEvent.get(event.event_type)}
      onChange={(_, on) => {
        setClicked(map => new Map(map).set(clickedKey(event.event_type, channel), on));
        save.mutate([event.event_type, channel, on]);
      }}
      slotProps={{ input: { 'aria-label': `${event.label}: ${CHANNEL_LABELS[channel]}` } }}
    />
  );
  const eventTitle = (event: EventRow) => (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {event.label}
        </Typography>
        {event.coming_soon && <Chip label="Coming Soon" size="small" />}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {event.description}
      </Typography>
    </>
  );

  return (
    <Stack spacing={3} data-testid="notification-preferences">
      <Box>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          Notification Preferences
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Choose how you are notified of each event
        </Typography>
      </Box>
      <ContactMethodsPanel />
      <DeviceNotificationsPanel />
      <Card variant="outlined">
        <CardContent sx={{ p: 0 }}>
          {events.isPending || preferences.isPending ? (
            <CenteredSpinner />
          ) : events.error || preferences.error ? (
            <Alert severity="error">Failed to load notification preferences</Alert>
          ) : narrow ? (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Notification preferences">
              {(events.data ?? []).map(event => (
                <Box
                  component="li"
                  key={event.event_type}
                  data-testid={`preference-${event.event_type}`}
                  sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 }, }}
                >
                  {eventTitle(event)}
                  <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', columnGap: 1, mt: 0.5 }}>
                    {CHANNELS.map(channel => (
                      <FormControlLabel key={channel} control={toggle(event, channel)} label={CHANNEL_LABELS[channel]} sx={{ m: 0, gap: 0.5 }} />
                    ))}
                  </Box>
                </Box>
              ))}
            </Box>
          ) : (
            <TableContainer>
              <Table size="small" aria-label="Notification preferences">
                <TableHead>
                  <TableRow>
                    <TableCell>Event</TableCell>
                    {CHANNELS.map(channel => (
                      <TableCell key={channel} align="center">
                        {CHANNEL_LABELS[channel]}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(events.data ?? []).map(event => {
                    return (
                      <TableRow key={event.event_type} data-testid={`preference-${event.event_type}`} >
                        <TableCell>{eventTitle(event)}</TableCell>
                        {CHANNELS.map(channel => (
                          <TableCell key={channel} align="center">
                            {toggle(event, channel)}
                          </TableCell>
                        ))}
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
