/**
 * The duplicate-claim indexes as Migration20261124010000DuplicateClaims ran them, frozen so that
 * migration keeps meaning what it meant; the current ones are declared beside the Ticket entity.
 */
export const DUPLICATE_INDEXES_V1 = {
  order: {
    name: `tickets_organization_order_key_index`,
    create: `create index "tickets_organization_order_key_index" on "tickets" ("organization_id", (lower(btrim(coalesce(order_number, '')))));`,
  },
  serial: {
    name: `tickets_organization_serial_key_index`,
    create: `create index "tickets_organization_serial_key_index" on "tickets" ("organization_id", (lower(btrim(coalesce(serial_number, '')))));`,
  },
} as const;
