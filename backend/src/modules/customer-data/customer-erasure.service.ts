import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { erasureConfirmed } from '@warranty-crm/contract';
import type { Actor } from '../../common/auth/actor.js';
import { isUuid } from '../../common/http/ids.js';
import { AuditLogService } from '../audit-log/audit-log.service.js';
import { CustomerToEraseNotFoundError, ErasureConfirmationMismatchError } from './customer-data.errors.js';
import { eraseCustomerRows, lockCustomer } from './customer-erasure.sql.js';
import { ErasedFiles } from './erased-files.service.js';

export { ERASE_FILES_TASK } from './erased-files.service.js';

/**
 * Erases a customer on request (issue 35, GDPR art. 17): their personal fields anonymised in one
 * transaction (customer-erasure.sql.ts says what goes and what stays), the act (never the data)
 * in the audit log, and a job, committed with it, that deletes their files from storage and their
 * recordings at Twilio (ErasedFiles).
 */
@Injectable()
export class CustomerErasureService {
  constructor(
    private readonly em: EntityManager,
    private readonly auditLog: AuditLogService,
    private readonly files: ErasedFiles,
  ) {}

  /** `confirm` must be the customer's name as it is now (surrounding spaces aside). */
  async erase(actor: Actor, customerId: string, confirm: string): Promise<void> {
    if (!isUuid(customerId)) throw new CustomerToEraseNotFoundError();
    await this.em.transactional(async (em) => {
      const customer = await lockCustomer(em, customerId);
      if (!customer) throw new CustomerToEraseNotFoundError();
      if (!erasureConfirmed(customer.name, confirm)) throw new ErasureConfirmationMismatchError();
      const leftovers = await eraseCustomerRows(em, customerId);
      this.auditLog.record(em, actor, 'customer_erased', { subject: `customer ${customerId}` });
      await em.flush();
      await this.files.forget(em, actor.organizationId, leftovers, `erase:${customerId}:${Date.now()}`, customerId);
    });
  }
}
