import { lazy, type ComponentType } from 'react';
import { CssBaseline } from '@mui/material';
import { AdminContext, CoreAdminUI, type AdminProps } from 'react-admin';
import { i18nProvider } from '../providers/i18nProvider';
import { store } from '../providers/store';

// react-admin's own screens for rare states, loaded when first shown: importing them with <Admin>
// (its AdminUI's defaults: the login form, the error page...) put ~30 KB gz into every first load.
// (from raScreens.ts: a dynamic import of 'react-admin' itself is the entry's own chunk)
const RaError = lazy(async () => ({ default: (await import('./raScreens')).Error }));
const AccessDenied = lazy(async () => ({ default: (await import('./raScreens')).AccessDenied }));
const AuthenticationError = lazy(async () => ({ default: (await import('./raScreens')).AuthenticationError }));
const AuthCallback = lazy(async () => ({ default: (await import('./raScreens')).AuthCallback }));

type Props = Omit<AdminProps, 'notification'> & { notification: ComponentType };

/**
 * react-admin's <Admin> (AdminContext + AdminUI) without the default screens this app replaces
 * (issue 32, the first load): its own layout, 404, dashboard and toaster are passed in; the login page
 * is ours (/auth); the rare screens (error, access denied) load when first shown.
 */
export function CrmAdmin({ notification: Notification, children, theme, defaultTheme, dataProvider, authProvider, queryClient, ...ui }: Props) {
  return (
    <AdminContext
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={store}
      theme={theme}
      defaultTheme={defaultTheme}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          error={RaError}
          accessDenied={AccessDenied}
          authenticationError={AuthenticationError}
          authCallbackPage={AuthCallback}
          {...ui}
        >
          {children}
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}
