import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import { Toaster } from './components/Toaster';
import { Layout } from './layout/Layout';
import { AnalyticsPage } from './pages/analytics/AnalyticsPage';
import { AuthPage } from './pages/auth/AuthPage';
import { ChangePasswordPage } from './pages/change-password/ChangePasswordPage';
import { DashboardPage } from './pages/dashboard/DashboardPage';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import { PhoneSystemPage } from './pages/phone-system/PhoneSystemPage';
import { ExportsPage } from './pages/exports/ExportsPage';
import { ProfilePage } from './pages/profile/ProfilePage';
import { SettingsPage } from './pages/settings/SettingsPage';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { queryClient } from './providers/queryClient';
import customers from './resources/customers';
import products from './resources/products';
import notifications from './resources/notifications';
import tickets from './resources/tickets';
import { TicketEdit } from './resources/tickets/TicketEdit';
import users from './resources/users';
import webhooks from './resources/webhooks';
import { theme } from './theme';

export const APP_TITLE = 'Warranty CRM - Ticket Management System';

/**
 * The Layout is react-admin's route guard (layout/Layout.tsx, on authProvider.checkAuth and
 * getPermissions); /auth and /change-password render without it.
 */
export function App() {
  return (
    <Admin
      disableTelemetry
      title={APP_TITLE}
      dataProvider={dataProvider}
      authProvider={authProvider}
      queryClient={queryClient}
      theme={theme}
      defaultTheme="light"
      layout={Layout}
      loginPage={false}
      dashboard={DashboardPage}
      catchAll={NotFoundPage}
      notification={Toaster}
    >
      <Resource name="tickets" {...tickets}>
        <Route path=":id/edit" element={<TicketEdit />} />
      </Resource>
      <Resource name="customers" {...customers} />
      <Resource name="users" {...users} />
      <Resource name="products" {...products} />
      <Resource name="webhooks" {...webhooks} />
      <Resource name="notifications" {...notifications} />
      {/* read and written by /phone-system and the phone-number manager (no routes of their own) */}
      <Resource name="call-logs" />
      <Resource name="phone-numbers" />
      <CustomRoutes noLayout>
        <Route path="/auth" element={<AuthPage />} />
        <Route path="/change-password" element={<ChangePasswordPage />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/analytics" element={<AnalyticsPage />} />
        <Route path="/phone-system" element={<PhoneSystemPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/exports" element={<ExportsPage />} />
      </CustomRoutes>
    </Admin>
  );
}
