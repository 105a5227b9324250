import { Suspense, type ComponentType } from 'react';
import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import { CenteredSpinner } from './components/CenteredSpinner';
import { Toaster } from './components/Toaster';
import { CrmAdmin } from './layout/CrmAdmin';
import { Layout } from './layout/Layout';
import { loadAuthScreen } from './lib/authScreen';
import { lazyScreen } from './lib/lazyScreen';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { queryClient } from './providers/queryClient';
import customers from './resources/customers';
import products from './resources/products';
import notifications from './resources/notifications';
import tickets from './resources/tickets';
import users from './resources/users';
import webhooks from './resources/webhooks';
import { theme } from './theme';

// Every screen is loaded when it is first visited (issue 32: the first load carries the shell only);
// the resources' screens are lazy in their resources/*/index.ts. Suspense: ScreenSuspense (Layout.tsx).
const AnalyticsPage = lazyScreen(() => import('./pages/analytics/AnalyticsPage'), 'AnalyticsPage');
const AuthPage = lazyScreen(loadAuthScreen, 'AuthPage');
const ChangePasswordPage = lazyScreen(() => import('./pages/change-password/ChangePasswordPage'), 'ChangePasswordPage');
const DashboardPage = lazyScreen(() => import('./pages/dashboard/DashboardPage'), 'DashboardPage');
const NotFoundPage = lazyScreen(() => import('./pages/not-found/NotFoundPage'), 'NotFoundPage');
const PhoneSystemPage = lazyScreen(() => import('./pages/phone-system/PhoneSystemPage'), 'PhoneSystemPage');
const ExportsPage = lazyScreen(() => import('./pages/exports/ExportsPage'), 'ExportsPage');
const ProfilePage = lazyScreen(() => import('./pages/profile/ProfilePage'), 'ProfilePage');
const SettingsPage = lazyScreen(() => import('./pages/settings/SettingsPage'), 'SettingsPage');
const TicketEdit = lazyScreen(() => import('./resources/tickets/TicketEdit'), 'TicketEdit');

export const APP_TITLE = 'Warranty CRM - Ticket Management System';

/**
 * The Layout is react-admin's route guard (layout/Layout.tsx, on authProvider.checkAuth and
 * getPermissions); /auth and /change-password render without it.
 */
export function App() {
  return (
    <CrmAdmin
      disableTelemetry
      title={APP_TITLE}
      dataProvider={dataProvider}
      authProvider={authProvider}
      queryClient={queryClient}
      theme={theme}
      defaultTheme="light"
      layout={Layout}
      loading={Loading}
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
        <Route path="/auth" element={<Bare screen={AuthPage} />} />
        <Route path="/change-password" element={<Bare screen={ChangePasswordPage} />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/analytics" element={<AnalyticsPage />} />
        <Route path="/phone-system" element={<PhoneSystemPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/exports" element={<ExportsPage />} />
      </CustomRoutes>
    </CrmAdmin>
  );
}

/** While react-admin reads the resources and the permissions. */
function Loading() {
  return <CenteredSpinner />;
}

/** A lazy screen outside the Layout (whose Suspense covers the others). */
function Bare({ screen: Screen }: { screen: ComponentType }) {
  return (
    <Suspense fallback={<CenteredSpinner />}>
      <Screen />
    </Suspense>
  );
}
