import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { erasureConfirmed } from '@warranty-crm/contract';
import type { Actor } from '../../common/auth/actor.js';
import { isUuid } from '../../common/http/ids.js';
import { JobHandler } from '../../common/jobs/job-decorators.js';
import { type JobPayload, Jobs } from '../../common/jobs/jobs.js';
import type { TenantContext } from '../../common/tenancy/tenant-runner.js';
import { TwilioClients } from '../../integrations/twilio/twilio-clients.js';
import { isTwilioRestError } from '../../integrations/twilio/twilio-errors.js';
import { AuditLogService } from '../audit-log/audit-log.service.js';
import { TwilioAccountService } from '../organizations/twilio-account.service.js';
import { StorageService } from '../storage/storage.service.js';
import { CustomerToEraseNotFoundError, ErasureConfirmationMismatchError } from './customer-data.errors.js';
import { eraseCustomerRows, type ErasedLeftovers, lockCustomer } from './customer-erasure.sql.js';

export const ERASE_FILES_TASK = 'customer_data.erase_files';

interface EraseFilesPayload extends JobPayload, ErasedLeftovers {
  customerId: string;
}

/**
 * Erases a customer on request (issue 35, GDPR art. 17): their personal fields anonymised in one
 * transaction (customer-erasure.sql.ts says what goes and what stays), the act (never the data)
 * in the audit log, and a job, committed with it, that deletes their files from storage and their
 * recordings at Twilio.
 */
@Injectable()
export class CustomerErasureService {
  private readonly logger = new Logger('CustomerErasure');

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: Jobs,
    private readonly auditLog: AuditLogService,
    private readonly storage: StorageService,
    private readonly twilioAccount: TwilioAccountService,
    private readonly clients: TwilioClients,
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
      const payload: EraseFilesPayload = { organizationId: actor.organizationId, customerId, ...leftovers };
      await this.jobs.enqueue(em, ERASE_FILES_TASK, payload, { key: `erase:${customerId}:${Date.now()}` });
    });
  }

  /** After the commit: the files (local disk or S3, through StorageService) and the recordings at Twilio. */
  @JobHandler(ERASE_FILES_TASK, { maxAttempts: 8 })
  async eraseFiles(payload: EraseFilesPayload, { em, organizationId }: TenantContext): Promise<void> {
    for (const objectPath of payload.objectPaths) await this.storage.remove(organizationId, objectPath, em);
    if (!payload.recordingSids.length) return;
    const credentials = await this.twilioAccount.credentials(organizationId, em);
    if (!credentials) {
      this.logger.warn(`${payload.recordingSids.length} recording(s) of an erased customer stay at Twilio: the organization has no Twilio account`);
      return;
    }
    const client = this.clients.forAccount(credentials);
    for (const sid of payload.recordingSids) {
      try {
        await client.recordings(sid).remove();
      } catch (error) {
        if (isTwilioRestError(error) && error.status === 404) continue;
        throw new Error(`Deleting recording ${sid} failed: ${(error as Error).message}`);
      }
    }
  }
}
