import { Migration } from '@mikro-orm/migrations';
import { DUPLICATE_INDEXES_V1 as DUPLICATE_INDEXES } from './frozen/duplicate-indexes-v1.js';

/** Duplicate claims (issue 17): a ticket's order and serial numbers looked up per organization. */
export class Migration20261124010000DuplicateClaims extends Migration {

  override name = 'Migration20261124010000DuplicateClaims';

  override up(): void | Promise<void> {
    for (const index of Object.values(DUPLICATE_INDEXES)) this.addSql(index.create);
  }

  override down(): void | Promise<void> {
    for (const index of Object.values(DUPLICATE_INDEXES)) this.addSql(`drop index if exists "${index.name}";`);
  }

}
