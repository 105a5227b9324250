import { PlaceholderPage } from '../../components/PlaceholderPage';

export function SettingsPage() {
  return <PlaceholderPage title="Settings" />;
}
