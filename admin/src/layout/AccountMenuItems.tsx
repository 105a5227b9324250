import { Link } from 'react-router';
import { Divider, ListItemIcon, MenuItem } from '@mui/material';
import PersonIcon from '@mui/icons-material/PersonOutline';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';

/**
 * Profile, Settings and Log out: the entries shared by the avatar menu and the sidebar's user
 * menu, as an array because MUI's Menu wants its items as direct children. `onLogout` opens the
 * logout confirmation. Test ids are `<testIdPrefix>-profile`, `-settings` and `-logout`.
 */
export function accountMenuItems({
  onClose,
  onLogout,
  testIdPrefix,
}: {
  onClose: () => void;
  onLogout: () => void;
  testIdPrefix: string;
}) {
  return [
    <MenuItem key="profile" component={Link} to="/profile" onClick={onClose} data-testid={`${testIdPrefix}-profile`}>
      <ListItemIcon>
        <PersonIcon fontSize="small" />
      </ListItemIcon>
      Profile
    </MenuItem>,
    <MenuItem key="settings" component={Link} to="/settings" onClick={onClose} data-testid={`${testIdPrefix}-settings`}>
      <ListItemIcon>
        <SettingsIcon fontSize="small" />
      </ListItemIcon>
      Settings
    </MenuItem>,
    <Divider key="divider" />,
    <MenuItem
      key="logout"
      onClick={() => {
        onClose();
        onLogout();
      }}
      data-testid={`${testIdPrefix}-logout`}
      sx={{ color: 'error.main' }}
    >
      <ListItemIcon>
        <LogoutIcon fontSize="small" color="error" />
      </ListItemIcon>
      Log out
    </MenuItem>,
  ];
}
