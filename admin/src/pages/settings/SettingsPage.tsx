import CallIcon from '@mui/icons-material/CallOutlined';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import DialpadIcon from '@mui/icons-material/Dialpad';
import EmailIcon from '@mui/icons-material/EmailOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import SmartToyIcon from '@mui/icons-material/SmartToyOutlined';
import WebhookIcon from '@mui/icons-material/Webhook';
import { Alert, Box, Stack } from '@mui/material';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { PageHeader } from '../../components/PageHeader';
import { failureMessage } from '../../lib/fieldErrors';
import { PhoneNumbersManager } from '../../resources/phone-numbers/PhoneNumbersManager';
import { PhoneSetupSection } from './PhoneSetupSection';
import { RetellSection } from './RetellSection';
import { SettingsSection } from './SettingsSection';
import { SmtpSection } from './SmtpSection';
import { TicketsSection } from './TicketsSection';
import { WebhooksSection } from './WebhooksSection';
import { useSettings } from './settingsData';
import { NotificationPreferences } from '../notifications/NotificationPreferences';

/** /settings: one accordion section per area; each section saves on its own. */
export function SettingsPage() {
  const { data: settings, isPending, error } = useSettings();
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Settings" subtitle="Phone system, AI agent, e-mail, webhooks and tickets for your organization" />
      {isPending ? (
        <CenteredSpinner />
      ) : error || !settings ? (
        <Alert severity="error">{failureMessage(error, 'Failed to load settings')}</Alert>
      ) : (
        <Stack spacing={0}>
          <SettingsSection id="phone-setup" title="Phone Setup" description="Organization, A2P registration and Twilio account" icon={<CallIcon color="primary" />}>
            <PhoneSetupSection settings={settings} />
          </SettingsSection>
          <SettingsSection id="phone-numbers" title="Phone Numbers" description="Numbers per brand and their voicemail" icon={<DialpadIcon color="primary" />}>
            <PhoneNumbersManager />
          </SettingsSection>
          <SettingsSection id="retell" title="Retell AI Configuration" description="The AI voice agent that answers calls and creates tickets" icon={<SmartToyIcon color="primary" />}>
            <RetellSection settings={settings} />
          </SettingsSection>
          <SettingsSection id="smtp" title="SMTP Configuration" description="The server that sends e-mail" icon={<EmailIcon color="primary" />}>
            <SmtpSection settings={settings} />
          </SettingsSection>
          <SettingsSection id="webhooks" title="Webhook Configuration" description="Brand webhooks for the voice agent" icon={<WebhookIcon color="primary" />}>
            <WebhooksSection settings={settings} />
          </SettingsSection>
          <SettingsSection id="tickets" title="Tickets Configuration" description="Brands, default brand, ticket questions and products" icon={<ConfirmationNumberIcon color="primary" />}>
            <TicketsSection settings={settings} />
          </SettingsSection>
          <SettingsSection id="notifications" title="Notification Preferences" description="How you hear about new tickets and calls" icon={<NotificationsIcon color="primary" />}>
            <NotificationPreferences />
          </SettingsSection>
        </Stack>
      )}
    </Box>
  );
}
