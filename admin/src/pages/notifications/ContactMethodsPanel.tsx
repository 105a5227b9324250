import { TEST_EMAIL_FALLBACK } from '@warranty-crm/contract';
import { useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { failureMessage, fieldErrorsFrom } from '../../lib/fieldErrors';
import { notificationMethods } from '../../providers/methods/notifications';
import { useCurrentUser } from '../../providers/useAccount';

/**
 * Where e-mail and SMS notifications go: read-only with Edit; in edit mode from the start when
 * neither is set; Cancel only when a value exists. Test e-mail / SMS send to the saved values.
 */
export function ContactMethodsPanel() {
  const { user, refetch: refetchUser } = useCurrentUser();
  const toast = useToast();
  const email = user?.notification_email ?? '';
  const phone = user?.notification_phone ?? '';
  const hasValue = Boolean(email || phone);
  const [editing, setEditing] = useState(!hasValue);
  const [values, setValues] = useState({ notification_email: email, notification_phone: phone });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState<'email' | 'sms' | null>(null);

  const startEditing = () => {
    setValues({ notification_email: email, notification_phone: phone });
    setErrors({});
    setEditing(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const updated = await notificationMethods.updateContactMethods({
        notification_email: values.notification_email.trim(),
        notification_phone: values.notification_phone.trim(),
      });
      await refetchUser();
      setEditing(!(updated.notification_email || updated.notification_phone));
      setErrors({});
      toast('Contact methods updated', { variant: 'success' });
    } catch (failure) {
      setErrors(fieldErrorsFrom(failure));
      toast('Failed to update profile', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  const sendTest = async (kind: 'email' | 'sms') => {
    setTesting(kind);
    try {
      if (kind === 'email') {
        await notificationMethods.testEmail(email);
        toast('Test email sent!', { description: `Check ${email} for the test message.`, variant: 'success' });
      } else {
        await notificationMethods.testSms(phone);
        toast('Test SMS sent!', { description: `Check ${phone} for the test message.`, variant: 'success' });
      }
    } catch (failure) {
      if (kind === 'email') {
        toast('Failed to send test email', { description: failureMessage(failure, TEST_EMAIL_FALLBACK), variant: 'destructive' });
      } else {
        toast('Failed to send test SMS', { description: failureMessage(failure, 'Please check your Twilio configuration.'), variant: 'destructive' });
      }
    } finally {
      setTesting(null);
    }
  };

  const testButton = (kind: 'email' | 'sms', label: string) => (
    <Button
      variant="outlined"
      size="small"
      disabled={testing !== null}
      startIcon={testing === kind ? <CircularProgress size={16} color="inherit" /> : null}
      onClick={() => sendTest(kind)}
    >
      {testing === kind ? 'Sending...' : label}
    </Button>
  );

  return (
    <Card variant="outlined" data-testid="contact-methods">
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Box>
            <Typography variant="h6" component="h3" sx={{ fontWeight: 600 }}>
              Contact methods
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Where e-mail and SMS notifications are sent
            </Typography>
          </Box>
          {!editing && (
            <Button variant="outlined" size="small" onClick={startEditing}>
              Edit
            </Button>
          )}
        </Stack>
        {editing ? (
          <Box component="form" noValidate onSubmit={save} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label="Notification Email"
              type="email"
              autoComplete="email"
              value={values.notification_email}
              onChange={e => setValues(v => ({ ...v, notification_email: e.target.value }))}
              error={Boolean(errors.notification_email)}
              helperText={errors.notification_email}
              placeholder="you@example.com"
            />
            <TextField
              label="Notification Phone"
              type="tel"
              autoComplete="tel"
              value={values.notification_phone}
              onChange={e => setValues(v => ({ ...v, notification_phone: e.target.value }))}
              error={Boolean(errors.notification_phone)}
              helperText={errors.notification_phone}
              placeholder="+15551234567"
            />
            <Stack direction="row" spacing={1} sx={{ gridColumn: '1 / -1' }}>
              <PendingButton type="submit" pending={saving} label="Save" pendingLabel="Saving..." />
              {hasValue && (
                <Button onClick={() => setEditing(false)} disabled={saving}>
                  Cancel
                </Button>
              )}
            </Stack>
          </Box>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Box>
              <Typography variant="caption" color="text.secondary">
                Notification Email
              </Typography>
              <Typography data-testid="contact-email">{email || 'Not set'}</Typography>
            </Box>
            <Box>
              <Typography variant="caption" color="text.secondary">
                Notification Phone
              </Typography>
              <Typography data-testid="contact-phone">{phone || 'Not set'}</Typography>
            </Box>
          </Box>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
          {testButton('email', 'Send test e-mail')}
          {testButton('sms', 'Send test SMS')}
        </Stack>
      </CardContent>
    </Card>
  );
}
