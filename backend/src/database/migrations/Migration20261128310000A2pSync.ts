import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 26: the A2P registration's status is read from Twilio on a schedule; a failed one keeps
 * Twilio's reason. Nullable columns without a default: adding them rewrites no organization.
 */
export class Migration20261128310000A2pSync extends Migration {

  override name = 'Migration20261128310000A2pSync';

  override up(): void | Promise<void> {
    this.addSql(`alter table "organizations" add column "a2p_failure_reason" text null, add column "a2p_checked_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`update "organizations" set "a2p_status" = 'pending_registration' where "a2p_status" = 'failed';`);
    this.addSql(`alter table "organizations" drop column "a2p_failure_reason", drop column "a2p_checked_at";`);
  }

}
