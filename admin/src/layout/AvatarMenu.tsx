import { useState } from 'react';
import { Avatar, Box, Divider, IconButton, Menu, Typography } from '@mui/material';
import { initials } from '../lib/initials';
import { useCurrentUser } from '../providers/useAccount';
import { accountMenuItems } from './AccountMenuItems';

/** Top-bar avatar with the user's initials; menu: Profile, Settings, Log out. */
export function AvatarMenu({ onLogout }: { onLogout: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { user } = useCurrentUser();
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        onClick={event => setAnchor(event.currentTarget)}
        aria-label="Account menu"
        aria-haspopup="menu"
        data-testid="user-avatar-button"
        sx={{ p: 0.5 }}
      >
        <Avatar
          data-testid="user-avatar"
          sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: 14, fontWeight: 600 }}
        >
          {initials(user?.username)}
        </Avatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 220 } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {user?.username}
          </Typography>
          {user?.email ? (
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {user.email}
            </Typography>
          ) : null}
        </Box>
        <Divider />
        {accountMenuItems({ onClose: close, onLogout, testIdPrefix: 'avatar-menu' })}
      </Menu>
    </>
  );
}
