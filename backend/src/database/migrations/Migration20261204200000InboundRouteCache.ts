import { Migration } from '@mikro-orm/migrations';

/**
 * The inbound route cache's invalidations (issue 32, modules/phone-numbers/inbound-route-cache.ts):
 * a change of what the voice webhook reads (an organization's Twilio account and token, its numbers
 * and their greetings, its recording notice) NOTIFYs wcrm_route_cache with the organization's id at
 * commit, so each app instance drops that organization's routes. Frozen SQL.
 */
export class Migration20261204200000InboundRouteCache extends Migration {

  override name = 'Migration20261204200000InboundRouteCache';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function "inbound_route_cache_changed"() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'organizations' then
    perform pg_notify('wcrm_route_cache', old.id::text);
  else
    if tg_op <> 'INSERT' then
      perform pg_notify('wcrm_route_cache', old.organization_id::text);
    end if;
    if tg_op <> 'DELETE' then
      perform pg_notify('wcrm_route_cache', new.organization_id::text);
    end if;
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger "brand_phone_numbers_route_cache" after insert or update or delete on "brand_phone_numbers" for each row execute function "inbound_route_cache_changed"();`);
    this.addSql(`create trigger "organizations_route_cache" after update of "twilio_subaccount_sid", "twilio_subaccount_auth_token" or delete on "organizations" for each row execute function "inbound_route_cache_changed"();`);
    this.addSql(`create trigger "system_settings_route_cache" after insert or update of "recording_notice_enabled", "recording_notice_text" or delete on "system_settings" for each row execute function "inbound_route_cache_changed"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "system_settings_route_cache" on "system_settings";`);
    this.addSql(`drop trigger if exists "organizations_route_cache" on "organizations";`);
    this.addSql(`drop trigger if exists "brand_phone_numbers_route_cache" on "brand_phone_numbers";`);
    this.addSql(`drop function if exists "inbound_route_cache_changed"();`);
  }
}
