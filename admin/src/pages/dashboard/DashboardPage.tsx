import { PlaceholderPage } from '../../components/PlaceholderPage';

export function DashboardPage() {
  return (
    <PlaceholderPage
      title="Dashboard"
      subtitle="Welcome back! Here's what's happening with your warranty tickets."
    />
  );
}
