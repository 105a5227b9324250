import type { ReactElement } from 'react';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import TicketIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import AnalyticsIcon from '@mui/icons-material/BarChartOutlined';
import PhoneIcon from '@mui/icons-material/PhoneOutlined';
import UsersIcon from '@mui/icons-material/PeopleOutline';
import CustomersIcon from '@mui/icons-material/PersonOutline';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';

export interface NavItem {
  /** Used for data-testid="nav-<id>" and "nav-<id>-badge". */
  id: string;
  label: string;
  to: string;
  icon: ReactElement;
}

export const MAIN_NAV: NavItem[] = [
  { id: 'dashboard', label: 'Dashboard', to: '/', icon: <DashboardIcon /> },
  { id: 'tickets', label: 'Tickets', to: '/tickets', icon: <TicketIcon /> },
  { id: 'customers', label: 'Customers', to: '/customers', icon: <CustomersIcon /> },
  { id: 'analytics', label: 'Analytics', to: '/analytics', icon: <AnalyticsIcon /> },
  { id: 'phone-system', label: 'Phone System', to: '/phone-system', icon: <PhoneIcon /> },
];

export const USERS_NAV: NavItem = { id: 'users', label: 'Users', to: '/users', icon: <UsersIcon /> };
export const SETTINGS_NAV: NavItem = { id: 'settings', label: 'Settings', to: '/settings', icon: <SettingsIcon /> };

export function isActive(to: string, pathname: string): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}
