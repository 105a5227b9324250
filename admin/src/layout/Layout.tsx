import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { useIsFetching } from '@tanstack/react-query';
import { useAuthState } from 'react-admin';
import { CenteredSpinner } from '../components/CenteredSpinner';
import { lazyScreen } from '../lib/lazyScreen';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { isProtectedPath } from '../lib/routes';
import { CHANGE_PASSWORD_URL } from '../providers/authProvider';
import { useAccountPermissions } from '../providers/useAccount';
import { SIDEBAR_WIDTH, SidebarContent } from './Sidebar';
import { TopBar } from './TopBar';
import { useConfirmLogout } from './useConfirmLogout';
import { useLiveNotifications } from './useLiveNotifications';

// below lg the sidebar is a drawer (a Modal with a slide): loaded when first opened (issue 32)
const Drawer = lazyScreen(() => import('@mui/material/Drawer'), 'default');


/**
 * react-admin's layout, and with it the route guard of the spec on react-admin's auth:
 * a spinner while authProvider.checkAuth runs, /auth when it fails (useAuthState logs out and
 * redirects), /change-password while getPermissions says a password change is pending, the shell
 * otherwise. Unknown paths (the 404 page) are open to anyone: bare unless a signed-in user looks.
 */
export function Layout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const guarded = isProtectedPath(pathname);
  const { authenticated, isPending } = useAuthState(undefined, guarded);
  // asked at once with checkAuth: both share one GET /api/user (authProvider.ts)
  const { permissions, isPending: permissionsPending } = useAccountPermissions();

  if (isPending || (authenticated && permissionsPending)) return <CenteredSpinner />;
  const signedIn = authenticated && !permissions?.mustChangePassword;
  if (!guarded && !signedIn) return <Suspense fallback={<CenteredSpinner />}>{children}</Suspense>;
  if (!authenticated) return <CenteredSpinner />;
  if (permissions?.mustChangePassword) return <Navigate to={CHANGE_PASSWORD_URL} replace />;
  return <Shell>{children}</Shell>;
}

/**
 * The fixed sidebar spans the viewport's height and stays put; only the content scrolls beside it.
 * Below lg the sidebar is a slide-in drawer.
 */
function Shell({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const isDesktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  // kept mounted once opened, so that it closes with its slide
  const [drawerWanted, setDrawerWanted] = useState(false);
  const { requestLogout, dialog } = useConfirmLogout();
  useLiveNotifications();
  // stable, for the memoized sidebar and top bar
  const openDrawer = useCallback(() => {
    setDrawerWanted(true);
    setDrawerOpen(true);
  }, []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      {isDesktop ? (
        <Box
          component="aside"
          data-testid="sidebar"
          sx={{
            position: 'fixed',
            top: 0,
            bottom: 0,
            left: 0,
            height: '100vh',
            width: SIDEBAR_WIDTH,
            bgcolor: 'background.paper',
            borderRight: 1,
            borderColor: 'divider',
            zIndex: theme => theme.zIndex.appBar + 1,
          }}
        >
          <SidebarContent variant="desktop" onLogout={requestLogout} />
        </Box>
      ) : drawerOpen || drawerWanted ? (
        <Suspense fallback={null}>
          <Drawer
            anchor="left"
            open={drawerOpen}
            onClose={closeDrawer}
            slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH } } }}
            data-testid="mobile-drawer"
          >
            <SidebarContent variant="mobile" onNavigate={closeDrawer} onLogout={requestLogout} />
          </Drawer>
        </Suspense>
      ) : null}
      <Box sx={{ minWidth: 0, ml: isDesktop ? `${SIDEBAR_WIDTH}px` : 0, display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
        <TopBar onMenuClick={openDrawer} onLogout={requestLogout} />
        <Main>
          <Box sx={{ maxWidth: 1400, mx: 'auto', width: '100%' }} data-testid="page-content">
            <ErrorBoundary key={pathname}>
              {/* the screens load when first visited (App.tsx) */}
              <Suspense fallback={<CenteredSpinner fullScreen={false} />}>{children}</Suspense>
            </ErrorBoundary>
          </Box>
        </Main>
      </Box>
      {dialog}
    </Box>
  );
}

/**
 * The page's region, aria-busy while any of its reads is in flight: the cards that fill in later
 * (the activity, the conversation, the files) may still move what is below them, and assistive
 * technology (and the end-to-end tests) can wait for the page to be complete. Its own component, so
 * that the count's changes re-render only this element, not the page in it.
 */
function Main({ children }: { children: ReactNode }) {
  const busy = useIsFetching() > 0;
  return (
    <Box component="main" aria-busy={busy} sx={{ flex: 1, p: { xs: 2, sm: 3 } }}>
      {children}
    </Box>
  );
}
