import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Box, Drawer, useMediaQuery, type Theme } from '@mui/material';
import { CenteredSpinner } from '../components/CenteredSpinner';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { isProtectedPath } from '../lib/routes';
import { AUTH_URL } from '../providers/authProvider';
import { useCurrentUser } from '../providers/session';
import type { User } from '../providers/types';
import { LogoutProvider } from './LogoutContext';
import { SIDEBAR_WIDTH, SidebarContent } from './Sidebar';
import { TopBar } from './TopBar';
import { useLiveNotifications } from './useLiveNotifications';

export const CHANGE_PASSWORD_URL = '/change-password';

/**
 * react-admin layout with the route guard: spinner while the user loads,
 * /auth without a user, /change-password while a password change is pending,
 * the shell otherwise. Unknown paths (the 404 page) are open to anyone, so
 * they render bare unless a fully signed-in user is looking.
 */
export function Layout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const { data: user, isPending } = useCurrentUser();

  if (isPending) return <CenteredSpinner />;

  const signedIn = Boolean(user) && !user?.must_change_password;
  if (!isProtectedPath(pathname) && !signedIn) return <>{children}</>;
  if (!user) return <Navigate to={AUTH_URL} replace />;
  if (user.must_change_password) return <Navigate to={CHANGE_PASSWORD_URL} replace />;

  return (
    <LogoutProvider>
      <Shell user={user}>{children}</Shell>
    </LogoutProvider>
  );
}

function Shell({ user, children }: { user: User; children?: ReactNode }) {
  const { pathname } = useLocation();
  const isDesktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  useLiveNotifications();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {isDesktop ? (
        <Box
          component="aside"
          data-testid="sidebar"
          sx={{
            position: 'fixed',
            inset: '0 auto 0 0',
            width: SIDEBAR_WIDTH,
            bgcolor: 'background.paper',
            borderRight: 1,
            borderColor: 'divider',
            zIndex: theme => theme.zIndex.appBar + 1,
          }}
        >
          <SidebarContent user={user} variant="desktop" />
        </Box>
      ) : (
        <Drawer
          anchor="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH } } }}
          data-testid="mobile-drawer"
        >
          <SidebarContent user={user} variant="mobile" onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, ml: isDesktop ? `${SIDEBAR_WIDTH}px` : 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar user={user} onMenuClick={() => setDrawerOpen(true)} />
        <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 3 } }}>
          <Box sx={{ maxWidth: 1400, mx: 'auto', width: '100%' }} data-testid="page-content">
            <ErrorBoundary key={pathname}>{children}</ErrorBoundary>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
