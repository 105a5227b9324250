import { Migration } from '@mikro-orm/migrations';

/**
 * Telephony (issue 12): the organization's Voice SDK key and TwiML app, where a number came from
 * (purchased numbers are released on delete, imported ones only detached), a call log's
 * transcription state, and the call-log list's filters at scale.
 */
export class Migration20261123140000Telephony extends Migration {

  override name = 'Migration20261123140000Telephony';

  override up(): void | Promise<void> {
    this.addSql(`alter table "organizations" add column "twilio_api_key_sid" varchar(100) null, add column "twilio_api_key_secret" text null, add column "twilio_twiml_app_sid" varchar(100) null;`);
    this.addSql(`alter table "brand_phone_numbers" add column "origin" varchar(50) not null default 'purchased';`);
    this.addSql(`alter table "call_logs" add column "transcription_status" varchar(50) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "call_logs" drop column "transcription_status";`);
    this.addSql(`alter table "brand_phone_numbers" drop column "origin";`);
    this.addSql(`alter table "organizations" drop column "twilio_api_key_sid", drop column "twilio_api_key_secret", drop column "twilio_twiml_app_sid";`);
  }

}
