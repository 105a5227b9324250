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

/** GET /api/settings: secrets only as *_set flags. */
export interface Settings {
  brands: string[];
  ticket_brand: string | null;
  ticket_fields_enabled: string[];
  retell_agent_id: string | null;
  retell_api_key_set: boolean;
  smtp_host: string | null;
  smtp_port: number;
  smtp_username: string | null;
  smtp_password_set: boolean;
  smtp_from_email: string | null;
  smtp_from_name: string | null;
  twilio_account_sid: string | null;
  twilio_auth_token_set: boolean;
  twilio_phone_number: string | null;
  updated_at: string;
}

/** PUT /api/settings: any subset; a secret is kept when omitted or "", cleared with null. */
export type SettingsPatch = Partial<{
  brands: string[];
  ticket_brand: string | null;
  ticket_fields_enabled: string[];
  retell_agent_id: string;
  retell_api_key: string | null;
  smtp_host: string;
  smtp_port: number | null;
  smtp_username: string;
  smtp_password: string | null;
  smtp_from_email: string;
  smtp_from_name: string;
}>;

export type A2pStatus = 'not_started' | 'pending_registration' | 'approved';

/** GET /api/organizations/{id}. */
export interface Organization {
  id: string;
  name: string;
  a2p_status: A2pStatus;
  twilio_subaccount_sid?: string | null;
  business_legal_name: string | null;
  business_type: string | null;
  ein_tax_id?: string | null;
  business_street: string | null;
  business_city: string | null;
  business_state: string | null;
  business_zip: string | null;
  business_country: string;
  business_website: string | null;
  business_industry: string | null;
  business_description: string | null;
  contact_first_name: string | null;
  contact_last_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  stock_exchange: string | null;
  stock_symbol: string | null;
  [key: string]: unknown;
}

export interface Product {
  id: string;
  brand: string;
  sku: string;
  product_name: string;
  sale_locations: string[];
  warranty_term: string | null;
  warranty_term_kind: 'days' | 'lifetime' | 'unknown';
  warranty_term_days: number | null;
}

export interface BrandWebhook {
  id: string;
  name: string;
  brand: string;
  created_at: string;
  retell_webhook_url: string;
  create_warranty_ticket_url: string;
}

/** GET /api/settings/retell-agent. */
export interface RetellAgentCheck {
  agent_id: string;
  agent_name: string | null;
  webhook_url: string | null;
  webhook: { id: string; name: string; brand: string } | null;
}
