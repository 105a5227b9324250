import { AppBar, Box, IconButton, InputAdornment, TextField, Toolbar } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import { AvatarMenu } from './AvatarMenu';
import { NotificationBell } from './NotificationBell';

/** Menu button (below lg), search box (hidden on xs), notification bell, avatar menu. */
export function TopBar({ onMenuClick, onLogout }: { onMenuClick: () => void; onLogout: () => void }) {
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
        <Box sx={{ display: { xs: 'none', sm: 'block' }, flex: 1, maxWidth: 420 }}>
          <TextField
            size="small"
            fullWidth
            placeholder="Search tickets, customers..."
            aria-label="Search"
            slotProps={{
              htmlInput: { 'data-testid': 'search-input' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        <Box sx={{ flex: 1 }} />
        <NotificationBell />
        <AvatarMenu onLogout={onLogout} />
      </Toolbar>
    </AppBar>
  );
}
