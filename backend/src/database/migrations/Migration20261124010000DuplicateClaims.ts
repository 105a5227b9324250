import { Migration } from '@mikro-orm/migrations';
import { DUPLICATE_INDEXES } from '../../modules/tickets/ticket.entity.js';

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
