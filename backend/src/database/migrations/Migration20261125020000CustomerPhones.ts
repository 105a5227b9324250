import { Migration } from '@mikro-orm/migrations';
import { Logger } from '@nestjs/common';
import { normalizeCustomerPhones } from './frozen/customer-phones-v1.js';
import { CUSTOMER_RECENT_INDEX_V1 as CUSTOMER_RECENT_INDEX } from './frozen/search-indexes-v1.js';

/**
 * Customer matching at every intake (issue 17): the phones on file become E.164 in their
 * organization's country, the e-mails lower case, so a caller or a form matches them by equality.
 * Two rows of one organization whose phones are one number are both kept (never merged): the
 * row already in E.164 (else the newest) takes that form, the others keep their phone as it was
 * (logged as a warning). Also the customers' newest-first index global search walks.
 */
export class Migration20261125020000CustomerPhones extends Migration {

  override name = 'Migration20261125020000CustomerPhones';

  override async up(): Promise<void> {
    this.addSql(CUSTOMER_RECENT_INDEX.create);
    const report = await normalizeCustomerPhones((sql, params) => this.execute(sql, params));
    const logger = new Logger(this.name!);
    if (report.rewritten.length) logger.log(`${report.rewritten.length} customer phone(s) rewritten to E.164`);
    for (const kept of report.kept) {
      logger.warn(`customer ${kept.customerId} keeps phone "${kept.from}": ${kept.to} belongs to another customer of organization ${kept.organizationId}`);
    }
  }

  override down(): void | Promise<void> {
    // The numbers as first typed are not kept: only the index is undone.
    this.addSql(`drop index if exists "${CUSTOMER_RECENT_INDEX.name}";`);
  }

}
