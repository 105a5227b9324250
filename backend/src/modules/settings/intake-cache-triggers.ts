/**
 * The intake cache's invalidations (intake-cache.ts, Migration20261202800000IntakeCache): a change
 * of what SettingsService.ticketIntake reads NOTIFYs the channel with the organization's id at
 * commit: the intake's settings columns on "system_settings" (and its rows made or removed) here,
 * the business country on "organizations" (organization-triggers.ts).
 */
export const INTAKE_CACHE_CHANNEL = 'wcrm_intake_cache';

const SETTINGS_COLUMNS = '"ticket_brand", "warranty_response_hours", "support_response_hours", "ticket_fields_enabled"';

export const SYSTEM_SETTINGS_INTAKE_TRIGGERS = [
  {
    name: 'system_settings_intake_cache',
    events: ['insert', 'update', 'delete'],
    expression: `create trigger "system_settings_intake_cache" after insert or update of ${SETTINGS_COLUMNS} or delete on "system_settings" for each row execute function "intake_cache_changed"()`,
  },
] as const;
