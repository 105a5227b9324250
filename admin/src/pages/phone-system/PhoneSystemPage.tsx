import { PlaceholderPage } from '../../components/PlaceholderPage';

export function PhoneSystemPage() {
  return <PlaceholderPage title="Phone System" />;
}
