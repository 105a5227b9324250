import { Module } from '@nestjs/common';
import { TwilioModule } from '../../integrations/twilio/twilio.module.js';
import { AuditLogModule } from '../audit-log/audit-log.module.js';
import { OrganizationsModule } from '../organizations/organizations.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { CustomerDataController } from './customer-data.controller.js';
import { CustomerErasureService } from './customer-erasure.service.js';
import { ErasedFiles } from './erased-files.service.js';
import { RetentionController } from './retention/retention.controller.js';
import { RetentionPolicyService } from './retention/retention-policy.service.js';
import { RetentionRunner } from './retention/retention-runner.service.js';

/** A customer's data (issue 35): erasure on request and retention per organization (the export is a kind of exports/). */
@Module({
  imports: [TwilioModule, OrganizationsModule, StorageModule, AuditLogModule],
  controllers: [CustomerDataController, RetentionController],
  providers: [CustomerErasureService, ErasedFiles, RetentionPolicyService, RetentionRunner],
})
export class CustomerDataModule {}
