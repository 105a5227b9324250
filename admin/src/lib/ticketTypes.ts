/** A ticket's customer as the API returns it. */
export interface TicketCustomer {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  country?: string | null;
}

/** A ticket as GET /api/tickets and GET /api/tickets/{id} return it (snake_case). */
export interface Ticket {
  id: string;
  ticket_number: string;
  status: string;
  priority: string;
  created_at: string;
  updated_at: string;
  product_brand: string | null;
  product_model: string | null;
  product_sku?: string | null;
  serial_number?: string | null;
  order_number?: string | null;
  purchase_location: string | null;
  purchase_date: string | null;
  issue_category?: string | null;
  issue_description: string;
  issue_start_time?: string | null;
  troubleshooting_attempted?: boolean;
  troubleshooting_steps?: string | null;
  preferred_resolution?: string | null;
  contact_method?: string | null;
  injury_reported: boolean;
  property_damage: boolean;
  purchase_verified: boolean;
  under_warranty?: boolean | null;
  warranty_days_left?: number | null;
  customer: TicketCustomer | null;
}

/** A call on the ticket detail (GET /api/tickets/{id}/call-logs). */
export interface TicketCallLog {
  id: string;
  created_at: string;
  call_duration: number | null;
  recording_url: string | null;
  transcription: string | null;
  from_phone: string | null;
  caller_name?: string | null;
  call_type?: string;
}
