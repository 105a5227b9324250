import { memo, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  Avatar,
  Box,
  Button,
  Chip,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import SupportIcon from '@mui/icons-material/SupportAgent';
import PersonIcon from '@mui/icons-material/PersonOutline';
import LogoutIcon from '@mui/icons-material/Logout';
import UnfoldIcon from '@mui/icons-material/UnfoldMore';
import { initials } from '../lib/initials';
import { useAccountPermissions, useCurrentUser } from '../providers/useAccount';
import { usePreloadWhenIdle } from '../lib/lazyScreen';
import { AccountMenu } from './lazyAccountMenu';
import { isActive, MAIN_NAV, SETTINGS_NAV, USERS_NAV, type NavItem } from './navigation';
import { useTicketMetrics, useVoicemailStats } from './shellData';

export const SIDEBAR_WIDTH = 264;

/**
 * The sidebar's content, shared by the fixed sidebar (lg and up) and the
 * slide-in drawer (smaller screens). `variant` only changes the footer:
 * a user menu on the fixed sidebar, Profile and Log out buttons on mobile.
 * Memoized: it renders again for its own reads and the location, not each time the layout does
 * (react-admin renders the layout again as it registers the resources after the first render).
 */
export const SidebarContent = memo(function SidebarContent({
  variant,
  onNavigate,
  onLogout,
}: {
  variant: 'desktop' | 'mobile';
  onNavigate?: () => void;
  onLogout: () => void;
}) {
  const { pathname } = useLocation();
  const { permissions } = useAccountPermissions();
  const { data: metrics } = useTicketMetrics();
  const { data: voicemails } = useVoicemailStats();
  const unreadVoicemails = Number(voicemails?.unread) || 0;

  const badges: Record<string, number | undefined> = {
    tickets: metrics ? Number(metrics.total) || 0 : undefined,
    'phone-system': unreadVoicemails > 0 ? unreadVoicemails : undefined,
  };

  const renderItem = (item: NavItem) => (
    <NavLink
      key={item.id}
      item={item}
      active={isActive(item.to, pathname)}
      badge={badges[item.id]}
      onClick={onNavigate}
    />
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5, height: 64, flexShrink: 0 }}>
        <Avatar variant="rounded" sx={{ bgcolor: 'primary.main', width: 36, height: 36 }}>
          <SupportIcon fontSize="small" />
        </Avatar>
        <Box>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
            Warranty CRM
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Ticket Management
          </Typography>
        </Box>
      </Box>
      <Divider />
      <Box component="nav" aria-label="Main navigation" sx={{ flex: 1, overflowY: 'auto', px: 1.5, py: 2 }}>
        <List disablePadding sx={{ display: 'grid', gap: 0.5 }}>
          {MAIN_NAV.map(renderItem)}
        </List>
        <Divider sx={{ my: 2 }} />
        <List disablePadding sx={{ display: 'grid', gap: 0.5 }}>
          {permissions?.isAccountOwner ? renderItem(USERS_NAV) : null}
          {renderItem(SETTINGS_NAV)}
        </List>
      </Box>
      <Divider />
      <Box sx={{ p: 1.5 }}>
        {variant === 'desktop' ? (
          <SidebarUserMenu onLogout={onLogout} />
        ) : (
          <MobileAccountButtons onNavigate={onNavigate} onLogout={onLogout} />
        )}
      </Box>
    </Box>
  );
});

function NavLink({
  item,
  active,
  badge,
  onClick,
}: {
  item: NavItem;
  active: boolean;
  badge?: number;
  onClick?: () => void;
}) {
  return (
    // <li><a>: a list's children are its items (axe: list)
    <ListItem disablePadding>
      <ListItemButton
        component={Link}
        to={item.to}
        onClick={onClick}
        selected={active}
        aria-current={active ? 'page' : undefined}
        data-testid={`nav-${item.id}`}
        sx={{
          borderRadius: 2,
          py: 1,
          '&.Mui-selected': {
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            '& .MuiListItemIcon-root': { color: 'primary.contrastText' },
            '&:hover': { bgcolor: 'primary.dark' },
          },
        }}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>{item.icon}</ListItemIcon>
        <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: 500, fontSize: 14 } } }} />
        {badge !== undefined ? (
          <Chip
            size="small"
            label={badge}
            data-testid={`nav-${item.id}-badge`}
            color={active ? 'default' : item.id === 'phone-system' ? 'error' : 'primary'}
            sx={{ height: 22, fontWeight: 600, ...(active ? { bgcolor: 'common.white', color: 'primary.main' } : {}) }}
          />
        ) : null}
      </ListItemButton>
    </ListItem>
  );
}

function SidebarUserMenu({ onLogout }: { onLogout: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const { user } = useCurrentUser();
  const { permissions } = useAccountPermissions();
  const close = () => setAnchor(null);
  usePreloadWhenIdle(AccountMenu);

  return (
    <>
      <Button
        fullWidth
        color="inherit"
        onClick={event => {
          setAnchor(event.currentTarget);
          setMenuLoaded(true);
        }}
        data-testid="sidebar-user-menu"
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        sx={{ justifyContent: 'flex-start', textAlign: 'left', gap: 1.5, px: 1, py: 1, borderRadius: 2 }}
      >
        {/* primary.main, not .light: white initials on the light blue were 2.4:1 (issue 34, contrast) */}
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', color: 'common.white', fontSize: 14, fontWeight: 600 }}>
          {initials(user?.username)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {user?.username}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {permissions?.isAccountOwner ? 'Account Owner' : 'User'}
          </Typography>
        </Box>
        <UnfoldIcon fontSize="small" color="action" />
      </Button>
      {anchor || menuLoaded ? (
        <Suspense fallback={null}>
          <AccountMenu
            anchor={anchor}
            onClose={close}
            onLogout={onLogout}
            testIdPrefix="sidebar-user-menu"
            placement="above"
            width={232}
            subheader="My Account"
          />
        </Suspense>
      ) : null}
    </>
  );
}

function MobileAccountButtons({ onNavigate, onLogout }: { onNavigate?: () => void; onLogout: () => void }) {
  return (
    <Stack spacing={1}>
      <Button
        component={Link}
        to="/profile"
        onClick={onNavigate}
        variant="outlined"
        startIcon={<PersonIcon />}
        fullWidth
        data-testid="drawer-profile-button"
      >
        Profile
      </Button>
      <Button
        onClick={() => {
          onNavigate?.();
          onLogout();
        }}
        variant="outlined"
        color="error"
        startIcon={<LogoutIcon />}
        fullWidth
        data-testid="drawer-logout-button"
      >
        Log out
      </Button>
    </Stack>
  );
}
