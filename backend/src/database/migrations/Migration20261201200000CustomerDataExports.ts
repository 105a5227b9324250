import { Migration } from '@mikro-orm/migrations';

/** A customer's data export (issue 35): data_exports takes the kind `customer_data` (a tar.gz of JSON and files). */
export class Migration20261201200000CustomerDataExports extends Migration {

  override name = 'Migration20261201200000CustomerDataExports';

  override up(): void | Promise<void> {
    this.addSql(`alter table "data_exports" drop constraint if exists "data_exports_kind_check";`);
    this.addSql(`alter table "data_exports" add constraint "data_exports_kind_check" check ("kind" in ('tickets', 'customers', 'customer_data'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "data_exports" where "kind" = 'customer_data';`);
    this.addSql(`alter table "data_exports" drop constraint if exists "data_exports_kind_check";`);
    this.addSql(`alter table "data_exports" add constraint "data_exports_kind_check" check ("kind" in ('tickets', 'customers'));`);
  }
}
