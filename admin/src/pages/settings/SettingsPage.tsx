import { Box } from '@mui/material';
import { PageHeader } from '../../components/PageHeader';
import { NotificationPreferences } from '../notifications/NotificationPreferences';

export function SettingsPage() {
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageHeader title="Settings" />
      <NotificationPreferences />
    </Box>
  );
}
