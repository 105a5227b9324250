/**
 * The triggers on warranty_claims that keep the Warranty analytics' rollups ("warranty_rollups_claims_apply",
 * created by Migration20261130900000WarrantyResolution); the tickets' own are in tickets/ticket-triggers.ts.
 */
export const WARRANTY_CLAIMS_TRIGGERS = [
  { name: 'warranty_claims_rollups_insert', events: ['insert'], expression: `create trigger "warranty_claims_rollups_insert" after insert on "warranty_claims" referencing new table as new_rows for each statement execute function "warranty_rollups_claims_apply"()` },
  { name: 'warranty_claims_rollups_update', events: ['update'], expression: `create trigger "warranty_claims_rollups_update" after update on "warranty_claims" referencing old table as old_rows new table as new_rows for each statement execute function "warranty_rollups_claims_apply"()` },
  { name: 'warranty_claims_rollups_delete', events: ['delete'], expression: `create trigger "warranty_claims_rollups_delete" after delete on "warranty_claims" referencing old table as old_rows for each statement execute function "warranty_rollups_claims_apply"()` },
] as const;
