import { PlaceholderPage } from '../../components/PlaceholderPage';

export function NotificationsPage() {
  return <PlaceholderPage title="Notifications" />;
}
