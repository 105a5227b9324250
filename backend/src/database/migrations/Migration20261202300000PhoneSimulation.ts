import { Migration } from '@mikro-orm/migrations';

/**
 * The built-in phone simulation (issue 34): while it is on, the organization's Twilio link is the
 * simulated account's (subaccount_origin 'simulated') and the link it replaced waits here, tokens
 * still sealed, to be restored when it goes off. Null when the simulation is off.
 */
export class Migration20261202300000PhoneSimulation extends Migration {

  override name = 'Migration20261202300000PhoneSimulation';

  override up(): void | Promise<void> {
    this.addSql(`alter table "organizations" add column "twilio_link_before_simulation" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "organizations" drop column if exists "twilio_link_before_simulation";`);
  }
}
