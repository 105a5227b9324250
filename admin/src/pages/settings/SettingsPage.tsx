import CallIcon from '@mui/icons-material/CallOutlined';
import QuickreplyIcon from '@mui/icons-material/QuickreplyOutlined';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import DialpadIcon from '@mui/icons-material/Dialpad';
import EmailIcon from '@mui/icons-material/EmailOutlined';
import HistoryIcon from '@mui/icons-material/History';
import PolicyIcon from '@mui/icons-material/PolicyOutlined';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOverOutlined';
import MoveToInboxIcon from '@mui/icons-material/MoveToInboxOutlined';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import SmartToyIcon from '@mui/icons-material/SmartToyOutlined';
import WebhookIcon from '@mui/icons-material/Webhook';
import { Alert, Box, Stack } from '@mui/material';
import { ROLE_MESSAGES, roleAllows } from '@warranty-crm/contract';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { PageHeader } from '../../components/PageHeader';
import { failureMessage } from '../../lib/fieldErrors';
import { AuditLogList } from '../../resources/audit-log';
import { CannedRepliesSection } from './CannedRepliesSection';
import { DataRetentionSection } from './DataRetentionSection';
import { RecordingNoticeSection } from './RecordingNoticeSection';
import { PhoneNumbersManager } from '../../resources/phone-numbers/PhoneNumbersManager';
import { useAccountPermissions } from '../../providers/useAccount';
import { PhoneSetupSection } from './PhoneSetupSection';
import { RetellSection } from './RetellSection';
import { SettingsSection } from './SettingsSection';
import { InboundEmailSection } from './InboundEmailSection';
import { SmtpSection } from './SmtpSection';
import { TicketsSection } from './TicketsSection';
import { WebhooksSection } from './WebhooksSection';
import { useSettings } from './settingsData';
import { NotificationPreferences } from '../notifications/NotificationPreferences';

/**
 * /settings: one accordion section per area; each section saves on its own. An agent sees the
 * organization's sections read only, with a line saying who can change them (issue 28); the
 * Twilio account and A2P are the owner's; the audit log is for the owner and admins.
 */
export function SettingsPage() {
  const { data: settings, isPending, error } = useSettings();
  const { permissions } = useAccountPermissions();
  const canManage = roleAllows(permissions?.role, 'admin');
  const readOnly = !canManage && ROLE_MESSAGES.settingsReadOnly;
  const ownerReadOnly = !roleAllows(permissions?.role, 'owner') && (canManage ? ROLE_MESSAGES.ownerOnlySection : ROLE_MESSAGES.settingsReadOnly);
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Settings" subtitle="Phone system, AI agent, e-mail, webhooks and tickets for your organization" />
      {isPending ? (
        <CenteredSpinner />
      ) : error || !settings ? (
        <Alert severity="error">{failureMessage(error, 'Failed to load settings')}</Alert>
      ) : (
        <Stack spacing={0}>
          <SettingsSection id="phone-setup" title="Phone Setup" description="Organization, A2P registration and Twilio account" icon={<CallIcon color="primary" />} readOnly={ownerReadOnly}>
            <PhoneSetupSection settings={settings} />
          </SettingsSection>
          <SettingsSection id="phone-numbers" title="Phone Numbers" description="Numbers per brand and their voicemail" icon={<DialpadIcon color="primary" />} readOnly={readOnly}>
            <PhoneNumbersManager />
          </SettingsSection>
          <SettingsSection id="recording-notice" title="Recording Notice" description="Said before voicemail greetings and at the AI agent's opening" icon={<RecordVoiceOverIcon color="primary" />} readOnly={readOnly}>
            <RecordingNoticeSection settings={settings} />
          </SettingsSection>
          <SettingsSection id="retell" title="Retell AI Configuration" description="The AI voice agent that answers calls and creates tickets" icon={<SmartToyIcon color="primary" />} readOnly={readOnly}>
            <RetellSection settings={settings} />
          </SettingsSection>
          <SettingsSection id="smtp" title="SMTP Configuration" description="The server that sends e-mail" icon={<EmailIcon color="primary" />} readOnly={readOnly}>
            <SmtpSection settings={settings} />
          </SettingsSection>
          {canManage ? (
            <SettingsSection id="inbound-email" title="Inbound E-mail" description="Customers' e-mails into ticket threads" icon={<MoveToInboxIcon color="primary" />}>
              <InboundEmailSection />
            </SettingsSection>
          ) : null}
          <SettingsSection id="webhooks" title="Webhook Configuration" description="Brand webhooks for the voice agent" icon={<WebhookIcon color="primary" />} readOnly={readOnly}>
            {/* The webhooks' Retell URLs are for the owner and admins: an agent gets only the line. */}
            {canManage ? <WebhooksSection settings={settings} /> : null}
          </SettingsSection>
          <SettingsSection id="tickets" title="Tickets Configuration" description="Brands, default brand, ticket questions and products" icon={<ConfirmationNumberIcon color="primary" />} readOnly={readOnly}>
            <TicketsSection settings={settings} />
          </SettingsSection>
          <SettingsSection id="canned-replies" title="Canned Replies" description="Saved replies with placeholders filled from the ticket" icon={<QuickreplyIcon color="primary" />} readOnly={readOnly}>
            <CannedRepliesSection />
          </SettingsSection>
          <SettingsSection id="notifications" title="Notification Preferences" description="How you hear about new tickets and calls" icon={<NotificationsIcon color="primary" />}>
            <NotificationPreferences />
          </SettingsSection>
          {canManage ? (
            <SettingsSection id="data-retention" title="Data Retention" description="How long recordings, attachments and closed tickets are kept" icon={<PolicyIcon color="primary" />}>
              <DataRetentionSection />
            </SettingsSection>
          ) : null}
          {canManage ? (
            <SettingsSection id="audit-log" title="Audit Log" description="Who changed settings, roles, users and numbers, when and from where" icon={<HistoryIcon color="primary" />}>
              <AuditLogList />
            </SettingsSection>
          ) : null}
        </Stack>
      )}
    </Box>
  );
}
