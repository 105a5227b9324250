import { PlaceholderPage } from '../../components/PlaceholderPage';

export function AnalyticsPage() {
  return <PlaceholderPage title="Analytics" />;
}
