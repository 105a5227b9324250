/**
 * The triggers on the tickets' tables that keep ticket-analytics' rollups (its functions
 * "ticket_rollups_apply" and "ticket_status_flow_apply", ticket-analytics/rollups/rollup-triggers.ts).
 * Declared here, with the entities of the tables they are on, so the schema diff knows them and the
 * tickets module needs nothing of ticket-analytics.
 */
export const TICKETS_TRIGGERS = [
  { name: 'tickets_rollups_insert', events: ['insert'], expression: `create trigger "tickets_rollups_insert" after insert on "tickets" referencing new table as new_rows for each statement execute function "ticket_rollups_apply"()` },
  { name: 'tickets_rollups_update', events: ['update'], expression: `create trigger "tickets_rollups_update" after update on "tickets" referencing old table as old_rows new table as new_rows for each statement execute function "ticket_rollups_apply"()` },
  { name: 'tickets_rollups_delete', events: ['delete'], expression: `create trigger "tickets_rollups_delete" after delete on "tickets" referencing old table as old_rows for each statement execute function "ticket_rollups_apply"()` },
  // The Warranty analytics' claims (warranty/warranty-rollups.md, created by Migration20261130900000WarrantyResolution).
  { name: 'tickets_warranty_rollups_insert', events: ['insert'], expression: `create trigger "tickets_warranty_rollups_insert" after insert on "tickets" referencing new table as new_rows for each statement execute function "warranty_rollups_tickets_apply"()` },
  { name: 'tickets_warranty_rollups_update', events: ['update'], expression: `create trigger "tickets_warranty_rollups_update" after update on "tickets" referencing old table as old_rows new table as new_rows for each statement execute function "warranty_rollups_tickets_apply"()` },
  { name: 'tickets_warranty_rollups_delete', events: ['delete'], expression: `create trigger "tickets_warranty_rollups_delete" after delete on "tickets" referencing old table as old_rows for each statement execute function "warranty_rollups_tickets_apply"()` },
] as const;

export const STATUS_CHANGES_TRIGGERS = [
  { name: 'ticket_status_changes_rollups_insert', events: ['insert'], expression: `create trigger "ticket_status_changes_rollups_insert" after insert on "ticket_status_changes" referencing new table as new_rows for each statement execute function "ticket_status_flow_apply"()` },
  { name: 'ticket_status_changes_rollups_update', events: ['update'], expression: `create trigger "ticket_status_changes_rollups_update" after update on "ticket_status_changes" referencing old table as old_rows new table as new_rows for each statement execute function "ticket_status_flow_apply"()` },
  { name: 'ticket_status_changes_rollups_delete', events: ['delete'], expression: `create trigger "ticket_status_changes_rollups_delete" after delete on "ticket_status_changes" referencing old table as old_rows for each statement execute function "ticket_status_flow_apply"()` },
] as const;
