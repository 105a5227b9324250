import { Migration } from '@mikro-orm/migrations';

/**
 * The intake cache's invalidations (issue 32, modules/settings/intake-cache.ts): a change of an
 * organization's intake settings (its ticket brand, response hours and questions) or of its
 * business country NOTIFYs wcrm_intake_cache with the organization's id at commit, so each app
 * instance drops what it cached. Frozen SQL.
 */
export class Migration20261202800000IntakeCache extends Migration {

  override name = 'Migration20261202800000IntakeCache';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function "intake_cache_changed"() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'organizations' then
    perform pg_notify('wcrm_intake_cache', new.id::text);
  elsif tg_op = 'DELETE' then
    perform pg_notify('wcrm_intake_cache', old.organization_id::text);
  else
    perform pg_notify('wcrm_intake_cache', new.organization_id::text);
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger "system_settings_intake_cache" after insert or update of "ticket_brand", "warranty_response_hours", "support_response_hours", "ticket_fields_enabled" or delete on "system_settings" for each row execute function "intake_cache_changed"();`);
    this.addSql(`create trigger "organizations_intake_cache" after update of "business_country" on "organizations" for each row execute function "intake_cache_changed"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "organizations_intake_cache" on "organizations";`);
    this.addSql(`drop trigger if exists "system_settings_intake_cache" on "system_settings";`);
    this.addSql(`drop function if exists "intake_cache_changed"();`);
  }
}
