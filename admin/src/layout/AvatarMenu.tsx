import { Suspense, useState } from 'react';
import { Avatar, Box, IconButton, Typography } from '@mui/material';
import { initials } from '../lib/initials';
import { usePreloadWhenIdle } from '../lib/lazyScreen';
import { AccountMenu } from './lazyAccountMenu';
import { useCurrentUser } from '../providers/useAccount';

/** Top-bar avatar with the user's initials; menu: Profile, Settings, Log out (loaded on the first click). */
export function AvatarMenu({ onLogout }: { onLogout: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const { user } = useCurrentUser();
  const close = () => setAnchor(null);
  usePreloadWhenIdle(AccountMenu);

  return (
    <>
      <IconButton
        onClick={event => {
          setAnchor(event.currentTarget);
          setMenuLoaded(true);
        }}
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
      {anchor || menuLoaded ? (
        <Suspense fallback={null}>
          <AccountMenu
            anchor={anchor}
            onClose={close}
            onLogout={onLogout}
            testIdPrefix="avatar-menu"
            placement="below"
            width={220}
            header={
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
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}
