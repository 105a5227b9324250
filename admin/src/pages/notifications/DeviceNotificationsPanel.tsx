import { useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useToast } from '../../components/useToast';
import { failureMessage } from '../../lib/fieldErrors';
import { disablePushHere, enablePushHere, pushEnabledHere, pushSupported } from '../../providers/webPush';

type Permission = NotificationPermission | 'unsupported';

function currentPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

const BROWSER_STATE: Record<Permission, string> = {
  granted: 'Browser notifications are enabled in this browser.',
  denied: 'Browser notifications are blocked: allow them for this site in the browser settings.',
  default: 'Allow this browser to show notifications while the app is open.',
  unsupported: 'This browser does not support notifications.',
};

/** "Enable browser notifications" (permission, asked from the click) and "Enable push on this device". */
export function DeviceNotificationsPanel() {
  const toast = useToast();
  const [permission, setPermission] = useState<Permission>(currentPermission);
  const [push, setPush] = useState<'unsupported' | 'off' | 'on' | 'checking'>(pushSupported() ? 'checking' : 'unsupported');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!pushSupported()) return;
    pushEnabledHere()
      .then(on => setPush(on ? 'on' : 'off'))
      .catch(() => setPush('off'));
  }, []);

  const enableBrowser = async () => {
    if (typeof Notification === 'undefined') return;
    const result = await Notification.requestPermission();
    setPermission(result);
    if (result === 'granted') toast('Browser notifications enabled', { variant: 'success' });
  };

  const togglePush = async () => {
    setBusy(true);
    try {
      if (push === 'on') {
        await disablePushHere();
        setPush('off');
        toast('Push disabled on this device', { variant: 'success' });
      } else {
        await enablePushHere();
        setPermission(currentPermission());
        setPush('on');
        toast('Push enabled on this device', { variant: 'success' });
      }
    } catch (failure) {
      setPermission(currentPermission());
      toast('Failed to update push notifications', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant="outlined" data-testid="device-notifications">
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h3" sx={{ fontWeight: 600, mb: 2 }}>
          This device
        </Typography>
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" data-testid="browser-permission" data-state={permission}>
              {BROWSER_STATE[permission]}
            </Typography>
            <Button variant="outlined" size="small" onClick={enableBrowser} disabled={permission !== 'default'}>
              {permission === 'granted' ? 'Browser notifications enabled' : 'Enable browser notifications'}
            </Button>
          </Box>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" data-testid="push-state" data-state={push}>
              {push === 'unsupported'
                ? 'Push is not supported in this browser.'
                : push === 'on'
                  ? 'Push notifications reach this device even when the app is closed.'
                  : 'Get push notifications on this device even when the app is closed.'}
            </Typography>
            <Button variant="outlined" size="small" onClick={togglePush} disabled={busy || push === 'unsupported' || push === 'checking' || permission === 'denied'}>
              {push === 'on' ? 'Disable push on this device' : 'Enable push on this device'}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
