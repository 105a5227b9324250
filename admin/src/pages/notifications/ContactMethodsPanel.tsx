import { TEST_EMAIL_FALLBACK } from '@warranty-crm/contract';
import { useState } from 'react';
import { Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { Form, TextInput } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { PendingButton } from '../../components/PendingButton';
import { useToast } from '../../components/useToast';
import { failureMessage, fieldErrorsFrom } from '../../lib/fieldErrors';
import { type ContactMethodsValues, validateContactMethods, withBlanks } from '../../lib/validators';
import { useCurrentUser } from '../../providers/useAccount';
import { useCrmMutation } from '../../providers/useCrm';

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
  const save = useCrmMutation('user', 'updateContactMethods');
  // the test sends change nothing that is read: their resource is their own
  const testEmail = useCrmMutation('notification-tests', 'testEmail');
  const testSms = useCrmMutation('notification-tests', 'testSms');
  const testing = testEmail.isPending ? 'email' : testSms.isPending ? 'sms' : null;

  const submit = async (raw: FieldValues) => {
    const values = withBlanks(raw as ContactMethodsValues);
    try {
      const updated = await save.mutateAsync([
        { notification_email: values.notification_email.trim(), notification_phone: values.notification_phone.trim() },
      ]);
      await refetchUser();
      setEditing(!(updated.notification_email || updated.notification_phone));
      toast('Contact methods updated', { variant: 'success' });
      return undefined;
    } catch (failure) {
      toast('Failed to update profile', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' });
      return fieldErrorsFrom(failure);
    }
  };

  const sendTest = async (kind: 'email' | 'sms') => {
    try {
      if (kind === 'email') {
        await testEmail.mutateAsync([email]);
        toast('Test email sent!', { description: `Check ${email} for the test message.`, variant: 'success' });
      } else {
        await testSms.mutateAsync([phone]);
        toast('Test SMS sent!', { description: `Check ${phone} for the test message.`, variant: 'success' });
      }
    } catch (failure) {
      if (kind === 'email') {
        toast('Failed to send test email', { description: failureMessage(failure, TEST_EMAIL_FALLBACK), variant: 'destructive' });
      } else {
        toast('Failed to send test SMS', { description: failureMessage(failure, 'Please check your Twilio configuration.'), variant: 'destructive' });
      }
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
            <Button variant="outlined" size="small" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
        </Stack>
        {editing ? (
          <Form
            noValidate
            record={{ notification_email: email, notification_phone: phone }}
            validate={values => validateContactMethods(withBlanks(values as ContactMethodsValues))}
            onSubmit={submit}
            disableInvalidFormNotification
          >
            <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextInput
                source="notification_email"
                label="Notification Email"
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                resettable={false}
                helperText={false}
              />
              <TextInput
                source="notification_phone"
                label="Notification Phone"
                type="tel"
                autoComplete="tel"
                placeholder="+15551234567"
                resettable={false}
                helperText={false}
              />
              <Stack direction="row" spacing={1} sx={{ gridColumn: '1 / -1' }}>
                <PendingButton type="submit" pending={save.isPending} label="Save" pendingLabel="Saving..." />
                {hasValue && (
                  <Button onClick={() => setEditing(false)} disabled={save.isPending}>
                    Cancel
                  </Button>
                )}
              </Stack>
            </Box>
          </Form>
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
