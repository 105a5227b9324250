import type { ReactNode } from 'react';
import { Divider, ListSubheader, Menu } from '@mui/material';
import { accountMenuItems } from './AccountMenuItems';

/**
 * The account menus' popover (the top bar's avatar menu, below it; the sidebar's user menu, above
 * it): an optional header, then Profile, Settings, Log out. Loaded on the first click (issue 32: the
 * menu, its popover and items are not part of the first load).
 */
export function AccountMenu({
  anchor,
  onClose,
  onLogout,
  testIdPrefix,
  placement,
  width,
  header,
  subheader,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  onLogout: () => void;
  testIdPrefix: string;
  placement: 'below' | 'above';
  width: number;
  header?: ReactNode;
  subheader?: string;
}) {
  const below = placement === 'below';
  return (
    <Menu
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={below ? { vertical: 'bottom', horizontal: 'right' } : { vertical: 'top', horizontal: 'left' }}
      transformOrigin={below ? { vertical: 'top', horizontal: 'right' } : { vertical: 'bottom', horizontal: 'left' }}
      slotProps={{
        paper: { sx: { width } },
        ...(subheader ? { list: { subheader: <ListSubheader sx={{ lineHeight: '36px' }}>{subheader}</ListSubheader> } } : {}),
      }}
    >
      {header}
      <Divider />
      {accountMenuItems({ onClose, onLogout, testIdPrefix })}
    </Menu>
  );
}
