import { Migration } from '@mikro-orm/migrations';
import { SEARCH_INDEXES_V1 as SEARCH_INDEXES } from './frozen/search-indexes-v1.js';

/**
 * Global search (issue 17): pg_trgm for substring matches on identifiers, names, e-mails and
 * digits-only phones (so "(555) 123-4567" finds "+15551234567"), full-text for descriptions and
 * transcripts. The index definitions live beside the entities that declare them.
 */
export class Migration20261124000000Search extends Migration {

  override name = 'Migration20261124000000Search';

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    for (const index of Object.values(SEARCH_INDEXES)) this.addSql(index.create);
  }

  override down(): void | Promise<void> {
    for (const index of Object.values(SEARCH_INDEXES)) this.addSql(`drop index if exists "${index.name}";`);
  }

}
