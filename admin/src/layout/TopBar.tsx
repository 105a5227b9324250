import { memo, useState } from 'react';
import { AppBar, Box, IconButton, Toolbar, useMediaQuery, type Theme } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import CloseIcon from '@mui/icons-material/Close';
import { GlobalSearch } from '../components/GlobalSearch';
import { AvatarMenu } from './AvatarMenu';
import { NotificationBell } from './NotificationBell';

/**
 * Menu button (below lg), search box, notification bell, avatar menu. On phones (xs) the search is
 * a button that opens the search box in a row of its own. Memoized as the sidebar is (Sidebar.tsx).
 */
export const TopBar = memo(function TopBar({ onMenuClick, onLogout }: { onMenuClick: () => void; onLogout: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [searchOpen, setSearchOpen] = useState(false);
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar sx={{ gap: 1.5, minHeight: { xs: 64 } }}>
        <IconButton
          edge="start"
          onClick={onMenuClick}
          aria-label="Open navigation menu"
          data-testid="menu-button"
          sx={{ display: { lg: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        {phone ? null : (
          <Box sx={{ flex: 1, maxWidth: 420 }}>
            <GlobalSearch />
          </Box>
        )}
        <Box sx={{ flex: 1 }} />
        {phone ? (
          <IconButton
            onClick={() => setSearchOpen(open => !open)}
            aria-label={searchOpen ? 'Close search' : 'Search'}
            aria-expanded={searchOpen}
            data-testid="topbar-search-toggle"
          >
            {searchOpen ? <CloseIcon /> : <SearchIcon />}
          </IconButton>
        ) : null}
        <NotificationBell />
        <AvatarMenu onLogout={onLogout} />
      </Toolbar>
      {phone && searchOpen ? (
        <Box sx={{ px: 2, pb: 1.5 }} data-testid="topbar-search-row">
          <GlobalSearch />
        </Box>
      ) : null}
    </AppBar>
  );
});
