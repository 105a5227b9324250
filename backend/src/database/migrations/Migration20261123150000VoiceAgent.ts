import { Migration } from '@mikro-orm/migrations';

/**
 * The voice agent (issue 14): a call log keeps Retell's analysis summary of the call. Its Retell
 * call id, caller, recording, duration and transcript use the existing columns.
 */
export class Migration20261123150000VoiceAgent extends Migration {

  override name = 'Migration20261123150000VoiceAgent';

  override up(): void | Promise<void> {
    this.addSql(`alter table "call_logs" add column "call_summary" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "call_logs" drop column "call_summary";`);
  }

}
