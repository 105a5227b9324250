/**
 * The organizations table's triggers: each organization's ticket-number sequence is made and
 * dropped with it by the tickets module's function "organizations_ticket_numbers"
 * (tickets/ticket-number-sql.ts). Declared here, with the entity of the table they are on, so the
 * schema diff knows them and this module needs no code of the tickets module.
 */
export const ORGANIZATION_TRIGGERS = [
  { name: 'organizations_ticket_numbers_insert', events: ['insert'], expression: `create trigger "organizations_ticket_numbers_insert" after insert on "organizations" for each row execute function "organizations_ticket_numbers"()` },
  { name: 'organizations_ticket_numbers_delete', events: ['delete'], expression: `create trigger "organizations_ticket_numbers_delete" after delete on "organizations" for each row execute function "organizations_ticket_numbers"()` },
] as const;

/** A change of its Twilio account drops the organization's cached inbound routes (phone-numbers/inbound-route-cache.ts). */
export const ORGANIZATIONS_ROUTE_TRIGGERS = [
  {
    name: 'organizations_route_cache',
    events: ['update', 'delete'],
    expression: `create trigger "organizations_route_cache" after update of "twilio_subaccount_sid", "twilio_subaccount_auth_token" or delete on "organizations" for each row execute function "inbound_route_cache_changed"()`,
  },
] as const;

/** A change of the business country drops the organization's cached intake settings (settings/intake-cache-triggers.ts). */
export const ORGANIZATIONS_INTAKE_TRIGGERS = [
  {
    name: 'organizations_intake_cache',
    events: ['update'],
    expression: `create trigger "organizations_intake_cache" after update of "business_country" on "organizations" for each row execute function "intake_cache_changed"()`,
  },
] as const;
