import { Box, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { SMTP_MESSAGES, TEST_EMAIL_FALLBACK } from '@warranty-crm/contract';
import { WarnBeforeUnload } from '../../components/WarnBeforeUnload';
import { email, Form, maxValue, minValue, NumberInput, SaveButton, TextInput } from 'react-admin';
import { useToast } from '../../components/useToast';
import { failureMessage } from '../../lib/fieldErrors';
import { useCurrentUser } from '../../providers/useAccount';
import type { Settings } from '../../providers/types';
import { SecretInput } from './SecretInput';
import { useSaveSettings } from './settingsData';
import { useCrmProvider } from '../../providers/useCrm';


/** SMTP host, port (587 by default), username, password, from e-mail and name; a test e-mail. */
export function SmtpSection({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  const crm = useCrmProvider();
  const toast = useToast();
  const { user } = useCurrentUser();
  const [sending, setSending] = useState(false);

  const sendTest = async () => {
    const to = user?.notification_email;
    if (!to) {
      toast('No email configured', { description: 'Set a notification e-mail under Notification Preferences first.', variant: 'destructive' });
      return;
    }
    setSending(true);
    try {
      await crm.sendTestEmail(to);
      toast('Test email sent!', { description: `Sent to ${to}`, variant: 'success' });
    } catch (failure) {
      toast('Failed to send test email', { description: failureMessage(failure, TEST_EMAIL_FALLBACK), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Form
      warnWhenUnsavedChanges
      record={{
        smtp_host: settings.smtp_host ?? '',
        smtp_port: settings.smtp_port ?? 587,
        smtp_username: settings.smtp_username ?? '',
        smtp_from_email: settings.smtp_from_email ?? '',
        smtp_from_name: settings.smtp_from_name ?? '',
      }}
      onSubmit={(values: Record<string, any>) =>
        save({
          smtp_host: values.smtp_host ?? '',
          smtp_port: values.smtp_port ?? null,
          smtp_username: values.smtp_username ?? '',
          smtp_password: values.smtp_password ?? '',
          smtp_from_email: values.smtp_from_email ?? '',
          smtp_from_name: values.smtp_from_name ?? '',
        })
      }
    >
      <WarnBeforeUnload />
      <Stack spacing={1} sx={{ maxWidth: 560 }}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <TextInput source="smtp_host" label="SMTP Host" placeholder="smtp.example.com" helperText={false} sx={{ flex: 2, minWidth: 200 }} />
          <NumberInput source="smtp_port" label="Port" step={1} validate={[minValue(1, SMTP_MESSAGES.smtp_port), maxValue(65535, SMTP_MESSAGES.smtp_port)]} helperText={false} sx={{ flex: 1, minWidth: 100 }} />
        </Box>
        <TextInput source="smtp_username" label="Username" autoComplete="off" helperText={false} />
        <SecretInput source="smtp_password" label="Password" isSet={settings.smtp_password_set} />
        <TextInput source="smtp_from_email" label="From Email" type="email" validate={email(SMTP_MESSAGES.smtp_from_email)} helperText={false} />
        <TextInput source="smtp_from_name" label="From Name" helperText={false} />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <SaveButton label="Save SMTP Settings" alwaysEnable />
          <Button variant="outlined" onClick={sendTest} disabled={sending}>
            {sending ? 'Sending...' : 'Send test e-mail'}
          </Button>
        </Box>
      </Stack>
    </Form>
  );
}
