/** The signed-in user as the session API returns it. */
export interface User {
  id: string | number;
  username: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  address: string | null;
  is_account_owner: boolean;
  must_change_password: boolean;
  notification_email: string | null;
  notification_phone: string | null;
  organization_id: string | number | null;
}

export interface Credentials {
  username: string;
  password: string;
}

export interface TicketMetrics {
  total: number;
  open: number;
  pending: number;
  closedToday: number;
}

export interface VoicemailStats {
  unread: number;
}

export interface NotificationSummary {
  id: string | number;
  title: string;
  message: string;
  is_read: boolean;
  created_at: string;
}

export interface Permissions {
  isAccountOwner: boolean;
}
