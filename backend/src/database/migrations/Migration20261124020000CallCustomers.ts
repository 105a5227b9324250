import { Migration } from '@mikro-orm/migrations';

/** Customer matching at intake (issue 17): a call log names the known customer who called. */
export class Migration20261124020000CallCustomers extends Migration {

  override name = 'Migration20261124020000CallCustomers';

  override up(): void | Promise<void> {
    this.addSql(`alter table "call_logs" add column "customer_id" uuid null;`);
    this.addSql(`create index "call_logs_customer_id_index" on "call_logs" ("customer_id");`);
    this.addSql(`alter table "call_logs" add constraint "call_logs_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "call_logs" drop constraint "call_logs_customer_id_foreign";`);
    this.addSql(`drop index if exists "call_logs_customer_id_index";`);
    this.addSql(`alter table "call_logs" drop column "customer_id";`);
  }

}
