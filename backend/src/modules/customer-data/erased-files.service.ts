import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { JobHandler } from '../../common/jobs/job-decorators.js';
import { type JobPayload, Jobs } from '../../common/jobs/jobs.js';
import type { TenantContext } from '../../common/tenancy/tenant-runner.js';
import { TwilioClients } from '../../integrations/twilio/twilio-clients.js';
import { isTwilioRestError } from '../../integrations/twilio/twilio-errors.js';
import { TwilioAccountService } from '../organizations/twilio-account.service.js';
import { StorageService } from '../storage/storage.service.js';
import type { ErasedLeftovers } from './customer-erasure.sql.js';

export const ERASE_FILES_TASK = 'customer_data.erase_files';

interface EraseFilesPayload extends JobPayload, ErasedLeftovers {
  /** The erased customer; absent when a retention run erased the rows. */
  customerId?: string;
}

/**
 * What storage and Twilio must forget once rows that named them are erased (a customer's erasure,
 * a retention run): a job committed with the erasure deletes the files (local disk or S3, through
 * StorageService) and the recordings at Twilio.
 */
@Injectable()
export class ErasedFiles {
  private readonly logger = new Logger('ErasedFiles');

  constructor(
    private readonly jobs: Jobs,
    private readonly storage: StorageService,
    private readonly twilioAccount: TwilioAccountService,
    private readonly clients: TwilioClients,
  ) {}

  /** Queues their deletion in em's transaction (nothing when there is nothing to delete); `key` makes it once. */
  async forget(em: EntityManager, organizationId: string, leftovers: ErasedLeftovers, key: string, customerId?: string): Promise<void> {
    if (!leftovers.objectPaths.length && !leftovers.recordingSids.length) return;
    const payload: EraseFilesPayload = { organizationId, ...(customerId ? { customerId } : {}), ...leftovers };
    await this.jobs.enqueue(em, ERASE_FILES_TASK, payload, { key });
  }

  @JobHandler(ERASE_FILES_TASK, { maxAttempts: 8 })
  async eraseFiles(payload: EraseFilesPayload, { em, organizationId }: TenantContext): Promise<void> {
    for (const objectPath of payload.objectPaths) await this.storage.remove(organizationId, objectPath, em);
    if (!payload.recordingSids.length) return;
    const credentials = await this.twilioAccount.credentials(organizationId, em);
    if (!credentials) {
      this.logger.warn(`${payload.recordingSids.length} erased recording(s) stay at Twilio: the organization has no Twilio account`);
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
